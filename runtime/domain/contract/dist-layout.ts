/** Where each file of dist/ lies: the pipeline writes these paths and the server reads them. */
export const DIST_LAYOUT = {
  categories: 'api/v1/categories.json',
  platformsDir: 'api/v1/platforms',
  safetyDir: 'api/v1/safety',
  /** GET /v1/platforms/{slug}/history bodies, one file a platform. */
  historyDir: 'api/v1/history',
  verdictsDir: 'api/v1/verdicts',
  runtimeModel: 'runtime-model.json',
  openapi: 'openapi.json',
  mcpManifest: '.well-known/mcp.json',
  mcpServerCard: '.well-known/mcp/server-card.json',
  aiPluginManifest: '.well-known/ai-plugin.json',
  logo: 'logo.svg',
} as const;

/**
 * A runtime serving a build folder marks it with an empty file `.served-by-<pid>` in it (runtime/server/dist-lease.ts);
 * a build removes no folder so marked by a running process (pipeline/write/write-dist.ts). Dot files are never served.
 */
export const SERVED_BY_PREFIX = '.served-by-';

/** The process id of a `.served-by-<pid>` file name, else undefined. */
export function servedByPid(name: string): number | undefined {
  const match = /^\.served-by-(\d+)$/.exec(name);
  return match ? Number(match[1]) : undefined;
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
