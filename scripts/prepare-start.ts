/**
 * What `npm start` does before it serves: builds dist/ when it is missing, older than any
 * file in sources/, or built for another BASE_URL; bundles the runtime to plain JavaScript
 * (build/runtime/, scripts/build-runtime.ts) when that is missing or older than runtime/. The
 * bundled runtime starts in about half the time and memory of the TypeScript sources under
 * tsx (docs/performance.md). Exit code: the failing step's, else 0.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { main as pipeline } from '../pipeline/cli.js';
import { DEFAULT_DIST_DIR, DEFAULT_SOURCES_DIR, PROJECT_ROOT } from '../pipeline/paths.js';
import { DIST_LAYOUT } from '../runtime/bundle.js';
import { buildRuntime, RUNTIME_ENTRY } from './build-runtime.js';

/** Newest modification time (ms) among the files matched by `pattern` under `cwd`, 0 when none. */
async function newest(pattern: string, cwd: string): Promise<number> {
  const files = await fg(pattern, { cwd, absolute: true, stats: true });
  return Math.max(0, ...files.map((f) => f.stats?.mtimeMs ?? 0));
}

/** Modification time (ms) of a file, or null when it is missing. */
async function mtime(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/** Why dist/ must be built, or null when it is current. */
export async function distBuildReason(): Promise<string | null> {
  const modelFile = path.join(DEFAULT_DIST_DIR, DIST_LAYOUT.runtimeModel);
  const built = await mtime(modelFile);
  if (built === null) return 'dist/ is missing';
  if ((await newest('**/*', DEFAULT_SOURCES_DIR)) > built) return 'sources/ changed since the last build';
  const baseUrl = process.env.BASE_URL?.replace(/\/+$/, '');
  if (baseUrl) {
    const model = JSON.parse(await readFile(modelFile, 'utf8')) as { site?: { base_url?: string } };
    if (model.site?.base_url !== baseUrl) return `dist/ was built for another BASE_URL`;
  }
  return null;
}

/** Builds dist/ when distBuildReason says so; returns the pipeline's exit code (0 when nothing was needed). */
export async function buildDistIfNeeded(): Promise<number> {
  const reason = await distBuildReason();
  if (!reason) return 0;
  process.stdout.write(`${reason}: building\n`);
  return pipeline(['build', '--quiet']);
}

/** Bundles runtime/ into build/runtime/ (scripts/build-runtime.ts) when the bundle is missing or older than a runtime source or the lock file. */
export async function compileRuntimeIfNeeded(): Promise<void> {
  const compiled = await mtime(RUNTIME_ENTRY);
  const sources = Math.max(await newest('runtime/**/*', PROJECT_ROOT), (await mtime(path.join(PROJECT_ROOT, 'package-lock.json'))) ?? 0);
  if (compiled !== null && compiled >= sources) return;
  process.stdout.write('bundling runtime/ into build/runtime/\n');
  await buildRuntime();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(PROJECT_ROOT, 'scripts/prepare-start.ts')) {
  buildDistIfNeeded()
    .then(async (code) => {
      if (code === 0) await compileRuntimeIfNeeded();
      process.exit(code);
    })
    .catch((error: unknown) => {
      process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
