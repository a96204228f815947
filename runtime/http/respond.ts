/**
 * Turning operation results into HTTP responses: precomputed bytes as they
 * are, computed bodies as JSON, problems as application/problem+json.
 */
import { FastResponse } from 'srvx';
import type { OperationResult } from '../operations/result.js';
import { CACHE_CONTROL, etagOf, matchesIfNoneMatch } from './caching.js';
import { compressed, pickEncoding } from './compression.js';
import { PROBLEM_CONTENT_TYPE, problemBody, type ProblemSpec } from './problem.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The request headers that select a representation, and the headers every response of the request carries. */
export interface RequestContext {
  ifNoneMatch: string | null;
  acceptEncoding: string | null;
  /** Request id, CORS and rate-limit headers (http/common-headers.ts); absent: the app's onResponse hook adds them. */
  common?: Record<string, string>;
}

const withCommonHeaders = new WeakSet<Response>();

/**
 * True when a response was built with its request's common headers, so the app's onResponse
 * hook need not add them: reading `response.headers` makes a web Headers object, and that and
 * the five `set` calls cost about a quarter of the CPU of a small precomputed answer.
 */
export function carriesCommonHeaders(response: Response): boolean {
  return withCommonHeaders.has(response);
}

/**
 * A response before it is sent: status, headers (Content-Type and Content-Length included when
 * there are bytes) and the body to write (null for HEAD and 304). The h3 handlers wrap it in a
 * Response (`toResponse`); the fast path (http/fast-path.ts) writes it to node:http directly.
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
function reply(method: string, status: number, contentType: string, payload: Buffer | string | null, extra?: Record<string, string>, common?: Record<string, string>): Reply {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const headers = bytes === null ? { ...extra, ...common } : { 'content-type': contentType, 'content-length': String(bytes.length), ...extra, ...common };
  return { status, headers, body: method === 'HEAD' ? null : bytes };
}

/**
 * A Reply as a Response. srvx's FastResponse (the Response class h3 itself answers with) is a
 * standard Response whose bytes the Node adapter writes to the socket directly; a plain
 * `new Response` body goes through a web ReadableStream first, which cost about a third of the
 * CPU of serving a precomputed record (see docs/performance.md).
 * @param withCommon true when the reply already carries the request's common headers
 */
function toResponse(r: Reply, withCommon: boolean): Response {
  const response = new FastResponse(r.body, { status: r.status, headers: r.headers });
  if (withCommon) withCommonHeaders.add(response);
  return response;
}

function send(method: string, status: number, contentType: string, payload: Buffer | string | null, extra?: Record<string, string>, common?: Record<string, string>): Response {
  return toResponse(reply(method, status, contentType, payload, extra, common), common !== undefined);
}

/**
 * The problem+json response for a problem.
 * @param common the request's common headers (see RequestContext)
 */
export function problemResponse(method: string, baseUrl: string, spec: ProblemSpec, instance?: string, extra?: Record<string, string>, common?: Record<string, string>): Response {
  return toResponse(problemReply(method, baseUrl, spec, instance, extra, common), common !== undefined);
}

/** problemResponse as a Reply (for the fast path). */
export function problemReply(method: string, baseUrl: string, spec: ProblemSpec, instance?: string, extra?: Record<string, string>, common?: Record<string, string>): Reply {
  return reply(method, spec.status, PROBLEM_CONTENT_TYPE, JSON.stringify(problemBody(baseUrl, spec, instance)), { 'cache-control': CACHE_CONTROL.error, ...extra }, common);
}

/**
 * A precomputed body with its strong ETag, compressed when the caller accepts br or gzip;
 * 304 without a body when If-None-Match matches.
 * @param contentType defaults to JSON
 * @param extra further headers (e.g. Content-Security-Policy of a page)
 */
export function precomputedReply(method: string, bytes: Buffer, request: RequestContext, contentType: string = JSON_CONTENT_TYPE, extra?: Record<string, string>): Reply {
  const encoding = pickEncoding(request.acceptEncoding, bytes.length);
  const body = encoding ? compressed(bytes, encoding) : bytes;
  const etag = encoding ? `${etagOf(bytes).slice(0, -1)}-${encoding}"` : etagOf(bytes);
  const headers: Record<string, string> = { etag, 'cache-control': CACHE_CONTROL.precomputed, vary: 'Accept-Encoding', ...extra };
  if (encoding) headers['content-encoding'] = encoding;
  if (matchesIfNoneMatch(request.ifNoneMatch, etag)) return reply(method, 304, contentType, null, headers, request.common);
  return reply(method, 200, contentType, body, headers, request.common);
}

/** precomputedReply as a Response. */
export function bytesResponse(method: string, bytes: Buffer, request: RequestContext, contentType: string = JSON_CONTENT_TYPE, extra?: Record<string, string>): Response {
  return toResponse(precomputedReply(method, bytes, request, contentType, extra), request.common !== undefined);
}

/**
 * A computed body, already serialised (JSON unless `contentType` says otherwise; see computed-cache.ts); compressed like a
 * precomputed body when it is 1 KiB or more and the caller accepts br or gzip (the compressed
 * bytes are kept with the JSON buffer, so a cached body is compressed once). No ETag.
 */
export function computedReply(method: string, body: Buffer, request: RequestContext, contentType: string = JSON_CONTENT_TYPE, extra?: Record<string, string>): Reply {
  const encoding = pickEncoding(request.acceptEncoding, body.length);
  const headers: Record<string, string> = { 'cache-control': CACHE_CONTROL.computed, vary: 'Accept-Encoding', ...extra };
  if (encoding) headers['content-encoding'] = encoding;
  return reply(method, 200, contentType, encoding ? compressed(body, encoding) : body, headers, request.common);
}

/** computedReply as a Response. */
export function computedResponse(method: string, body: Buffer, request: RequestContext, contentType: string = JSON_CONTENT_TYPE, extra?: Record<string, string>): Response {
  return toResponse(computedReply(method, body, request, contentType, extra), request.common !== undefined);
}

/** The response for an operation result; precomputed bytes honour If-None-Match. */
export function resultResponse(
  method: string,
  baseUrl: string,
  result: OperationResult,
  instance: string,
  request: RequestContext,
): Response {
  switch (result.kind) {
    case 'bytes':
      return bytesResponse(method, result.bytes, request);
    case 'body':
      return computedResponse(method, Buffer.from(JSON.stringify(result.body)), request);
    case 'problem':
      return problemResponse(method, baseUrl, result.problem, instance, undefined, request.common);
  }
}
