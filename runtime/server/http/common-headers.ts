/**
 * Headers every response carries (README "REST API", HTTP behaviour): a request id,
 * nosniff, and CORS for any origin (the API is public and read-only; /mcp is
 * POST from any origin too). Made once per request by the request listener
 * (http/request-listener.ts); the app's onResponse hook adds them to responses built without them.
 */
import { randomUUID } from 'node:crypto';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it is a short token, else a new UUID. */
export function requestIdFor(incoming: string | null): string {
  return incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

const SHARED = {
  'x-content-type-options': 'nosniff',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, X-Request-Id, Retry-After, RateLimit, RateLimit-Policy, Ignored-Query-Parameters',
} as const;

/** The common headers of one request, as a plain object (responses built with them skip applyCommonHeaders). */
export function commonHeaders(requestId: string): Record<string, string> {
  return { 'x-request-id': requestId, ...SHARED };
}

/**
 * Adds a request's common headers (commonHeaders, with the rate-limit state of its admission) to a
 * response (its headers must be mutable, as for any `new Response`); Cache-Control defaults to no-store.
 */
export function applyCommonHeaders(headers: Headers, common: Record<string, string>): void {
  for (const [name, value] of Object.entries(common)) headers.set(name, value);
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
}

/** Headers of a CORS preflight answer (204) for the given allowed methods. */
export function preflightHeaders(methods: string): Record<string, string> {
  return {
    'access-control-allow-methods': methods,
    'access-control-allow-headers': 'Content-Type, Accept, X-API-Key, If-None-Match, X-Request-Id, Mcp-Protocol-Version, Mcp-Session-Id',
    'access-control-max-age': '86400',
  };
}
