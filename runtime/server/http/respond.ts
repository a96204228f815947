/**
 * Replies (http/reply.ts) as web Responses, for the h3 app: precomputed bytes
 * as they are, computed bodies as JSON, problems as application/problem+json.
 */
import { STATUS_CODES } from 'node:http';
import { FastResponse } from 'srvx';
import { computedReply, JSON_CONTENT_TYPE, precomputedReply, problemReply, type Reply, type RequestContext } from './reply.js';
import type { Encoding } from './compression.js';
import type { ProblemSpec } from '../../domain/contract/problem.js';

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
 * A Reply as a Response. srvx's FastResponse (the Response class h3 itself answers with) is a
 * standard Response whose bytes the Node adapter writes to the socket directly; a plain
 * `new Response` body goes through a web ReadableStream first, which cost about a third of the
 * CPU of serving a precomputed record (see docs/performance.md).
 * @param withCommon true when the reply already carries the request's common headers
 */
function toResponse(r: Reply, withCommon: boolean): Response {
  // the reason phrase (RFC 9110 15): srvx would otherwise write an empty one ("HTTP/1.1 404 ")
  const response = new FastResponse(r.body, { status: r.status, statusText: STATUS_CODES[r.status], headers: r.headers });
  if (withCommon) withCommonHeaders.add(response);
  return response;
}

/** A Reply made with the request's common headers, as a Response. */
export function replyResponse(r: Reply): Response {
  return toResponse(r, true);
}

/**
 * The problem+json response for a problem, whatever the request's Accept (the app's onError: an
 * error raised before or by a route); the app's onResponse hook adds the request's common headers.
 */
export function problemResponse(method: string, baseUrl: string, spec: ProblemSpec, instance?: string): Response {
  return toResponse(problemReply(method, baseUrl, spec, instance), false);
}

/** precomputedReply as a Response. */
export function bytesResponse(
  method: string,
  bytes: Buffer,
  request: RequestContext,
  contentType: string = JSON_CONTENT_TYPE,
  extra?: Record<string, string>,
  copies?: (encoding: Encoding) => Buffer | undefined,
): Response {
  return toResponse(precomputedReply(method, bytes, request, contentType, extra, copies), request.common !== undefined);
}

/** computedReply as a Response. */
export function computedResponse(
  method: string,
  body: Buffer,
  request: RequestContext,
  contentType: string = JSON_CONTENT_TYPE,
  extra?: Record<string, string>,
): Response {
  return toResponse(computedReply(method, body, request, contentType, extra), request.common !== undefined);
}
