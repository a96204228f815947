/**
 * Where deliveries not yet made wait between attempts: in memory, or in Redis (REDIS_URL) so that
 * a restarted instance resumes them and instances sharing one Redis send each message once (the
 * first to claim it sends it). A Redis that does not answer is reported and the delivery goes on
 * in memory: delivery state never blocks or fails a request.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';

/** A message waiting for its next attempt. */
export interface PendingDelivery {
  id: string;
  target: string;
  payload: string;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due, ms since the epoch. */
  due: number;
}

/** Storage of pending deliveries. */
export interface DeliveryStore {
  /** Stores a new delivery; false when it is already there (another instance claimed it). */
  claim(delivery: PendingDelivery): Promise<boolean>;
  save(delivery: PendingDelivery): Promise<void>;
  remove(id: string): Promise<void>;
  /** Every pending delivery (to resume after a start). */
  all(): Promise<PendingDelivery[]>;
}

/** In memory: lost with the process. */
export class MemoryDeliveryStore implements DeliveryStore {
  private readonly pending = new Map<string, PendingDelivery>();
  private readonly claimed = new Set<string>();
  async claim(d: PendingDelivery): Promise<boolean> {
    if (this.claimed.has(d.id)) return false;
    this.claimed.add(d.id);
    this.pending.set(d.id, d);
    return true;
  }
  async save(d: PendingDelivery): Promise<void> {
    this.pending.set(d.id, d);
  }
  async remove(id: string): Promise<void> {
    this.pending.delete(id);
  }
  async all(): Promise<PendingDelivery[]> {
    return [...this.pending.values()];
  }
}

/** The Redis hash of pending deliveries, field = message id. */
const KEY = 'ocd-webhooks:pending';
/** Claims of message ids (SET NX), kept a day so that an instance reloading later does not send a delivered message again. */
const CLAIM_PREFIX = 'ocd-webhooks:claim:';
const CLAIM_SECONDS = 86_400;

/** In a Redis hash; in memory while Redis does not answer. */
export class RedisDeliveryStore implements DeliveryStore {
  private readonly memory = new MemoryDeliveryStore();
  constructor(private readonly redis: Redis, private readonly logger: Logger) {}

  private async guarded<T>(run: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.logger.warn({ event: 'webhook-store-error', error: error instanceof Error ? error.message : String(error) }, 'Redis unavailable; webhook deliveries kept in memory');
      return fallback();
    }
  }
  claim(d: PendingDelivery): Promise<boolean> {
    return this.guarded(async () => {
      if ((await this.redis.set(`${CLAIM_PREFIX}${d.id}`, '1', 'EX', CLAIM_SECONDS, 'NX')) !== 'OK') return false;
      await this.redis.hset(KEY, d.id, JSON.stringify(d));
      return true;
    }, () => this.memory.claim(d));
  }
  save(d: PendingDelivery): Promise<void> {
    return this.guarded(async () => void (await this.redis.hset(KEY, d.id, JSON.stringify(d))), () => this.memory.save(d));
  }
  remove(id: string): Promise<void> {
    return this.guarded(async () => void (await this.redis.hdel(KEY, id)), () => this.memory.remove(id));
  }
  all(): Promise<PendingDelivery[]> {
    return this.guarded(async () => Object.values(await this.redis.hgetall(KEY)).map((v) => JSON.parse(v) as PendingDelivery), () => this.memory.all());
  }
}
