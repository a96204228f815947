/**
 * Prometheus metrics (prom-client), served on a port of their own (METRICS_PORT; off when
 * unset) so they are never public by accident. Counted: requests by route and status and
 * their latency (histogram, seconds), rate-limit refusals (401/429), reloads by result;
 * read at scrape time: where rate limits are counted (Redis state) and the dist served
 * (evaluation date, methodology version, platforms). Routes are the operation paths of
 * the API (`/v1/platforms/{name}`, from the catalogue), the machine-readable files, /mcp and
 * the probes, `site` for pages and files, `other` for anything else, so the number of series
 * stays bounded whatever the URLs requested.
 */
import type { Registry } from 'prom-client';
import type { RedisState } from './http/redis-breaker.js';
import type { AccessEntry } from './log.js';
import { matchApiRoute } from './http/api-routes.js';
import { probePath } from './http/probes.js';
import { SERVICE_PATHS } from '../domain/contract/urls.js';
import type { WebhookOutcome } from './webhooks/webhook-dispatcher.js';

/** What the metrics read when they are scraped. */
export interface MetricsState {
  redis: RedisState;
  evaluationDate: string;
  methodologyVersion: string;
  platforms: number;
}

export interface Metrics {
  registry: Registry;
  /** One answered request (the access-log entry). */
  observeRequest(entry: AccessEntry): void;
  /** One reload of dist/ (SIGHUP): swapped in, or refused. */
  observeReload(result: 'ok' | 'refused'): void;
  /** One webhook delivery event (webhooks/webhook-dispatcher.ts WEBHOOK_OUTCOMES): an attempt's outcome, or an error caught in a delivery. */
  observeWebhook(outcome: WebhookOutcome): void;
}

/**
 * The route label of a URL path: the path template of the catalogue's operation that answers it
 * (http/api-routes.ts), /openapi.json, `/.well-known/*` for the manifests and the MCP server card,
 * /mcp, the probes, else `site` (pages, assets, open data) or `other` (/v1 and /mcp paths no route answers).
 */
function routeLabel(path: string): string {
  const match = matchApiRoute(path);
  if (match) return match.route.kind === 'operation' ? match.route.operation.path : path.startsWith('/.well-known/') ? '/.well-known/*' : path;
  if (path === SERVICE_PATHS.mcp) return path;
  if (probePath(path)) return '/healthz, /readyz';
  return /^\/(v1|mcp)(\/|$)/.test(path) ? 'other' : 'site';
}

const REDIS_STATE_VALUE: Record<RedisState, number> = { not_configured: 0, connected: 1, unreachable: 2 };

/** The metrics of one runtime process (loads prom-client: call only when metrics are on). */
export async function createMetrics(state: () => MetricsState): Promise<Metrics> {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'ocd_http_requests_total',
    help: 'Requests answered, by route and status',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'ocd_http_request_duration_seconds',
    help: "Time from a request's arrival to its answer, by route",
    labelNames: ['route'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'ocd_rate_limit_refusals_total',
    help: 'Requests refused by the rate limits or the API key check, by status (401, 429)',
    labelNames: ['status'],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'ocd_webhook_events_total',
    help: 'Change-webhook delivery events, by outcome: delivered, retrying (an attempt failed, another is due), gave-up (the last retry failed), refused (a target not allowed), internal-error (an error caught in a delivery, which is tried again)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const reloads = new Counter({ name: 'ocd_reloads_total', help: 'Reloads of dist/ (SIGHUP), by result', labelNames: ['result'], registers: [registry] });
  new Gauge({
    name: 'ocd_redis_state',
    help: 'Where rate limits are counted: 0 no Redis configured, 1 Redis (shared), 2 memory because Redis does not answer',
    registers: [registry],
    collect() {
      this.set(REDIS_STATE_VALUE[state().redis]);
    },
  });
  new Gauge({
    name: 'ocd_dist_info',
    help: 'The dist served (value 1): its evaluation date, methodology version and platform count',
    labelNames: ['evaluation_date', 'methodology_version', 'platforms'],
    registers: [registry],
    collect() {
      const s = state();
      this.reset();
      this.set({ evaluation_date: s.evaluationDate, methodology_version: s.methodologyVersion, platforms: String(s.platforms) }, 1);
    },
  });
  return {
    registry,
    observeRequest(entry) {
      const route = routeLabel(entry.path);
      requests.inc({ route, status: String(entry.status) });
      latency.observe({ route }, entry.ms / 1000);
      if (entry.status === 429 || entry.status === 401) refusals.inc({ status: String(entry.status) });
    },
    observeReload(result) {
      reloads.inc({ result });
    },
    observeWebhook(outcome) {
      webhooks.inc({ outcome });
    },
  };
}
