/**
 * HTTP caching of response bodies: a strong ETag (SHA-256 of the bytes) for
 * every precomputed body, 304 for a matching If-None-Match (RFC 9110 13.1.2),
 * and the Cache-Control policy of each kind of response.
 */
import { createHash } from 'node:crypto';
import { CACHE_CONTROL } from '../../domain/contract/cache-control.js';

export { CACHE_CONTROL };

const etags = new WeakMap<Buffer, string>();

/** Strong ETag of a precomputed body, computed once per buffer: `"<first 32 hex of sha256>"`. */
export function etagOf(bytes: Buffer): string {
  let tag = etags.get(bytes);
  if (!tag) {
    tag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
    etags.set(bytes, tag);
  }
  return tag;
}

/** True when an If-None-Match header value (a list of tags, or `*`) matches the ETag; weak tags compare by their opaque part. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
