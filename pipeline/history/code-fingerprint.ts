/**
 * A fingerprint of the code that derives history from the sources: the history cache's entries
 * (./history-cache.ts) are kept under it, so a build whose scoring or change rules differ from the
 * build that filled the cache computes every commit again instead of publishing scores made by
 * older rules. A hand-bumped format constant missed scoring changes before: a local build served
 * a commit's score as 88.1 where a build without the cache, from the same sources, gave 73.8.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../paths.js';

/**
 * The SHA-256 (hex, first 16 characters) of the files under `roots` whose names end with one of
 * `extensions`, by their path relative to `base` and their bytes, in a fixed order. A folder
 * that does not exist adds nothing.
 */
export function fingerprintOf(base: string, roots: readonly string[], extensions: readonly string[]): string {
  const hash = createHash('sha256');
  const files = roots.flatMap((root) => listFiles(path.join(base, root))).filter((f) => extensions.some((e) => f.endsWith(e)));
  for (const file of files.sort())
    hash
      .update(`${path.relative(base, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Every file under `dir`, recursively; none when it does not exist. */
function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

let running: string | undefined;

/**
 * The fingerprint of the pipeline running now: its bundle (build/pipeline/*.js, what `npm run build`
 * runs) when it runs from there, else its TypeScript sources (pipeline/ and runtime/domain/, which the
 * bundle is made of). Made once per process (about 250 files read).
 */
export function runningCodeFingerprint(): string {
  if (running === undefined) {
    const bundled = !path.relative(path.join(PROJECT_ROOT, 'build'), fileURLToPath(import.meta.url)).startsWith('..');
    running = bundled ? fingerprintOf(PROJECT_ROOT, ['build/pipeline'], ['.js']) : fingerprintOf(PROJECT_ROOT, ['pipeline', 'runtime/domain'], ['.ts']);
  }
  return running;
}
