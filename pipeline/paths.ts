/** Default folders of the project. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder at or above `dir` that holds a package.json: the project root, both from
 * the TypeScript sources (pipeline/) and from the bundled pipeline (build/pipeline/, where this
 * module is part of a chunk).
 * @throws Error when no folder up to the file system's root holds one
 */
function projectRootFrom(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'package.json'))) return at;
    if (path.dirname(at) === at) throw new Error(`no package.json at or above ${dir}`);
  }
}

export const PROJECT_ROOT = projectRootFrom(path.dirname(fileURLToPath(import.meta.url)));
export const DEFAULT_SOURCES_DIR = path.join(PROJECT_ROOT, 'sources');
export const DEFAULT_DIST_DIR = path.join(PROJECT_ROOT, 'dist');
/** Per-commit cache of the history of sources/ (pipeline/history/history-cache.ts); not committed. */
export const DEFAULT_HISTORY_CACHE_DIR = path.join(PROJECT_ROOT, '.cache/source-history');
