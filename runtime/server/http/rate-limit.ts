/**
 * Rate limits and API keys (README "REST API", limits and keys; docs/operations.md "Rate limits"):
 * Free 60 requests/minute per client IP (RATE_LIMIT_PER_MINUTE; 0 turns it off),
 * Developer 600/minute and 250,000/month, Business 3,000/minute and 2,000,000/month,
 * counted across REST and /mcp together: the per-minute limits in a sliding window
 * (sliding-window.ts: no 60-second span admits more than the limit), the monthly quotas and
 * failed key attempts with rate-limiter-flexible; in memory, or in Redis when REDIS_URL is
 * set so several runtime instances enforce one limit (behind a
 * circuit breaker, redis-breaker.ts: while Redis fails or does not answer, each process
 * counts in its own memory).
 * Failed API key attempts (malformed or unknown keys) count against the client IP on a
 * stricter limit (FAILED_KEY_ATTEMPTS), so keys cannot be guessed without limit; each is logged.
 * Keys are kept as SHA-256 hashes only. State is reported in the IETF RateLimit
 * header fields (draft-ietf-httpapi-ratelimit-headers: RateLimit-Policy, RateLimit).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { guardedCounter, RedisBreaker, type Counter, type RedisState } from './redis-breaker.js';
import type * as RateLimiterFlexible from 'rate-limiter-flexible';
import { MemorySlidingWindow, RedisSlidingWindow } from './sliding-window.js';
import { FAILED_KEY_ATTEMPTS, PAID_PLANS, type PlanName } from '../../domain/contract/plans.js';

// The classes are loaded from their own files: the package's index loads all of its store
// adapters (about 170 KB of code, 7 ms of every start); the Redis one only when Redis is used.
const load = createRequire(import.meta.url);
const RateLimiterMemory = load('rate-limiter-flexible/lib/RateLimiterMemory.js') as typeof RateLimiterFlexible.RateLimiterMemory;
const RateLimiterRes = load('rate-limiter-flexible/lib/RateLimiterRes.js') as typeof RateLimiterFlexible.RateLimiterRes;
type RateLimiterRes = RateLimiterFlexible.RateLimiterRes;
type Limiter = Counter<RateLimiterRes>;

/**
 * Monthly counters are keyed by calendar month (UTC, `YYYY-MM`), so they need no
 * timer: in memory they never expire (only configured keys reach them, so they stay
 * few), in Redis they expire after 32 days. A 30-day timer would not do: Node's
 * setTimeout holds at most 2^31-1 ms (24.8 days) and fires at once beyond it, which
 * would reset the in-memory quota after every request.
 */
const MONTH_KEY_TTL_SECONDS = 32 * 24 * 3600;

/** The calendar month (UTC) a moment falls in, its length in seconds, and whole seconds until the next one starts. */
function calendarMonth(now: Date): { id: string; seconds: number; secondsLeft: number } {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return { id: now.toISOString().slice(0, 7), seconds: (next - start) / 1000, secondsLeft: Math.max(1, Math.ceil((next - now.getTime()) / 1000)) };
}
const KEY_FORMAT = /^[A-Za-z0-9_-]{16,128}$/;

export interface RateLimitConfig {
  /** Free requests per minute per client IP; 0 turns limiting off. */
  freePerMinute: number;
  /** SHA-256 (hex) of each accepted API key -> its plan. */
  keys: ReadonlyMap<string, Exclude<PlanName, 'free'>>;
  /** Shared counter store (REDIS_URL); absent: counters in this process's memory. */
  redis?: Redis;
  /** Milliseconds Redis is left alone after a failed or timed-out command (REDIS_RETRY_MS, default 5000). */
  redisRetryMs?: number;
  /** The per-minute windows' clock, ms since the epoch (default Date.now; tests pass their own). */
  clock?: () => number;
}

/** The window of the per-minute plan limits, in milliseconds. */
const MINUTE_MS = 60_000;

/** The outcome of counting one request. */
export type Admission =
  | { ok: true; headers: Record<string, string> }
  | { ok: false; status: 401; detail: string }
  | { ok: false; status: 429; detail: string; retryAfterSeconds: number; headers: Record<string, string> };

/** SHA-256 hex of an API key, as stored in API_KEYS / API_KEYS_FILE. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * Reads API keys from API_KEYS ("<sha256>:<plan>,...") and API_KEYS_FILE (JSON
 * [{"sha256": "...", "plan": "developer"|"business"}]).
 * @throws Error naming the bad entry (the server refuses to start with a broken key list)
 */
export function loadKeys(env: NodeJS.ProcessEnv): Map<string, Exclude<PlanName, 'free'>> {
  const entries: Array<{ sha256: string; plan: string }> = [];
  for (const item of (env.API_KEYS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [sha256 = '', plan = ''] = item.split(':');
    entries.push({ sha256, plan });
  }
  if (env.API_KEYS_FILE) entries.push(...(JSON.parse(readFileSync(env.API_KEYS_FILE, 'utf8')) as typeof entries));
  const keys = new Map<string, Exclude<PlanName, 'free'>>();
  for (const e of entries) {
    if (!/^[0-9a-f]{64}$/.test(e.sha256)) throw new Error(`API key entry "${e.sha256.slice(0, 12)}..." is not a SHA-256 hex digest`);
    if (e.plan !== 'developer' && e.plan !== 'business') throw new Error(`API key plan "${e.plan}" must be developer or business`);
    keys.set(e.sha256, e.plan);
  }
  return keys;
}

/** Per-plan counters. One instance per runtime process (state is the counters only). */
export class RateLimits {
  private readonly minute: Map<PlanName, Limiter>;
  private readonly month: Map<PlanName, Limiter>;
  private readonly failedKeys: Limiter;
  private readonly breaker: RedisBreaker | undefined;

  /** @param logger receives one warn line per failed key attempt (`event: 'api-key-rejected'`; the key itself is never logged) */
  constructor(
    private readonly config: RateLimitConfig,
    private readonly logger?: Logger,
  ) {
    this.breaker = config.redis ? new RedisBreaker(config.redisRetryMs ?? 5000, logger) : undefined;
    const redis = config.redis;
    const breaker = this.breaker;
    /** `memory`, or the counter `shared(redis)` makes behind the breaker (memory while Redis does not answer). */
    const guarded = (memory: Limiter, shared: (redis: Redis) => Limiter): Limiter =>
      redis && breaker ? guardedCounter(shared(redis), memory, breaker, (rejection) => rejection instanceof RateLimiterRes) : memory;
    /** A fixed window of `points` per `duration` seconds (0: no expiry in memory, `redisDuration` in Redis). */
    const limiter = (name: string, points: number, duration: number, redisDuration = duration): Limiter =>
      guarded(new RateLimiterMemory({ points, duration, keyPrefix: name }), (store) => {
        const RateLimiterRedis = load('rate-limiter-flexible/lib/RateLimiterRedis.js') as typeof RateLimiterFlexible.RateLimiterRedis;
        return new RateLimiterRedis({ storeClient: store, points, duration: redisDuration, keyPrefix: `ocd-rl:${name}` });
      });
    /** A sliding window of `points` per minute. */
    const perMinute = (name: string, points: number): Limiter => {
      const options = { points, windowMs: MINUTE_MS, now: config.clock };
      return guarded(new MemorySlidingWindow(options), (store) => new RedisSlidingWindow(store, `ocd-sw:${name}`, options));
    };
    this.minute = new Map<PlanName, Limiter>([
      ['free', perMinute('free-minute', Math.max(1, config.freePerMinute))],
      ['developer', perMinute('developer-minute', PAID_PLANS.developer.perMinute)],
      ['business', perMinute('business-minute', PAID_PLANS.business.perMinute)],
    ]);
    this.month = new Map<PlanName, Limiter>([
      ['developer', limiter('developer-month', PAID_PLANS.developer.perMonth, 0, MONTH_KEY_TTL_SECONDS)],
      ['business', limiter('business-month', PAID_PLANS.business.perMonth, 0, MONTH_KEY_TTL_SECONDS)],
    ]);
    this.failedKeys = limiter('failed-key', FAILED_KEY_ATTEMPTS.points, FAILED_KEY_ATTEMPTS.durationSeconds);
  }

  /**
   * A key attempt from `ip`: undefined when the IP may still try keys, else the 429 refusal
   * (its failed attempts are used up for the window).
   */
  private async keyAttemptsBlocked(ip: string): Promise<Admission | undefined> {
    const used = await this.failedKeys.get(`ip:${ip}`);
    if (!used || used.consumedPoints < FAILED_KEY_ATTEMPTS.points) return undefined;
    this.logger?.warn({ event: 'api-key-rejected', reason: 'blocked', ip }, 'X-API-Key refused: too many failed attempts from this address');
    return this.tooManyFailedKeys(used);
  }

  private tooManyFailedKeys(res: RateLimiterRes): Admission {
    const retry = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    const policy = `"failed-key";q=${FAILED_KEY_ATTEMPTS.points};w=${FAILED_KEY_ATTEMPTS.durationSeconds}`;
    return {
      ok: false,
      status: 429,
      retryAfterSeconds: retry,
      detail: `Too many failed X-API-Key attempts from this address (${FAILED_KEY_ATTEMPTS.points} per ${FAILED_KEY_ATTEMPTS.durationSeconds / 60} minutes); retry in ${retry} seconds, or leave the key out to use the free plan.`,
      headers: { 'ratelimit-policy': policy, ratelimit: `"failed-key";r=0;t=${retry}`, 'retry-after': String(retry) },
    };
  }

  /** Counts and logs a failed key attempt; the 401 to answer, or the 429 once the attempts are used up. */
  private async keyRejected(ip: string, reason: 'malformed' | 'unknown', detail: string): Promise<Admission> {
    this.logger?.warn({ event: 'api-key-rejected', reason, ip }, 'X-API-Key rejected');
    try {
      await this.failedKeys.consume(`ip:${ip}`);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return this.tooManyFailedKeys(rejection);
    }
    return { ok: false, status: 401, detail };
  }

  /** Where the counters are kept now (GET /readyz). */
  redisState(): RedisState {
    return this.breaker?.state ?? 'not_configured';
  }

  /**
   * False when a request with this X-API-Key (or none) is not counted at all: no key and the
   * free limit is off (RATE_LIMIT_PER_MINUTE=0). admit() would then answer ok with no headers.
   */
  counts(apiKey: string | null): boolean {
    return apiKey !== null || this.config.freePerMinute > 0;
  }

  /**
   * Counts one request.
   * @param apiKey the X-API-Key header or null
   * @param ip the client address (see client-ip.ts)
   */
  async admit(apiKey: string | null, ip: string): Promise<Admission> {
    let plan: PlanName = 'free';
    let counterKey = `ip:${ip}`;
    if (apiKey !== null) {
      const blocked = await this.keyAttemptsBlocked(ip);
      if (blocked) return blocked;
      if (!KEY_FORMAT.test(apiKey))
        return this.keyRejected(ip, 'malformed', 'X-API-Key is malformed: expected 16 to 128 letters, digits, "-" or "_". Leave it out to use the free plan.');
      const hash = hashKey(apiKey);
      const keyPlan = this.config.keys.get(hash);
      if (!keyPlan)
        return this.keyRejected(ip, 'unknown', 'X-API-Key is not a known key. Leave it out to use the free plan; paid plans are requested from the operator.');
      plan = keyPlan;
      counterKey = `key:${hash}`;
    }
    const limit = plan === 'free' ? this.config.freePerMinute : PAID_PLANS[plan].perMinute;
    if (limit === 0) return { ok: true, headers: {} };
    const policy = `"${plan}";q=${limit};w=60`;
    const refuse = (rejection: unknown, detail: (retry: number) => string): Admission => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retry = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      return {
        ok: false,
        status: 429,
        retryAfterSeconds: retry,
        detail: detail(retry),
        headers: { 'ratelimit-policy': policy, ratelimit: `"${plan}";r=0;t=${retry}`, 'retry-after': String(retry) },
      };
    };
    let res: RateLimiterRes;
    try {
      res = await this.minute.get(plan)!.consume(counterKey);
    } catch (rejection) {
      const scope = plan === 'free' ? ' per client IP, REST and MCP together' : '';
      return refuse(rejection, (retry) => `The ${plan} plan allows ${limit} requests per minute${scope}; retry in ${retry} seconds.`);
    }
    const minuteState = `"${plan}";r=${res.remainingPoints};t=${Math.ceil(res.msBeforeNext / 1000)}`;
    const monthly = this.month.get(plan);
    if (monthly && plan !== 'free') {
      // the monthly quota is a second policy of the same header fields (draft-ietf-httpapi-ratelimit-headers: a list of items)
      const month = calendarMonth(new Date((this.config.clock ?? Date.now)()));
      const monthPolicy = `${policy}, "${plan}-month";q=${PAID_PLANS[plan].perMonth};w=${month.seconds}`;
      let used: RateLimiterRes;
      try {
        used = await monthly.consume(`${counterKey}:${month.id}`);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const retry = month.secondsLeft;
        return {
          ok: false,
          status: 429,
          retryAfterSeconds: retry,
          detail: `The ${plan} plan's monthly quota is used up; it renews at the start of the next calendar month (UTC), in ${retry} seconds.`,
          headers: { 'ratelimit-policy': monthPolicy, ratelimit: `${minuteState}, "${plan}-month";r=0;t=${retry}`, 'retry-after': String(retry) },
        };
      }
      return {
        ok: true,
        headers: { 'ratelimit-policy': monthPolicy, ratelimit: `${minuteState}, "${plan}-month";r=${used.remainingPoints};t=${month.secondsLeft}` },
      };
    }
    return { ok: true, headers: { 'ratelimit-policy': policy, ratelimit: minuteState } };
  }
}
