/**
 * Writing dist/ safely: the files are written, as the build makes them, to a
 * temporary folder next to dist/, which replaces dist/ only when the build
 * commits; an abort, or any failure, leaves the previous dist/ as it was.
 * Large builds write on a worker thread, so that storing one group of files
 * (kernel time: about 3 s for the 32,000 files of 10,000 platforms) overlaps
 * with computing the next (docs/performance.md).
 */
import { renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { EmittedFile } from './emit/open-data.js';
import { ChangeHistorySchema } from './emit/changes.js';
import type { PreviousBuild } from './emit/dist-files.js';
import { PlatformRecordSchema } from '../runtime/contract/api-schemas.js';
import { startPipelineWorker } from './worker-threads.js';
import { END_OF_FILES, writeFilesUnder, type WriteBatch, type WriteReply } from './write-files.js';

/** Fewest platforms for which a writer thread pays for its start (about 0.3 s). */
export const WRITER_THREAD_MIN_PLATFORMS = 1_000;

/** Characters (or bytes) of file contents per message to the writer thread. */
const BATCH_SIZE = 16 * 1024 * 1024;

/** A build's output on its way into dist/: write groups of files, then commit or abort. */
export class DistWriter {
  private readonly made = new Set<string>();
  /** The folder being written: `.dist-tmp-<pid>` next to dist/ (same file system, so the swap is a rename). */
  private readonly tmp: string;
  private readonly worker: Worker | null;
  private readonly finished: Promise<void> | null;

  /**
   * Starts writing into `.dist-tmp-<pid>` next to `distDir` (removing a leftover one).
   * @param onThread write on a worker thread (see WRITER_THREAD_MIN_PLATFORMS), else on this one
   */
  constructor(
    private readonly distDir: string,
    onThread: boolean,
  ) {
    this.tmp = path.join(path.dirname(distDir), `.dist-tmp-${process.pid}`);
    rmSync(this.tmp, { recursive: true, force: true });
    this.worker = onThread ? startPipelineWorker(new URL('./write-worker.ts', import.meta.url), { root: this.tmp }) : null;
    this.finished = this.worker
      ? new Promise<void>((resolve, reject) => {
          this.worker!.once('error', reject);
          this.worker!.once('message', (reply: WriteReply) => (reply.error === undefined ? resolve() : reject(new Error(`writing ${this.tmp}: ${reply.error}`))));
        })
      : null;
    // a failure is reported by commit(); until then it must not count as unhandled
    this.finished?.catch(() => undefined);
  }

  /**
   * Writes the files (on the writer thread: copies their contents to it and returns at once;
   * the thread encodes the text, so that work leaves the thread making the files).
   * @throws Error from the file system when writing on this thread
   */
  write(files: readonly EmittedFile[]): void {
    if (!this.worker) return writeFilesUnder(this.tmp, files, this.made);
    let batch: WriteBatch['files'] = [];
    let size = 0;
    const send = () => {
      this.worker!.postMessage({ files: batch } satisfies WriteBatch);
      batch = [];
      size = 0;
    };
    for (const f of files) {
      batch.push({ path: f.path, contents: f.contents });
      size += typeof f.contents === 'string' ? f.contents.length : f.contents.byteLength;
      if (size >= BATCH_SIZE) send();
    }
    if (batch.length) send();
  }

  /**
   * Waits until every file is written, then replaces dist/ with the new folder by renames
   * (the previous dist/ is removed only after the new one is in place).
   * @throws Error when a write failed (the new folder is removed, dist/ is left as it was)
   */
  async commit(): Promise<void> {
    const old = path.join(path.dirname(this.distDir), `.dist-old-${process.pid}`);
    try {
      if (this.worker) {
        this.worker.postMessage(END_OF_FILES);
        await this.finished;
      }
      rmSync(old, { recursive: true, force: true });
      let hadDist = true;
      try {
        renameSync(this.distDir, old);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        hadDist = false;
      }
      renameSync(this.tmp, this.distDir);
      if (hadDist) rmSync(old, { recursive: true, force: true });
    } finally {
      await this.abort();
    }
  }

  /** Stops writing and removes the new folder; dist/ is left as it was. Safe to call more than once. */
  async abort(): Promise<void> {
    await this.worker?.terminate();
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

/**
 * The previous build's records (open-data/platforms.json) and change history (open-data/changes.json),
 * the baseline of the change feed. A missing or unreadable file counts as absent: the records then
 * make a first-build entry, and a lost history starts again.
 */
export async function readPreviousBuild(distDir: string): Promise<PreviousBuild | null> {
  const read = async <T>(file: string, parse: (value: unknown) => T): Promise<T | null> => {
    try {
      return parse(JSON.parse(await readFile(path.join(distDir, file), 'utf8')));
    } catch {
      return null;
    }
  };
  const records = await read('open-data/platforms.json', (v) => PlatformRecordSchema.array().parse((v as { platforms?: unknown }).platforms));
  const history = await read('open-data/changes.json', (v) => ChangeHistorySchema.parse(v));
  return records === null && history === null ? null : { records, history };
}
