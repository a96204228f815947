/**
 * Sliding-window (sliding log) request counters for the per-minute plan limits (interface
 * README "REST API", limits; docs/operations.md "Rate limits"): a request is admitted when fewer than
 * `points` requests were admitted in the trailing `windowMs` milliseconds, so no span of
 * `windowMs` ever holds more than `points` admitted requests. A fixed window lets a caller
 * send twice the limit across a window edge (59 just before it turns, 60 just after).
 *
 * Only admitted requests are recorded, so a key holds at most `points` timestamps and a
 * caller flooding past its limit costs no memory (the sliding log of rolling-rate-limiter
 * records refused attempts too, so a flood grows its Redis set without bound and every
 * check reads it whole; rate-limiter-flexible has fixed windows only, whose unions still
 * admit twice the limit across an edge).
 *
 * Answers have the shape of rate-limiter-flexible's RateLimiterRes (remainingPoints,
 * msBeforeNext: milliseconds until the oldest admitted request leaves the window, i.e. one
 * more request may pass), and a refusal is thrown as one, so the limits and the Redis
 * circuit breaker (redis-breaker.ts) treat both counter kinds alike.
 */
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type * as RateLimiterFlexible from 'rate-limiter-flexible';
import type { Counter } from './redis-breaker.js';

const load = createRequire(import.meta.url);
const RateLimiterRes = load('rate-limiter-flexible/lib/RateLimiterRes.js') as typeof RateLimiterFlexible.RateLimiterRes;
type RateLimiterRes = RateLimiterFlexible.RateLimiterRes;

export interface SlidingWindowOptions {
  /** Requests admitted per window (a positive integer). */
  points: number;
  /** Window length in milliseconds. */
  windowMs: number;
  /**
   * The clock in milliseconds since the epoch (default Date.now). Several instances sharing Redis
   * compare their clocks, so it must be the wall clock there (NTP skew of a few ms only shifts
   * a refusal by as much); tests pass their own.
   */
  now?: () => number;
}

/** The answer for `used` admitted requests of `points` whose oldest was admitted at `oldest` (ms). */
function answer(points: number, used: number, oldest: number, windowMs: number, now: number): RateLimiterRes {
  const msBeforeNext = used === 0 ? 0 : Math.max(0, oldest + windowMs - now);
  return new RateLimiterRes(Math.max(0, points - used), msBeforeNext, used, used === 1);
}

/**
 * The sliding log in this process's memory: per key the admission times of the last
 * `windowMs`, oldest first. Keys idle for a whole window are dropped at most once per window
 * (a sweep over the keys), so memory follows the clients of the last minute.
 */
export class MemorySlidingWindow implements Counter<RateLimiterRes> {
  private readonly log = new Map<string, number[]>();
  private readonly now: () => number;
  private lastSweep: number;

  constructor(private readonly options: SlidingWindowOptions) {
    this.now = options.now ?? Date.now;
    this.lastSweep = this.now();
  }

  /** The admission times of `key` still inside the window at `now` (the stored array, pruned). */
  private times(key: string, now: number): number[] | undefined {
    const times = this.log.get(key);
    if (!times) return undefined;
    const from = now - this.options.windowMs;
    let expired = 0;
    while (expired < times.length && times[expired]! <= from) expired++;
    if (expired > 0) times.splice(0, expired);
    return times;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.options.windowMs) return;
    this.lastSweep = now;
    const from = now - this.options.windowMs;
    for (const [key, times] of this.log) if (times.length === 0 || times[times.length - 1]! <= from) this.log.delete(key);
  }

  /**
   * Admits one request of `key`.
   * @throws RateLimiterRes with remainingPoints 0 when `points` requests were admitted in the window
   */
  consume(key: string): Promise<RateLimiterRes> {
    const now = this.now();
    this.sweep(now);
    const { points, windowMs } = this.options;
    let times = this.times(key, now);
    if (times && times.length >= points) return Promise.reject(answer(points, times.length, times[0]!, windowMs, now));
    if (!times) this.log.set(key, (times = []));
    times.push(now);
    return Promise.resolve(answer(points, times.length, times[0]!, windowMs, now));
  }

  /** The state of `key` without counting a request; null when it has none in the window. */
  get(key: string): Promise<RateLimiterRes | null> {
    const now = this.now();
    const times = this.times(key, now);
    return Promise.resolve(times && times.length > 0 ? answer(this.options.points, times.length, times[0]!, this.options.windowMs, now) : null);
  }
}

/**
 * One atomic step over a Redis sorted set of admission times (score = ms): drop those older
 * than the window, admit when fewer than `points` remain (ZADD with a unique member, PEXPIRE the
 * window), and return { admitted count, oldest admission, 1 when admitted }.
 * KEYS[1] the key; ARGV: now ms, window ms, points, 1 to consume or 0 to read, unique member.
 */
const SLIDING_WINDOW_LUA = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
local admitted = 0
if ARGV[4] == '1' and used < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], window)
  used = used + 1
  admitted = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2] or ARGV[1]
return { used, oldest, admitted }
`;

type SlidingWindowRedis = Redis & {
  ocdSlidingWindow(key: string, now: number, windowMs: number, points: number, consume: 0 | 1, member: string): Promise<[number, string, number]>;
};

/** The sliding log in Redis (one sorted set per key), shared by every instance using that Redis. */
export class RedisSlidingWindow implements Counter<RateLimiterRes> {
  private readonly redis: SlidingWindowRedis;
  private readonly now: () => number;
  private sequence = 0;
  private readonly instance = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

  /** @param keyPrefix prepended to every key (with a colon) */
  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly options: SlidingWindowOptions,
  ) {
    // ioredis sends the script by EVALSHA and loads it on a NOSCRIPT answer
    if (!('ocdSlidingWindow' in redis)) redis.defineCommand('ocdSlidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
    this.redis = redis as SlidingWindowRedis;
    this.now = options.now ?? Date.now;
  }

  private async run(key: string, consume: 0 | 1): Promise<{ res: RateLimiterRes; admitted: boolean; used: number }> {
    const now = this.now();
    const member = `${now}-${this.instance}-${this.sequence++}`;
    const [used, oldest, admitted] = await this.redis.ocdSlidingWindow(
      `${this.keyPrefix}:${key}`,
      now,
      this.options.windowMs,
      this.options.points,
      consume,
      member,
    );
    return { res: answer(this.options.points, used, Number(oldest), this.options.windowMs, now), admitted: admitted === 1, used };
  }

  /**
   * Admits one request of `key`.
   * @throws RateLimiterRes when the window is full; the Redis client's error when Redis fails or times out
   */
  async consume(key: string): Promise<RateLimiterRes> {
    const { res, admitted } = await this.run(key, 1);
    if (!admitted) throw res;
    return res;
  }

  /** The state of `key` without counting a request; null when it has none in the window. */
  async get(key: string): Promise<RateLimiterRes | null> {
    const { res, used } = await this.run(key, 0);
    return used > 0 ? res : null;
  }
}
