/**
 * Computed response bodies (search, compare, savings, fees, and verdicts outside
 * the published set), serialised once and kept by request target. Every
 * operation is a pure function of the served dist and the URL, so the same path and
 * query give the same bytes until a reload swaps the served dist; each served dist has
 * its own cache (lru-cache), so a reload starts empty. Least recently used entries go first.
 */
import { LRUCache } from 'lru-cache';

/** Bounds of one served dist's cache: entries, total bytes, and the largest body kept (bytes). */
const COMPUTED_CACHE_LIMITS = { entries: 1_000, bytes: 8 * 1024 * 1024, entryBytes: 256 * 1024 } as const;

/** Request target (path and query) -> serialised JSON body. */
export type ComputedCache = LRUCache<string, Buffer>;

/** An empty cache for a newly loaded dist (part of its Served value, dropped with it). */
export function newComputedCache(): ComputedCache {
  return new LRUCache<string, Buffer>({
    max: COMPUTED_CACHE_LIMITS.entries,
    maxSize: COMPUTED_CACHE_LIMITS.bytes,
    maxEntrySize: COMPUTED_CACHE_LIMITS.entryBytes,
    sizeCalculation: (body) => body.length,
  });
}
