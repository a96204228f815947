/**
 * Writing dist/ safely: the files are written, as the build makes them, to a
 * build folder of their own next to dist/ (`.dist-build-<pid>-<random>`), with
 * `build-manifest.json` (every file's size and SHA-256) written last. dist/ is a
 * symbolic link to the current build folder, and the build commits by replacing
 * that link with one rename, a single atomic step: a build killed at any moment
 * leaves dist/ pointing at a complete build, old or new. An abort, or any failure,
 * leaves dist/ as it was. The previous build folder is kept, and so is every folder a
 * running runtime marked as the one it serves (`.served-by-<pid>`: it reads its pages
 * from it until it reloads; runtime/server/dist-lease.ts); older ones, and those left by
 * killed builds, are removed by the next build. A dist/ that is a plain folder (made before
 * this layout) is moved aside once, on the first commit.
 * Large builds write on a worker thread, so that storing one group of files
 * (kernel time: about 3 s for the 32,000 files of 10,000 platforms) overlaps
 * with computing the next (docs/performance.md).
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../runtime/domain/contract/build-manifest.js';
import { servedByPid } from '../../runtime/domain/contract/dist-layout.js';
import type { EmittedFile } from '../emit/open-data.js';
import { startPipelineWorker } from '../worker-threads.js';
import { END_OF_FILES, writeFilesUnder, type WriteBatch, type WriteReply } from './write-files.js';

/** Fewest platforms for which a writer thread pays for its start (about 0.3 s). */
export const WRITER_THREAD_MIN_PLATFORMS = 1_000;

/** Characters (or bytes) of file contents per message to the writer thread. */
const BATCH_SIZE = 16 * 1024 * 1024;

/** Folders and links next to dist/ that builds make: `.<dist>-build-<pid>-<hex>`, `.<dist>-link-<pid>-<hex>`, and the older `.dist-tmp-<pid>` / `.dist-old-<pid>`. */
function buildEntryPid(name: string, base: string): number | undefined {
  const match = new RegExp(`^\\.(?:${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(?:build|link)|dist-tmp|dist-old)-(\\d+)(?:-[0-9a-z]+)?$`).exec(name);
  return match ? Number(match[1]) : undefined;
}

/** True when a process with this id runs (a build in progress owns its folder). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `folder` holds the `.served-by-<pid>` mark of a running runtime (runtime/server/dist-lease.ts). */
function servedByRunning(folder: string): boolean {
  try {
    return readdirSync(folder).some((name) => {
      const pid = servedByPid(name);
      return pid !== undefined && running(pid);
    });
  } catch {
    return false; // a link or a file, not a folder
  }
}

/** The build folder (a name next to dist/) a dist/ link points at, or undefined when dist/ is no link. */
function linkTarget(distDir: string): string | undefined {
  try {
    return path.basename(readlinkSync(distDir));
  } catch {
    return undefined;
  }
}

/** A build's output on its way into dist/: write groups of files, then commit or abort. */
export class DistWriter {
  private readonly made = new Set<string>();
  private readonly written: BuildManifest['files'] = {};
  /** The build folder being written, next to dist/ (same file system). */
  private readonly folder: string;
  private readonly worker: Worker | null;
  private readonly finished: Promise<BuildManifest['files']> | null;

  /**
   * Starts writing into a new build folder next to `distDir`.
   * @param onThread write on a worker thread (see WRITER_THREAD_MIN_PLATFORMS), else on this one
   */
  constructor(
    private readonly distDir: string,
    onThread: boolean,
  ) {
    this.folder = path.join(path.dirname(distDir), `.${path.basename(distDir)}-build-${process.pid}-${randomBytes(4).toString('hex')}`);
    this.worker = onThread ? startPipelineWorker(new URL('./write-worker.ts', import.meta.url), { root: this.folder }) : null;
    this.finished = this.worker
      ? new Promise<BuildManifest['files']>((resolve, reject) => {
          this.worker!.once('error', reject);
          this.worker!.once('message', (reply: WriteReply) =>
            reply.error === undefined ? resolve(reply.files) : reject(new Error(`writing ${this.folder}: ${reply.error}`)),
          );
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
    if (!this.worker) return writeFilesUnder(this.folder, files, this.made, this.written);
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
   * Waits until every file is written, writes the build manifest, then points dist/ at the new
   * build folder with one rename, and removes build folders no longer needed.
   * @throws Error when a write failed (the new folder is removed, dist/ is left as it was)
   */
  async commit(): Promise<void> {
    const parent = path.dirname(this.distDir);
    const base = path.basename(this.distDir);
    let committed = false;
    try {
      const files = this.worker ? (this.worker.postMessage(END_OF_FILES), await this.finished!) : this.written;
      const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      writeFileSync(path.join(this.folder, BUILD_MANIFEST_FILE), `${JSON.stringify({ files: sorted } satisfies BuildManifest)}\n`);
      let previous = linkTarget(this.distDir);
      if (previous === undefined && lstatExists(this.distDir)) {
        // a dist/ folder from before build folders: moved aside once, kept as the previous build
        previous = `.${base}-build-${process.pid}-legacy`;
        renameSync(this.distDir, path.join(parent, previous));
      }
      const link = path.join(parent, `.${base}-link-${process.pid}-${randomBytes(4).toString('hex')}`);
      symlinkSync(path.basename(this.folder), link, 'dir');
      renameSync(link, this.distDir); // the one step that changes what dist/ is
      committed = true;
      this.prune(parent, base, new Set([path.basename(this.folder), ...(previous ? [previous] : [])]));
    } finally {
      if (!committed) await this.abort();
      else await this.worker?.terminate();
    }
  }

  /** Removes build folders and links next to dist/ other than `keep`, except those of builds still running. */
  private prune(parent: string, base: string, keep: ReadonlySet<string>): void {
    for (const name of readdirSync(parent)) {
      const pid = buildEntryPid(name, base);
      if (pid === undefined || keep.has(name) || (pid !== process.pid && running(pid)) || servedByRunning(path.join(parent, name))) continue;
      rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  }

  /** Stops writing and removes the new folder; dist/ is left as it was. Safe to call more than once. */
  async abort(): Promise<void> {
    await this.worker?.terminate();
    rmSync(this.folder, { recursive: true, force: true });
  }
}

/** True when something (a file, folder or link) is at `file`. */
function lstatExists(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
}
