/**
 * Replies before they are sent: status, headers and bytes, for precomputed
 * bodies (with ETag and compression), computed bodies and problems. Both the
 * request listener (http/request-listener.ts, straight to node:http) and the h3 app (as web
 * Responses: http/respond.ts) answer with these, so their answers agree. No
 * web API (Response, Headers) is touched here: the request listener answers before
 * h3 and srvx are loaded (see server.ts).
 */
import { CACHE_CONTROL, etagOf, matchesIfNoneMatch } from './caching.js';
import { compressed, pickEncoding, PRECOMPUTED_COMPRESS_MAX_BYTES, type Encoding } from './compression.js';
import { PROBLEM_CONTENT_TYPE, problemBody, type ProblemSpec } from '../../domain/contract/problem.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The request headers that select a representation, and the headers every response of the request carries. */
export interface RequestContext {
  ifNoneMatch: string | null;
  acceptEncoding: string | null;
  /** Request id, CORS and rate-limit headers (http/common-headers.ts); absent: the app's onResponse hook adds them. */
  common?: Record<string, string>;
}

/**
 * A response before it is sent: status, headers (Content-Type and Content-Length included when
 * there are bytes) and the body to write (null for HEAD and 304). The h3 handlers wrap it in a
 * Response (`toResponse`); the request listener (http/request-listener.ts) writes it to node:http directly.
 */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * The reply with the body omitted for HEAD (headers, including Content-Length, kept).
 * @param common the request's common headers, applied last
 */
function reply(
  method: string,
  status: number,
  contentType: string,
  payload: Buffer | string | null,
  extra?: Record<string, string>,
  common?: Record<string, string>,
): Reply {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const headers = bytes === null ? { ...extra, ...common } : { 'content-type': contentType, 'content-length': String(bytes.length), ...extra, ...common };
  return { status, headers, body: method === 'HEAD' ? null : bytes };
}

/** The problem+json reply for a problem. @param common the request's common headers (see RequestContext) */
export function problemReply(
  method: string,
  baseUrl: string,
  spec: ProblemSpec,
  instance?: string,
  extra?: Record<string, string>,
  common?: Record<string, string>,
): Reply {
  return reply(
    method,
    spec.status,
    PROBLEM_CONTENT_TYPE,
    JSON.stringify(problemBody(baseUrl, spec, instance)),
    { 'cache-control': CACHE_CONTROL.error, ...extra },
    common,
  );
}

/**
 * A precomputed body with its strong ETag, compressed when the caller accepts br or gzip;
 * 304 without a body when If-None-Match matches.
 * @param contentType defaults to JSON
 * @param extra further headers (e.g. Content-Security-Policy of a page)
 * @param copies the compressed copies the build wrote (a static file: StaticFiles.compressedCopy), sent as they
 *   are, the body sent uncompressed when there is none; absent: compressed here (compression.ts)
 */
export function precomputedReply(
  method: string,
  bytes: Buffer,
  request: RequestContext,
  contentType: string = JSON_CONTENT_TYPE,
  extra?: Record<string, string>,
  copies?: (encoding: Encoding) => Buffer | undefined,
): Reply {
  const picked = pickEncoding(request.acceptEncoding, bytes.length);
  const encodedBody = picked ? (copies ? copies(picked) : compressed(bytes, picked, PRECOMPUTED_COMPRESS_MAX_BYTES)) : undefined;
  const encoding = encodedBody ? picked : null;
  const etag = encoding ? `${etagOf(bytes).slice(0, -1)}-${encoding}"` : etagOf(bytes);
  const headers: Record<string, string> = { etag, 'cache-control': CACHE_CONTROL.precomputed, vary: 'Accept-Encoding', ...extra };
  if (encoding) headers['content-encoding'] = encoding;
  if (matchesIfNoneMatch(request.ifNoneMatch, etag)) return reply(method, 304, contentType, null, headers, request.common);
  return reply(method, 200, contentType, encodedBody ?? bytes, headers, request.common);
}

/**
 * A computed body, already serialised (JSON unless `contentType` says otherwise; see computed-cache.ts); compressed like a
 * precomputed body when it is 1 KiB to 256 KiB and the caller accepts br or gzip (the compressed
 * bytes are kept with the JSON buffer, so a cached body is compressed once). No ETag.
 */
export function computedReply(
  method: string,
  body: Buffer,
  request: RequestContext,
  contentType: string = JSON_CONTENT_TYPE,
  extra?: Record<string, string>,
): Reply {
  const picked = pickEncoding(request.acceptEncoding, body.length);
  const encodedBody = picked ? compressed(body, picked) : undefined;
  const headers: Record<string, string> = { 'cache-control': CACHE_CONTROL.computed, vary: 'Accept-Encoding', ...extra };
  if (encodedBody) headers['content-encoding'] = picked!;
  return reply(method, 200, contentType, encodedBody ?? body, headers, request.common);
}
