/**
 * The response objects of openapi.json (OpenAPI 3.1 section 4.8.17): header fields described once
 * and referenced, the 200 answers of the API and of the site's files, and the problem answers.
 */
import { CACHE_CONTROL } from '../../runtime/domain/contract/cache-control.js';

export type Json = Record<string, unknown>;

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Response header fields, described once (components.headers) and referenced by each response that carries them. */
export const HEADERS = {
  RateLimit: {
    description:
      'Requests left in the current window and seconds until one more is admitted (draft-ietf-httpapi-ratelimit-headers), e.g. `"free";r=59;t=60`; keyed plans add their monthly quota as a second item',
    schema: { type: 'string' },
    example: '"free";r=59;t=60',
  },
  'RateLimit-Policy': {
    description: 'The quota applied: `q` requests per `w` seconds, per plan (draft-ietf-httpapi-ratelimit-headers)',
    schema: { type: 'string' },
    example: '"free";q=60;w=60',
  },
  ETag: {
    description: 'Strong entity tag of a precomputed body (the first 32 hex digits of its SHA-256); send it in If-None-Match for a 304',
    schema: { type: 'string' },
    example: '"3f5c0d7e9b2a41c8a6d4e2f1b0c9a8d7"',
  },
  'Cache-Control': {
    description: `\`${CACHE_CONTROL.precomputed}\` for precomputed bodies and files, \`${CACHE_CONTROL.computed}\` for answers computed from the parameters, \`${CACHE_CONTROL.error}\` for errors`,
    schema: { type: 'string' },
    example: CACHE_CONTROL.precomputed,
  },
  'X-Request-Id': {
    description: "The id of this request in the service log: the caller's X-Request-Id when it is 1 to 128 visible ASCII characters, else a new one",
    schema: { type: 'string' },
  },
  'Ignored-Query-Parameters': {
    description:
      "Query parameters the operation does not take, ignored and named here (comma-separated) and in the body's `ignored_parameters`; such an answer is not stored by caches. A near miss of a known parameter is a 400 instead",
    schema: { type: 'string' },
    example: 'utm_source, _',
  },
  'Retry-After': { description: 'Seconds until a request is admitted again', schema: { type: 'integer', minimum: 1 }, example: 12 },
};

/** The header fields of a counted API answer: rate-limit state, caching, request id, ignored parameters; ETag when precomputed. */
export const apiHeaders = (precomputed: boolean) => ({
  RateLimit: header('RateLimit'),
  'RateLimit-Policy': header('RateLimit-Policy'),
  'Cache-Control': header('Cache-Control'),
  'X-Request-Id': header('X-Request-Id'),
  'Ignored-Query-Parameters': header('Ignored-Query-Parameters'),
  ...(precomputed ? { ETag: header('ETag') } : {}),
});
/** The header fields of a file of the site (not counted against the API limit). */
export const fileHeaders = { ETag: header('ETag'), 'Cache-Control': header('Cache-Control'), 'X-Request-Id': header('X-Request-Id') };

/** An error answer: problem+json, or the same as an HTML page for a browser (Accept preferring text/html). */
export const problem = (description: string) => ({
  description: `${description}. A browser (Accept preferring text/html) gets it as an HTML page.`,
  headers: { 'X-Request-Id': header('X-Request-Id') },
  content: { 'application/problem+json': { schema: ref('Problem') }, 'text/html': { schema: { type: 'string' } } },
});
/** A 200 JSON answer of the API; `precomputed` bodies (built by the build) carry an ETag. */
export const ok = (schema: string, description: string, precomputed = false) => ({
  description,
  headers: apiHeaders(precomputed),
  content: { 'application/json': { schema: ref(schema) } },
});
export const commonErrors = {
  '400': problem(
    'Invalid parameters: a near miss of a known parameter (`errors` says which was meant), a repeated parameter, more than 20 parameters, or an undecodable URL; `errors` lists each parameter and what is allowed',
  ),
  '401': problem('X-API-Key is malformed or unknown (leave it out for the free plan)'),
  '403': problem(
    'The Host header names a host the service is not published under (DNS-rebinding protection; README "Configuration", ALLOWED_HOSTS): `detail` names the header and the hosts allowed',
  ),
  '404': problem('Unknown path or resource (problem+json; for platform names with up to three suggestions)'),
  '405': problem('Method not allowed; the Allow header lists GET, HEAD'),
  '406': problem('Accept rules out application/json'),
  '429': {
    ...problem('Rate limit exceeded: see Retry-After and the RateLimit / RateLimit-Policy header fields'),
    headers: {
      'Retry-After': header('Retry-After'),
      RateLimit: header('RateLimit'),
      'RateLimit-Policy': header('RateLimit-Policy'),
      'X-Request-Id': header('X-Request-Id'),
    },
  },
};
/** Precomputed bodies carry a strong ETag; a matching If-None-Match gets 304. */
export const notModified = { '304': { description: 'Not modified: If-None-Match matched the ETag of this precomputed body' } };
export const badRequest = problem('Invalid parameter: `errors` lists each parameter and what is allowed');

/** The errors a file of the site can meet: never counted against the API limit, so no 401 or 429; 403 for a Host not allowed. */
export const siteErrors = { '403': commonErrors['403'], '404': commonErrors['404'], '405': commonErrors['405'] };
