/**
 * Storing output files under a folder, on the main thread or on the writer
 * thread (write-worker.ts): the part of writing dist/ both share.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sha256Hex, type BuildManifest } from '../../runtime/domain/contract/build-manifest.js';
import type { FileContents } from '../emit/open-data.js';
import { compressedCopies } from './compressed-copies.js';

/** Files for the writer thread (copied to it by postMessage: text as text, encoded there). */
export interface WriteBatch {
  files: Array<{ path: string; contents: FileContents }>;
}

/** The writer thread's answer to END_OF_FILES: done with the manifest entries of what it wrote, or the first error that stopped it. */
export type WriteReply = { done: true; files: BuildManifest['files']; error?: undefined } | { error: string; done?: undefined };

/** The message after the last batch. */
export const END_OF_FILES = 'end';

/**
 * Writes each file at `root/<path>` (text as UTF-8), making folders as needed (`made` remembers the ones made),
 * with the compressed copies of a static file next to it (compressed-copies.ts), and records the size and SHA-256
 * of each in `written` (the build manifest's entries).
 * Synchronous on purpose: one thread-pool round trip per file was most of the time of writing
 * tens of thousands of small files (32,000 files: about 0.5 s synchronously, 3 s or more through fs/promises).
 * @throws Error from the file system (e.g. ENOSPC)
 */
export function writeFilesUnder(
  root: string,
  files: Iterable<{ path: string; contents: FileContents }>,
  made: Set<string>,
  written: BuildManifest['files'],
): void {
  for (const f of files) {
    const full = path.join(root, f.path);
    const dir = path.dirname(full);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    const bytes = typeof f.contents === 'string' ? Buffer.from(f.contents, 'utf8') : f.contents;
    writeFileSync(full, bytes);
    written[f.path] = { bytes: bytes.byteLength, sha256: sha256Hex(bytes) };
    for (const [copyPath, copy] of compressedCopies(f.path, bytes)) {
      writeFileSync(path.join(root, copyPath), copy);
      written[copyPath] = { bytes: copy.byteLength, sha256: sha256Hex(copy) };
    }
  }
}
