/**
 * GET or HEAD /healthz (liveness: the process answers) and /readyz (readiness: the dist it
 * serves and where rate limits are counted), with or without a query string (a cache buster
 * changes nothing). Never rate-limited, never cached, no disk access (docs/operations.md).
 */
import type { Served } from '../served.js';
import type { RedisState } from './redis-breaker.js';
import { CACHE_CONTROL } from './caching.js';
import { JSON_CONTENT_TYPE, type Reply } from './reply.js';

/** The probe a request target names ('/healthz' or '/readyz'), or undefined. */
export function probePath(url: string): '/healthz' | '/readyz' | undefined {
  if (!url.startsWith('/healthz') && !url.startsWith('/readyz')) return undefined;
  const path = url.split('?', 1)[0];
  return path === '/healthz' || path === '/readyz' ? path : undefined;
}

/**
 * The probe's answer.
 * @param redis where the rate limits are counted now (http/redis-breaker.ts)
 * @param common the request's common headers
 */
export function probeReply(method: string, path: '/healthz' | '/readyz', served: Served, redis: RedisState, common: Record<string, string>): Reply {
  const body =
    path === '/healthz'
      ? { status: 'ok' }
      : {
          status: 'ready',
          dist: {
            evaluation_date: served.model.site.evaluation_date,
            methodology_version: served.model.site.methodology_version,
            platforms: served.bySlug.size,
          },
          redis,
          rate_limits: redis === 'connected' ? 'shared' : 'per_instance',
        };
  const bytes = Buffer.from(JSON.stringify(body));
  const headers = { ...common, 'content-type': JSON_CONTENT_TYPE, 'content-length': String(bytes.length), 'cache-control': CACHE_CONTROL.probe };
  return { status: 200, headers, body: method === 'HEAD' ? null : bytes };
}
