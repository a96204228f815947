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
 * garbage collection (docs/performance.md). The targets seen once are remembered as 32-bit
 * hashes in a fixed table (SeenOnce), not as strings: keeping each one-off target's string in an
 * LRU cost about 5-7 us of CPU per uncached request (every key promoted to the old generation and
 * later evicted; docs/performance.md, eighth pass).
 */
import { LRUCache } from 'lru-cache';

/** Bounds of one served dist's cache: entries, total bytes, the largest body kept (bytes), and slots of the seen-once table (a power of 2). */
const COMPUTED_CACHE_LIMITS = { entries: 1_000, bytes: 8 * 1024 * 1024, entryBytes: 256 * 1024, seenOnceSlots: 16_384 } as const;

/**
 * Targets asked for once, as a doorkeeper (the admission filter of TinyLFU): each target's 32-bit
 * FNV-1a hash (over its UTF-16 code units) in the slot its low bits pick, overwritten by the next target that lands there. A
 * target is "seen before" when its slot holds its hash. No strings are kept, so a flood of one-off
 * targets makes no garbage; two targets with the same hash let the second be kept on its first
 * request, which only costs cache room, and a target whose slot another target took meanwhile
 * counts as new again (kept on a later request).
 */
class SeenOnce {
  private readonly slots = new Int32Array(COMPUTED_CACHE_LIMITS.seenOnceSlots);

  /** True (and forgotten) when `target` was remembered; else remembered now and false. */
  takeOrRemember(target: string): boolean {
    let hash = 0x811c9dc5;
    for (let i = 0; i < target.length; i++) hash = Math.imul(hash ^ target.charCodeAt(i), 0x01000193);
    const slot = hash & (COMPUTED_CACHE_LIMITS.seenOnceSlots - 1);
    const mark = hash || 1; // 0 is the empty slot
    if (this.slots[slot] === mark) {
      this.slots[slot] = 0;
      return true;
    }
    this.slots[slot] = mark;
    return false;
  }
}

/** Request target (path and query) -> serialised body, kept from the second request for a target on. */
export class ComputedCache {
  private readonly bodies = new LRUCache<string, Buffer>({
    max: COMPUTED_CACHE_LIMITS.entries,
    maxSize: COMPUTED_CACHE_LIMITS.bytes,
    maxEntrySize: COMPUTED_CACHE_LIMITS.entryBytes,
    sizeCalculation: (body) => body.length,
  });
  private readonly seenOnce = new SeenOnce();

  /** The body kept for the target, or undefined. */
  get(target: string): Buffer | undefined {
    return this.bodies.get(target);
  }

  /** Offers the body made for the target: kept when the target was asked for before, else only the target is remembered. */
  offer(target: string, body: Buffer): void {
    if (this.seenOnce.takeOrRemember(target)) this.bodies.set(target, body);
  }
}

/** An empty cache for a newly loaded dist (part of its Served value, dropped with it). */
export function newComputedCache(): ComputedCache {
  return new ComputedCache();
}
