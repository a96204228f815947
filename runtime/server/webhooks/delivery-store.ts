/**
 * Where deliveries not yet made wait between attempts: in memory, or in Redis (REDIS_URL) so that
 * a restarted instance resumes them and instances sharing one Redis send each message once: the
 * first to claim a message queues it, each attempt is made under a lock by one instance, which
 * first reads the delivery as stored (another instance may have delivered it, or made the
 * attempt and set the next one later). The store also keeps the commits of the last build whose
 * changes were queued, so a build that arrives by a restart is compared with it. A Redis that does
 * not answer is reported and the delivery goes on in memory: delivery state never blocks or fails a request.
 */
import { randomUUID } from 'node:crypto';
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
  /** Forgets a delivery that is done (delivered, refused or given up). */
  remove(id: string): Promise<void>;
  /** Every pending delivery (to resume after a start). */
  all(): Promise<PendingDelivery[]>;
  /** The delivery as stored now, or undefined once it is done (by any instance). */
  current(delivery: PendingDelivery): Promise<PendingDelivery | undefined>;
  /** Takes the lock of one attempt at `id` for `ttlMs`; false while another instance holds it. */
  lock(id: string, ttlMs: number): Promise<boolean>;
  unlock(id: string): Promise<void>;
  /** The commits of the last build whose changes were queued; undefined when none was recorded. */
  lastBuild(): Promise<string[] | undefined>;
  recordBuild(commits: string[]): Promise<void>;
}

/** In memory: lost with the process. */
export class MemoryDeliveryStore implements DeliveryStore {
  private readonly pending = new Map<string, PendingDelivery>();
  private readonly claimed = new Set<string>();
  private readonly locked = new Set<string>();
  private last: string[] | undefined;
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
  async current(d: PendingDelivery): Promise<PendingDelivery | undefined> {
    return this.pending.get(d.id);
  }
  async lock(id: string): Promise<boolean> {
    if (this.locked.has(id)) return false;
    this.locked.add(id);
    return true;
  }
  async unlock(id: string): Promise<void> {
    this.locked.delete(id);
  }
  async lastBuild(): Promise<string[] | undefined> {
    return this.last;
  }
  async recordBuild(commits: string[]): Promise<void> {
    this.last = commits;
  }
}

/** The Redis hash of pending deliveries, field = message id. */
const KEY = 'ocd-webhooks:pending';
/** Claims of message ids (SET NX), kept a day so that an instance reloading later does not send a delivered message again. */
const CLAIM_PREFIX = 'ocd-webhooks:claim:';
const CLAIM_SECONDS = 86_400;
/** The lock of one attempt (SET NX PX, the holder's token as value). */
const LOCK_PREFIX = 'ocd-webhooks:lock:';
/** The commits of the last build whose changes were queued (JSON array). */
const LAST_BUILD = 'ocd-webhooks:last-build';
/** Deletes a lock only when it still holds this holder's token (it may have expired and been taken since). */
const UNLOCK_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** In Redis; in memory while Redis does not answer. */
export class RedisDeliveryStore implements DeliveryStore {
  private readonly memory = new MemoryDeliveryStore();
  /** This instance's lock token. */
  private readonly token = randomUUID();
  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
  ) {}

  private async guarded<T>(run: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.logger.warn(
        { event: 'webhook-store-error', error: error instanceof Error ? error.message : String(error) },
        'Redis unavailable; webhook deliveries kept in memory',
      );
      return fallback();
    }
  }
  claim(d: PendingDelivery): Promise<boolean> {
    return this.guarded(
      async () => {
        if ((await this.redis.set(`${CLAIM_PREFIX}${d.id}`, '1', 'EX', CLAIM_SECONDS, 'NX')) !== 'OK') return false;
        await this.redis.hset(KEY, d.id, JSON.stringify(d));
        return true;
      },
      () => this.memory.claim(d),
    );
  }
  save(d: PendingDelivery): Promise<void> {
    return this.guarded(
      async () => void (await this.redis.hset(KEY, d.id, JSON.stringify(d))),
      () => this.memory.save(d),
    );
  }
  remove(id: string): Promise<void> {
    return this.guarded(
      async () => void (await this.redis.hdel(KEY, id)),
      () => this.memory.remove(id),
    );
  }
  all(): Promise<PendingDelivery[]> {
    return this.guarded(
      async () => Object.values(await this.redis.hgetall(KEY)).map((v) => JSON.parse(v) as PendingDelivery),
      () => this.memory.all(),
    );
  }
  current(d: PendingDelivery): Promise<PendingDelivery | undefined> {
    return this.guarded(
      async () => {
        const stored = await this.redis.hget(KEY, d.id);
        return stored === null ? undefined : (JSON.parse(stored) as PendingDelivery);
      },
      async () => (await this.memory.current(d)) ?? d,
    ); // while Redis does not answer, the delivery is taken as still pending
  }
  lock(id: string, ttlMs: number): Promise<boolean> {
    return this.guarded(
      async () => (await this.redis.set(`${LOCK_PREFIX}${id}`, this.token, 'PX', ttlMs, 'NX')) === 'OK',
      () => this.memory.lock(id),
    );
  }
  unlock(id: string): Promise<void> {
    return this.guarded(
      async () => void (await this.redis.eval(UNLOCK_SCRIPT, 1, `${LOCK_PREFIX}${id}`, this.token)),
      () => this.memory.unlock(id),
    );
  }
  lastBuild(): Promise<string[] | undefined> {
    return this.guarded(
      async () => {
        const stored = await this.redis.get(LAST_BUILD);
        return stored === null ? undefined : (JSON.parse(stored) as string[]);
      },
      () => this.memory.lastBuild(),
    );
  }
  recordBuild(commits: string[]): Promise<void> {
    return this.guarded(
      async () => void (await this.redis.set(LAST_BUILD, JSON.stringify(commits))),
      () => this.memory.recordBuild(commits),
    );
  }
}
