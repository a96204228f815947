/**
 * The site's static files in dist/ (HTML pages, their assets, the open-data
 * files), looked up by URL path and read from disk on first use, then kept
 * in a cache bounded by bytes, as a static web server would. Reading all of
 * them when the runtime started (about 2,200 files, 19 MB for the real data)
 * took most of its start time and a fifth of its memory (docs/performance.md);
 * the API bodies, which must agree with the runtime model, are still loaded
 * with the served dist (served.ts). Pages use the directory-index layout any static
 * host serves: /platforms/kraken and /platforms/kraken/ both answer
 * platforms/kraken/index.html. A file is served only when its bytes are the ones the
 * build manifest lists (size and SHA-256): a truncated or altered file is not served.
 */
import { CACHE_CONTROL } from '../domain/contract/cache-control.js';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { sha256Hex, type BuildManifest } from '../domain/contract/build-manifest.js';
import { COMPRESSED_SUFFIX, STATIC_ROOTS } from '../domain/contract/dist-layout.js';
import type { Encoding } from './http/compression.js';

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
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '': 'text/plain; charset=utf-8',
};

/** JSON Schema documents (`*.schema.json`), as the JSON Schema specification registers them (draft 2020-12, section 13.1). */
const SCHEMA_CONTENT_TYPE = 'application/schema+json; charset=utf-8';

export interface StaticFile {
  bytes: Buffer;
  contentType: string;
  /** Its path in dist/ (a folder's index.html), which its compressed copies extend (`.br`, `.gz`). */
  file: string;
  /** Further response headers: the Content-Security-Policy of an HTML page, else none. */
  headers?: Record<string, string>;
}

/**
 * Content-Security-Policy of HTML pages: nothing from elsewhere, no inline script (the search box's
 * script and Swagger UI are files of this site), forms only to this site (the search, calculator and
 * weights forms); the API reference may also use inline styles.
 */
export function contentSecurityPolicy(urlPath: string): string {
  const common = "default-src 'none'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; script-src 'self'; connect-src 'self'";
  return urlPath === '/docs' || urlPath === '/docs/' ? `${common}; style-src 'self' 'unsafe-inline'` : `${common}; style-src 'self'`;
}

/** An asset whose name carries its content's hash (pipeline/emit/site-assets.ts): cached for a year, immutable. */
const HASHED_ASSET = /^\/assets\/[a-z-]+\.[0-9a-f]{10}\.(css|js|json)$/;

/** Bytes of static files kept in memory per served dist; least recently used files go first. */
const STATIC_CACHE_BYTES = 16 * 1024 * 1024;

/** One segment of a URL path that may name a static file: letters, digits, `-`, `_` and `.`, not starting with `.` (no `.`, `..` or dot file). */
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * True when every segment of `urlPath` is a SAFE_SEGMENT (a trailing `/` allowed). Checked segment by
 * segment: one regular expression over the whole path with nested repetition backtracked
 * exponentially on a long hostile path (found by test/fuzz.test.ts).
 */
function isSafePath(urlPath: string): boolean {
  if (!urlPath.startsWith('/') || urlPath.length > 2048) return false;
  const segments = urlPath.slice(1).split('/');
  return segments.every((segment, i) => (segment === '' ? i === segments.length - 1 : SAFE_SEGMENT.test(segment)));
}

/** The site's static files of one dist/ folder, by URL path. */
export class StaticFiles {
  private readonly cache = new LRUCache<string, StaticFile>({ maxSize: STATIC_CACHE_BYTES, sizeCalculation: (f) => f.bytes.length || 1 });

  /**
   * @param distDir the build folder (dist/ resolved once at load, so a later swap of dist/ does not mix builds)
   * @param listed the build manifest's files: a file is served only when its bytes match its SHA-256 there
   */
  constructor(
    private readonly distDir: string,
    private readonly listed: BuildManifest['files'],
  ) {}

  /**
   * The file that answers a URL path (query excluded), or undefined when none does: the path
   * must lie under one of STATIC_ROOTS, a folder answers with its index.html, and a file whose
   * extension has no media type is not served. Never throws.
   */
  get(urlPath: string): StaticFile | undefined {
    const cached = this.cache.get(urlPath);
    if (cached) return cached;
    if (!isSafePath(urlPath) || urlPath.endsWith('/index.html')) return undefined;
    const root = urlPath.slice(1).split('/', 1)[0]!;
    if (urlPath !== '/' && !(STATIC_ROOTS as readonly string[]).includes(root)) return undefined;
    const file = this.read(path.join(this.distDir, urlPath), urlPath.endsWith('/'));
    if (!file) return undefined;
    if (file.contentType === HTML_CONTENT_TYPE) file.headers = { 'content-security-policy': contentSecurityPolicy(urlPath) };
    else if (HASHED_ASSET.test(urlPath)) file.headers = { 'cache-control': CACHE_CONTROL.immutable };
    this.cache.set(urlPath, file);
    return file;
  }

  /**
   * The compressed copy of `file` the build wrote (`<file>.br` or `<file>.gz`: pipeline/write/compressed-copies.ts),
   * read on first use and kept like the files; undefined when the build wrote none (a small or binary file)
   * or its bytes are not the ones the build manifest lists. The runtime never compresses a static file itself.
   */
  compressedCopy(file: StaticFile, encoding: Encoding): Buffer | undefined {
    const copyPath = `${file.file}${COMPRESSED_SUFFIX[encoding]}`;
    const key = `\0${copyPath}`; // no URL path starts with a NUL
    const cached = this.cache.get(key);
    if (cached) return cached.bytes;
    if (!this.listed[copyPath]) return undefined;
    const copy = this.checked(path.join(this.distDir, copyPath), file.contentType);
    if (copy) this.cache.set(key, copy);
    return copy?.bytes;
  }

  /** The file at `full` (a folder: its index.html), or undefined; also undefined when its bytes are not the ones the build manifest lists. */
  private read(full: string, folderOnly: boolean): StaticFile | undefined {
    try {
      const stats = statSync(full, { throwIfNoEntry: false });
      if (!stats) return undefined;
      if (stats.isDirectory()) return this.checked(path.join(full, 'index.html'), HTML_CONTENT_TYPE);
      const contentType = full.endsWith('.schema.json') ? SCHEMA_CONTENT_TYPE : MEDIA_TYPES[path.extname(full)];
      if (folderOnly || !stats.isFile() || !contentType) return undefined;
      return this.checked(full, contentType);
    } catch {
      return undefined;
    }
  }

  /** The file's bytes when they match the build manifest (size and SHA-256), else undefined. */
  private checked(full: string, contentType: string): StaticFile | undefined {
    const file = path.relative(this.distDir, full).split(path.sep).join('/');
    const entry = this.listed[file];
    if (!entry) return undefined;
    const bytes = readFileSync(full);
    return bytes.length === entry.bytes && sha256Hex(bytes) === entry.sha256 ? { bytes, contentType, file } : undefined;
  }
}
