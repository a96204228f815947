/**
 * Delivers change webhooks (docs/webhooks.md): when a new build brings changes from new commits,
 * each webhook that wants some gets one signed message; a failed attempt is tried again after
 * the configured waits (exponential by default), then given up. A new build is compared with
 * the one before it on reload, and at start (and whenever Redis becomes ready) with the last
 * build the store recorded, so a build that arrives by a restart is reported too. Everything
 * runs on timers: request handling never waits for a delivery. Each attempt is made under the
 * store's lock after reading the delivery as stored, so instances sharing Redis send a message
 * once (./delivery-store.ts). An error anywhere in a delivery is caught, counted
 * (`internalErrors`) and logged (`webhook-error`); the delivery is tried again.
 * Emits `delivered`, `retrying`, `gave-up`, `refused` and `internal-error` (WEBHOOK_OUTCOMES) with
 * `{ id, target, attempts, status, error }` (logs, tests and the /metrics counter ocd_webhook_events_total),
 * and `done-elsewhere` when a delivery it was to attempt had been delivered or given up by another instance.
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

/** Milliseconds an attempt's lock outlives its deadline (the store's round trips after the request). */
const LOCK_MARGIN_MS = 5_000;

const commitsOf = (model: RuntimeModel): string[] => [...new Set(model.changes.map((e) => e.commit))];
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The events a dispatcher emits for a delivery, each with a DeliveryEvent (counted on /metrics as ocd_webhook_events_total). */
export const WEBHOOK_OUTCOMES = ['delivered', 'retrying', 'gave-up', 'refused', 'internal-error'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export class WebhookDispatcher extends EventEmitter {
  /** The timer of each delivery id scheduled in this process, so resuming twice does not attempt one twice. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;
  /** Errors caught in deliveries (thrown by the store or this code), since start. */
  internalErrors = 0;

  /** @param clock the time (ms since the epoch) of signatures and schedules; Date.now by default */
  constructor(
    private readonly settings: WebhookSettings,
    private readonly store: DeliveryStore,
    private readonly logger: Logger,
    private readonly clock: () => number = Date.now,
  ) {
    super();
  }

  /**
   * At start, and again whenever the store's Redis becomes ready: resumes the deliveries left
   * pending, and queues the changes `model` has that the last recorded build had not (none
   * recorded: `model` is recorded and nothing is sent). Returns how many messages were queued.
   */
  async start(model: RuntimeModel): Promise<number> {
    for (const d of await this.store.all()) this.schedule(d);
    const last = await this.store.lastBuild();
    const queued = last ? await this.queue(new Set(last), model) : 0;
    await this.store.recordBuild(commitsOf(model));
    return queued;
  }

  /** Queues the messages for the changes `next` has and `previous` had not (a reload); returns how many messages were queued. */
  async changed(previous: RuntimeModel, next: RuntimeModel): Promise<number> {
    const queued = await this.queue(new Set(commitsOf(previous)), next);
    await this.store.recordBuild(commitsOf(next));
    return queued;
  }

  /** Stops every timer (shutdown); pending deliveries stay in the store. */
  close(): void {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private async queue(known: ReadonlySet<string>, next: RuntimeModel): Promise<number> {
    const messages = changeMessages(this.settings.targets, newChanges(known, next), next.site, new Date(this.clock()).toISOString());
    let queued = 0;
    for (const m of messages) {
      const delivery: PendingDelivery = { ...m, attempts: 0, due: this.clock() };
      if (!(await this.store.claim(delivery))) continue;
      queued++;
      this.schedule(delivery);
    }
    return queued;
  }

  private schedule(d: PendingDelivery): void {
    if (this.closed || this.timers.has(d.id)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(d.id);
        this.attempt(d).catch((error: unknown) => {
          this.caught(d, error);
          this.schedule({ ...d, due: this.clock() + (this.settings.retryDelaysMs[0] ?? LOCK_MARGIN_MS) });
        });
      },
      Math.max(0, d.due - this.clock()),
    );
    timer.unref();
    this.timers.set(d.id, timer);
  }

  /** Counts and logs an error caught in a delivery. */
  private caught(d: PendingDelivery, error: unknown): void {
    this.internalErrors++;
    this.emit('internal-error', { id: d.id, target: d.target, attempts: d.attempts, status: null, error: messageOf(error) } satisfies DeliveryEvent);
    this.logger.error(
      { event: 'webhook-error', id: d.id, target: d.target, error: messageOf(error), internal_errors: this.internalErrors },
      'webhook delivery error; tried again',
    );
  }

  /** One attempt under the store's lock (see the module comment). */
  private async attempt(d: PendingDelivery): Promise<void> {
    const lockMs = this.settings.requestTimeoutMs + LOCK_MARGIN_MS;
    if (!(await this.store.lock(d.id, lockMs))) {
      // another instance is making an attempt: look again once its lock has expired
      this.schedule({ ...d, due: this.clock() + lockMs });
      return;
    }
    try {
      const current = await this.store.current(d);
      if (!current) return void this.emit('done-elsewhere', { id: d.id, target: d.target, attempts: d.attempts, status: null, error: null }); // delivered, refused or given up by another instance
      if (current.due > this.clock()) return this.schedule(current); // another instance made this attempt and set the next
      await this.send(current);
    } finally {
      await this.store.unlock(d.id);
    }
  }

  private async send(d: PendingDelivery): Promise<void> {
    const target = this.settings.targets.find((t) => t.id === d.target);
    if (!target) return void (await this.store.remove(d.id)); // the webhook was removed from the configuration
    // never rejects: a failure is an outcome
    const result = await sendSigned(target.url, d.id, d.payload, {
      secret: target.secret,
      timeoutMs: this.settings.requestTimeoutMs,
      allowPrivateNetworks: this.settings.allowPrivateNetworks,
      now: new Date(this.clock()),
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
      this.logger.error(
        { event: `webhook-${kind}`, ...report(kind, result.error) },
        result.outcome === 'refused' ? 'webhook refused; not retried' : 'webhook given up after the last retry',
      );
      return;
    }
    const next: PendingDelivery = { ...d, attempts, due: this.clock() + wait };
    await this.store.save(next);
    this.logger.warn({ event: 'webhook-retrying', retry_in_ms: wait, ...report('retrying', result.error) }, 'webhook failed; retrying');
    this.schedule(next);
  }
}
