/**
 * A circuit breaker between the rate-limit counters and Redis (README "Configuration",
 * REDIS_TIMEOUT_MS and REDIS_RETRY_MS). Each Redis command has a timeout (ioredis
 * `commandTimeout`); the first command that fails or times out opens the breaker: for
 * `retryMs` every counter is kept in this process's memory (limits per instance), so a
 * Redis that stops answering (SIGSTOP, a network partition) costs one timeout, not a hang
 * per request. After `retryMs` the next request tries Redis again; a success closes the
 * breaker (shared limits again). Each change is logged once (`redis-unreachable`, `redis-back`)
 * and the state is shown by GET /readyz.
 */
import type { Logger } from '../log.js';

/** Where the rate-limit counters are kept: no Redis configured, Redis (shared), or memory because Redis does not answer. */
export type RedisState = 'not_configured' | 'connected' | 'unreachable';

export class RedisBreaker {
  private openUntil = 0;
  private current: Exclude<RedisState, 'not_configured'> = 'connected';

  /**
   * @param retryMs milliseconds Redis is left alone after a failure
   * @param now a monotonic clock in milliseconds (performance.now; never the wall clock)
   */
  constructor(
    private readonly retryMs: number,
    private readonly logger?: Logger,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get state(): Exclude<RedisState, 'not_configured'> {
    return this.current;
  }

  /** True when the next command may go to Redis. */
  allows(): boolean {
    return this.now() >= this.openUntil;
  }

  /** Records an answer from Redis (a refusal by the limit is an answer too). */
  succeeded(): void {
    if (this.current === 'connected') return;
    this.current = 'connected';
    this.logger?.info({ event: 'redis-back' }, 'Redis answers again; rate limits are shared again');
  }

  /** Records a failed or timed-out command: counters stay in memory for retryMs. */
  failed(error: unknown): void {
    this.openUntil = this.now() + this.retryMs;
    if (this.current === 'unreachable') return;
    this.current = 'unreachable';
    this.logger?.warn(
      { event: 'redis-unreachable', error: error instanceof Error ? error.message : String(error), retry_ms: this.retryMs },
      'Redis does not answer; counting in memory per instance',
    );
  }
}

/** The two operations the rate limits use of a counter (a rate-limiter-flexible limiter). */
export interface Counter<R> {
  consume(key: string): Promise<R>;
  get(key: string): Promise<R | null>;
}

/**
 * A counter kept in Redis while the breaker allows it, else (and after a failed command) in memory.
 * @param isRefusal true for the rejection a limiter gives when the limit is used up (an answer, not a failure)
 */
export function guardedCounter<R>(redis: Counter<R>, memory: Counter<R>, breaker: RedisBreaker, isRefusal: (rejection: unknown) => boolean): Counter<R> {
  const run = async <T>(operation: (counter: Counter<R>) => Promise<T>): Promise<T> => {
    if (!breaker.allows()) return operation(memory);
    try {
      const result = await operation(redis);
      breaker.succeeded();
      return result;
    } catch (rejection) {
      if (isRefusal(rejection)) {
        breaker.succeeded();
        throw rejection;
      }
      breaker.failed(rejection);
      return operation(memory);
    }
  };
  return { consume: (key) => run((c) => c.consume(key)), get: (key) => run((c) => c.get(key)) };
}
