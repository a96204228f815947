/**
 * What `npm start` does before it serves: builds dist/ when it is missing, has no build manifest, older than any
 * file in sources/, pipeline/ or runtime/, or built for another base URL than the one it will be served at
 * (startBaseUrl); bundles the runtime to plain JavaScript
 * (build/runtime/, scripts/bundles.ts) when that is missing or older than runtime/. The
 * bundled runtime starts in about half the time and memory of the TypeScript sources under
 * tsx (docs/performance.md). Exit code: the failing step's, else 0.
 */
import { readFile } from 'node:fs/promises';
import { parse as loadYaml } from 'yaml';
import { isLocalHost } from '../runtime/domain/contract/urls.js';
import path from 'node:path';
import { main as pipeline } from '../pipeline/cli.js';
import { DEFAULT_DIST_DIR, DEFAULT_SOURCES_DIR, PROJECT_ROOT } from '../pipeline/paths.js';
import { DIST_LAYOUT } from '../runtime/domain/contract/dist-layout.js';
import { BUILD_MANIFEST_FILE } from '../runtime/domain/contract/build-manifest.js';
import { bundleIfStale, mtime, newest, RUNTIME_BUNDLE } from './bundles.js';

/**
 * The base URL `npm start` serves at: BASE_URL when set; else sources/site.yaml's base_url, on
 * PORT when that names a local host and PORT is set (not 0), so the links the build writes
 * (pages, API bodies, problem types, manifests) point at the port that serves them.
 */
export async function startBaseUrl(): Promise<string> {
  const configured = process.env.BASE_URL?.trim().replace(/\/+$/, '');
  if (configured) return configured;
  const site = loadYaml(await readFile(path.join(DEFAULT_SOURCES_DIR, 'site.yaml'), 'utf8')) as { base_url?: unknown };
  const base = String(site.base_url ?? '').replace(/\/+$/, '');
  const port = process.env.PORT?.trim();
  if (!port || port === '0' || !/^\d+$/.test(port) || !isLocalHost(base)) return base;
  const url = new URL(base);
  url.port = port;
  return url.toString().replace(/\/+$/, '');
}

/** Why dist/ must be built, or null when it is current. */
export async function distBuildReason(): Promise<string | null> {
  const modelFile = path.join(DEFAULT_DIST_DIR, DIST_LAYOUT.runtimeModel);
  const built = mtime(modelFile);
  if (built === null) return 'dist/ is missing';
  if (mtime(path.join(DEFAULT_DIST_DIR, BUILD_MANIFEST_FILE)) === null) return 'dist/ has no build manifest (built by an older version)';
  if ((await newest(['**/*'], DEFAULT_SOURCES_DIR)) > built) return 'sources/ changed since the last build';
  // a newer pipeline or runtime may write or read files an older build does not have
  if ((await newest(['pipeline/**/*', 'runtime/**/*'], PROJECT_ROOT)) > built) return 'the pipeline or runtime changed since the last build';
  const model = JSON.parse(await readFile(modelFile, 'utf8')) as { site?: { base_url?: string } };
  if (model.site?.base_url !== (await startBaseUrl())) return `dist/ was built for another base URL (${model.site?.base_url})`;
  return null;
}

/** Builds dist/ when distBuildReason says so; returns the pipeline's exit code (0 when nothing was needed). */
export async function buildDistIfNeeded(): Promise<number> {
  const reason = await distBuildReason();
  if (!reason) return 0;
  process.stdout.write(`${reason}: building\n`);
  process.env.BASE_URL = await startBaseUrl();
  return pipeline(['build', '--quiet']);
}

/** Bundles runtime/ into build/runtime/ (scripts/bundles.ts) when the bundle is missing or older than a runtime source or the lock file. */
export async function compileRuntimeIfNeeded(): Promise<void> {
  if (await bundleIfStale(RUNTIME_BUNDLE)) process.stdout.write('bundled runtime/ into build/runtime/\n');
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
