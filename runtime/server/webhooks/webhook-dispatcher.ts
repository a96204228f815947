/**
 * Delivers change webhooks (docs/webhooks.md): when a reload brings changes from new commits,
 * each webhook that wants some gets one signed message; a failed attempt is tried again after
 * the configured waits (exponential by default), then given up. Everything runs on timers after
 * the reload has returned: request handling never waits for a delivery. Emits `delivered`,
 * `retrying`, `gave-up` and `refused` with `{ id, target, attempts, status, error }` (logs and tests).
 */
import { EventEmitter } from 'node:events';
import type { RuntimeModel } from '../../domain/contract/model.js';
import type { Logger } from '../log.js';
import { changeMessages, newChanges } from './change-messages.js';
import type { DeliveryStore, PendingDelivery } from './delivery-store.js';
import type { WebhookSettings } from './webhook-config.js';
import { sendSigned } from './webhook-sender.js';

/** What an event reports of a delivery. */
export interface DeliveryEvent {
  id: string;
  target: string;
  attempts: number;
  status: number | null;
  error: string | null;
}

export class WebhookDispatcher extends EventEmitter {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  /** @param clock the time (ms since the epoch) of signatures and schedules; Date.now by default */
  constructor(private readonly settings: WebhookSettings, private readonly store: DeliveryStore, private readonly logger: Logger, private readonly clock: () => number = Date.now) {
    super();
  }

  /** Resumes the deliveries a previous process left pending (Redis store). */
  async resume(): Promise<void> {
    for (const d of await this.store.all()) this.schedule(d);
  }

  /** Queues the messages for the changes `next` has and `previous` had not; returns how many messages were queued. */
  async changed(previous: RuntimeModel, next: RuntimeModel): Promise<number> {
    const messages = changeMessages(this.settings.targets, newChanges(previous, next), next.site, new Date(this.clock()).toISOString());
    let queued = 0;
    for (const m of messages) {
      const delivery: PendingDelivery = { ...m, attempts: 0, due: this.clock() };
      if (!(await this.store.claim(delivery))) continue;
      queued++;
      this.schedule(delivery);
    }
    return queued;
  }

  /** Stops every timer (shutdown); pending deliveries stay in the store. */
  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private schedule(d: PendingDelivery): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(d);
    }, Math.max(0, d.due - this.clock()));
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(d: PendingDelivery): Promise<void> {
    const target = this.settings.targets.find((t) => t.id === d.target);
    if (!target) return void (await this.store.remove(d.id)); // the webhook was removed from the configuration
    const result = await sendSigned(target.url, d.id, d.payload, {
      secret: target.secret, timeoutMs: this.settings.requestTimeoutMs, allowPrivateNetworks: this.settings.allowPrivateNetworks, now: new Date(this.clock()),
    });
    const attempts = d.attempts + 1;
    const report = (event: string, error: string | null): DeliveryEvent => {
      const body = { id: d.id, target: d.target, attempts, status: result.status, error };
      this.emit(event, body);
      return body;
    };
    if (result.outcome === 'delivered') {
      await this.store.remove(d.id);
      this.logger.info({ event: 'webhook-delivered', ...report('delivered', null) }, 'webhook delivered');
      return;
    }
    const wait = this.settings.retryDelaysMs[attempts - 1];
    if (result.outcome === 'refused' || wait === undefined) {
      await this.store.remove(d.id);
      const kind = result.outcome === 'refused' ? 'refused' : 'gave-up';
      this.logger.error({ event: `webhook-${kind}`, ...report(kind, result.error) }, result.outcome === 'refused' ? 'webhook refused; not retried' : 'webhook given up after the last retry');
      return;
    }
    const next: PendingDelivery = { ...d, attempts, due: this.clock() + wait };
    await this.store.save(next);
    this.logger.warn({ event: 'webhook-retrying', retry_in_ms: wait, ...report('retrying', result.error) }, 'webhook failed; retrying');
    this.schedule(next);
  }
}
