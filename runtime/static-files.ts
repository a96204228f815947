/**
 * The site's static files in dist/ (HTML pages, their assets, the open-data
 * files), loaded once with the bundle and looked up by URL path. Pages use
 * the directory-index layout any static host serves: /platforms/kraken and
 * /platforms/kraken/ both answer platforms/kraken/index.html.
 */
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Top-level files and folders of dist/ served as static files (the API bodies and manifests have their own routes). */
export const STATIC_ROOTS = ['index.html', 'logo.svg', 'assets', 'categories', 'compare', 'docs', 'methodology', 'open-data', 'platforms'] as const;

/** Media type of the HTML pages (also the compare pages rendered on request). */
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** Media type by file extension (the checksum file SHA256SUMS has none). */
const MEDIA_TYPES: Record<string, string> = {
  '.html': HTML_CONTENT_TYPE,
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8; header=present',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Content-Security-Policy of HTML pages: nothing from elsewhere, no inline script;
 * the API reference (Swagger UI, served from this site) may run its own script and inline styles.
 */
export function contentSecurityPolicy(urlPath: string): string {
  const common = "default-src 'none'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  return urlPath === '/docs' || urlPath === '/docs/'
    ? `${common}; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'`
    : `${common}; style-src 'self'`;
}

/**
 * Reads the static files of a dist/ folder: URL path -> bytes and media type.
 * A folder's index.html answers the folder path with and without a trailing slash.
 * Files whose extension is not in MEDIA_TYPES (e.g. source maps) are left out.
 */
export async function loadStaticFiles(distDir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const root of STATIC_ROOTS) {
    const full = path.join(distDir, root);
    const entries = path.extname(root)
      ? [full]
      : (await readdir(full, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    for (const file of entries) {
      const contentType = MEDIA_TYPES[path.extname(file)];
      if (!contentType) continue;
      const rel = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
      const entry = { bytes: readFileSync(file), contentType }; // synchronous: see readJsonFolder in bundle.ts (EMFILE at 10,000 pages)
      if (rel.endsWith('/index.html')) {
        const dir = rel.slice(0, -'index.html'.length);
        files.set(dir, entry);
        if (dir !== '/') files.set(dir.slice(0, -1), entry);
      } else {
        files.set(rel, entry);
      }
    }
  }
  return files;
}
