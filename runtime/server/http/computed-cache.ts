/**
 * Computed response bodies (search, compare, savings, fees, verdicts outside the published
 * set, pages rendered on request), serialised once and kept by request target. Every
 * operation is a pure function of the served dist and the URL, so the same path and query
 * give the same bytes until a reload swaps the served dist; each served dist has its own
 * cache, so a reload starts empty. Least recently used entries go first (lru-cache).
 *
 * A body is kept only when its target is asked for a second time: most computed requests
 * vary (every savings calculator user types a different balance), and keeping each of their
 * bodies until it is evicted cost a third of the throughput of varied savings requests in
 * garbage collection (docs/performance.md). The targets seen once are remembered (keys only)
 * in a second, larger LRU.
 */
import { LRUCache } from 'lru-cache';

/** Bounds of one served dist's cache: entries, total bytes, the largest body kept (bytes), and targets remembered as seen once. */
const COMPUTED_CACHE_LIMITS = { entries: 1_000, bytes: 8 * 1024 * 1024, entryBytes: 256 * 1024, seenOnce: 10_000 } as const;

/** Request target (path and query) -> serialised body, kept from the second request for a target on. */
export class ComputedCache {
  private readonly bodies = new LRUCache<string, Buffer>({
    max: COMPUTED_CACHE_LIMITS.entries,
    maxSize: COMPUTED_CACHE_LIMITS.bytes,
    maxEntrySize: COMPUTED_CACHE_LIMITS.entryBytes,
    sizeCalculation: (body) => body.length,
  });
  private readonly seenOnce = new LRUCache<string, true>({ max: COMPUTED_CACHE_LIMITS.seenOnce });

  /** The body kept for the target, or undefined. */
  get(target: string): Buffer | undefined {
    return this.bodies.get(target);
  }

  /** Offers the body made for the target: kept when the target was asked for before, else only the target is remembered. */
  offer(target: string, body: Buffer): void {
    if (this.seenOnce.delete(target)) this.bodies.set(target, body);
    else this.seenOnce.set(target, true);
  }
}

/** An empty cache for a newly loaded dist (part of its Served value, dropped with it). */
export function newComputedCache(): ComputedCache {
  return new ComputedCache();
}
