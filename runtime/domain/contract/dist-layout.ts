/** Where each file of dist/ lies: the pipeline writes these paths and the server reads them. */
export const DIST_LAYOUT = {
  runtimeModel: 'runtime-model.json',
  openapi: 'openapi.json',
  mcpManifest: '.well-known/mcp.json',
  mcpServerCard: '.well-known/mcp/server-card.json',
  aiPluginManifest: '.well-known/ai-plugin.json',
  logo: 'logo.svg',
} as const;

/** The folder of dist/ holding the precomputed API bodies, each at the file apiBodyFile names. */
const API_DIR = 'api/';

/**
 * The file of dist/ holding the precomputed body of an API URL path: the path under api/ with `.json`
 * (/v1/platforms/kraken -> api/v1/platforms/kraken.json, /v1/platforms/kraken/history -> api/v1/platforms/kraken/history.json).
 * The build writes every precomputed operation's bodies there; the runtime loads every file under api/ by apiBodyPath.
 */
export const apiBodyFile = (urlPath: string): string => `${API_DIR}${urlPath.slice(1)}.json`;

/** The API URL path of a file of dist/ under api/ (apiBodyFile reversed), else undefined. */
export function apiBodyPath(file: string): string | undefined {
  return file.startsWith(API_DIR) && file.endsWith('.json') ? `/${file.slice(API_DIR.length, -'.json'.length)}` : undefined;
}

/**
 * A runtime serving a build folder marks it with an empty file `.served-by-<pid>` in it (runtime/server/dist-lease.ts);
 * a build removes no folder so marked by a running process (pipeline/write/write-dist.ts). Dot files are never served.
 */
export const SERVED_BY_PREFIX = '.served-by-';

/** The process id of a `.served-by-<pid>` file name, else undefined. */
export function servedByPid(name: string): number | undefined {
  const pid = name.startsWith(SERVED_BY_PREFIX) ? name.slice(SERVED_BY_PREFIX.length) : '';
  return /^\d+$/.test(pid) ? Number(pid) : undefined;
}

/** Top-level files and folders of dist/ served as static files (the API bodies and manifests have their own routes). */
export const STATIC_ROOTS = [
  'index.html',
  'logo.svg',
  'robots.txt',
  'sitemap.xml',
  'assets',
  'categories',
  'compare',
  'docs',
  'methodology',
  'open-data',
  'platforms',
  'problems',
] as const;

/**
 * The file name suffix of each compressed copy the build writes next to a static file (`<file>.br`, `<file>.gz`:
 * pipeline/write/compressed-copies.ts); the runtime sends them as they are (runtime/server/static-files.ts).
 */
export const COMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * Smallest body worth compressing, bytes: the build writes no compressed copy of a smaller static file
 * (pipeline/write/compressed-copies.ts) and the runtime sends a smaller answer as it is (runtime/server/http/compression.ts).
 */
export const COMPRESS_MIN_BYTES = 1024;

/** The gzip level of the build's compressed copies and of the runtime's answers (docs/performance.md "Compression"). */
export const GZIP_LEVEL = 6;
