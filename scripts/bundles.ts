/**
 * The two plain-JavaScript bundles made with esbuild (types are checked by `npm test`, tsc --noEmit):
 * - the runtime (`npm run build:runtime`; `npm start` makes it when stale): build/runtime/main.js,
 *   and a chunk loaded on the first POST /mcp (the MCP SDK). One bundled file starts faster than
 *   about 150 separate modules (compiled file by file: about 280 ms to the first answer; bundled:
 *   about 230 ms; under tsx: about 500 ms; docs/performance.md). ioredis stays outside the bundle
 *   (loaded with createRequire only when REDIS_URL is set).
 * - the pipeline (`npm run build` and `npm run check` make it when stale): build/pipeline/cli.js and
 *   its worker threads' entries (parse-worker.js, write-worker.js; see pipeline/worker-threads.ts).
 *   Under tsx, the main thread and each worker thread compile the TypeScript again on every build
 *   (about 0.6 s of a 10,000-platform build; docs/performance.md).
 *
 *   tsx scripts/bundles.ts runtime|pipeline [--if-stale]
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import fg from 'fast-glob';
import { PROJECT_ROOT } from '../pipeline/paths.js';

/** A bundle: where it goes, its entries (output name -> TypeScript source) and the source folders it is made from. */
export interface BundleTarget {
  outdir: string;
  entries: Record<string, string>;
  /** Folders (under the project root) whose files the bundle is made from, for the staleness check. */
  from: readonly string[];
}

/** The runtime: `npm start` serves build/runtime/main.js. */
export const RUNTIME_BUNDLE: BundleTarget = {
  outdir: path.join(PROJECT_ROOT, 'build/runtime'),
  entries: { main: 'runtime/server/main.ts' },
  from: ['runtime'],
};

/** The pipeline: `npm run build` and `npm run check` run build/pipeline/cli.js. */
export const PIPELINE_BUNDLE: BundleTarget = {
  outdir: path.join(PROJECT_ROOT, 'build/pipeline'),
  entries: { cli: 'pipeline/cli.ts', 'parse-worker': 'pipeline/load/parse-worker.ts', 'write-worker': 'pipeline/write/write-worker.ts' },
  // the pipeline imports the shared domain (schemas, scoring, layout, pages), never the server
  from: ['pipeline', 'runtime/domain'],
};

/** The bundled runtime's entry (what `npm start` runs). */
export const RUNTIME_ENTRY = path.join(RUNTIME_BUNDLE.outdir, 'main.js');

/**
 * zod's locale index (error messages in some 50 languages, about 430 KB of the bundle) reduced
 * to English, the only one used (zod's default): about 7 ms less to load at every start.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * Bundles `target` into its folder (replacing what was there).
 * @throws Error with esbuild's messages when the bundle cannot be made
 */
export async function bundle(target: BundleTarget): Promise<void> {
  rmSync(target.outdir, { recursive: true, force: true }); // chunk names carry a hash: old ones would pile up
  await build({
    entryPoints: Object.fromEntries(Object.entries(target.entries).map(([name, file]) => [name, path.join(PROJECT_ROOT, file)])),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    outdir: target.outdir,
    // loaded only when their setting is on (REDIS_URL, METRICS_PORT), from node_modules as they are
    external: ['ioredis', 'prom-client'],
    // CommonJS dependencies (pino, ...) call require() for Node's built-in modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [zodEnglishOnly],
    logLevel: 'warning',
  });
}

/**
 * The node flags an npm script of package.json gives a bundled entry (e.g. `start` and
 * `build/runtime/main.js`), so that the bench and the soak run it as the script does.
 * @returns [] when the script runs the entry without flags (or does not run it)
 */
export function npmScriptNodeFlags(script: string, entry: string): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const flags = new RegExp(`node ((?:--\\S+ )*)${entry.replace(/[./]/g, '\\$&')}`).exec(scripts[script] ?? '')?.[1] ?? '';
  return flags.split(' ').filter(Boolean);
}

/** Modification time (ms) of a file, or null when it is missing. */
export function mtime(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** Newest modification time (ms) among the files matched by `patterns` under `cwd`, 0 when none. */
export async function newest(patterns: string[], cwd: string): Promise<number> {
  const files = await fg(patterns, { cwd, absolute: true, stats: true });
  return Math.max(0, ...files.map((f) => f.stats?.mtimeMs ?? 0));
}

/** Whether `target` is missing or older than a file it is made from (or the lock file). */
async function isStale(target: BundleTarget): Promise<boolean> {
  const made = Math.min(...Object.keys(target.entries).map((name) => mtime(path.join(target.outdir, `${name}.js`)) ?? 0));
  if (made === 0) return true;
  const sources = await newest(
    target.from.map((dir) => `${dir}/**/*`),
    PROJECT_ROOT,
  );
  return Math.max(sources, mtime(path.join(PROJECT_ROOT, 'package-lock.json')) ?? 0) > made;
}

/** Bundles `target` when it is missing or stale; returns whether it did. */
export async function bundleIfStale(target: BundleTarget): Promise<boolean> {
  if (!(await isStale(target))) return false;
  await bundle(target);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(PROJECT_ROOT, 'scripts/bundles.ts')) {
  const [name, flag] = process.argv.slice(2);
  const target = name === 'runtime' ? RUNTIME_BUNDLE : name === 'pipeline' ? PIPELINE_BUNDLE : null;
  if (!target || (flag !== undefined && flag !== '--if-stale')) {
    process.stderr.write('usage: tsx scripts/bundles.ts runtime|pipeline [--if-stale]\n');
    process.exit(2);
  }
  (flag ? bundleIfStale(target) : bundle(target).then(() => true)).then(
    (made) => {
      if (made) process.stderr.write(`bundled ${name} into ${path.relative(PROJECT_ROOT, target.outdir)}/\n`);
    },
    (error: unknown) => {
      process.stderr.write(`bundling ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
