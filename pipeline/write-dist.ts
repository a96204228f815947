/**
 * Writing dist/ safely: the files (already checked, see validate-output.ts) are
 * written to a temporary folder next to dist/, and only then swapped in. Any
 * failure leaves the previous dist/ as it was.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmittedFile } from './emit/open-data.js';
import { ChangeHistorySchema } from './emit/changes.js';
import type { PreviousBuild } from './emit/dist-files.js';
import { PlatformRecordSchema } from '../runtime/contract/api-schemas.js';

/**
 * Writes the files to `<dist>.tmp-<pid>`, then replaces `dist` with it by renames.
 * The previous dist/ is only removed after the new one is in place.
 * File operations are synchronous on purpose: a build writes tens of thousands of small
 * files, and one thread-pool round trip each was most of the time of writing them
 * (32,000 files: about 0.5 s synchronously, 3 s or more through fs/promises).
 */
export async function swapIntoDist(distDir: string, files: readonly EmittedFile[]): Promise<void> {
  const parent = path.dirname(distDir);
  const tmp = path.join(parent, `.dist-tmp-${process.pid}`);
  const old = path.join(parent, `.dist-old-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  try {
    const dirs = new Set(files.map((f) => path.dirname(path.join(tmp, f.path))));
    for (const d of [...dirs].sort()) mkdirSync(d, { recursive: true });
    for (const f of files) writeFileSync(path.join(tmp, f.path), f.bytes);
    rmSync(old, { recursive: true, force: true });
    let hadDist = true;
    try {
      renameSync(distDir, old);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      hadDist = false;
    }
    renameSync(tmp, distDir);
    if (hadDist) rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
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
