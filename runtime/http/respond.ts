/**
 * Turning operation results into HTTP responses: precomputed bytes as they
 * are, computed bodies as JSON, problems as application/problem+json.
 */
import type { OperationResult } from '../operations/result.js';
import { CACHE_CONTROL, etagOf, matchesIfNoneMatch } from './caching.js';
import { compressed, pickEncoding } from './compression.js';
import { PROBLEM_CONTENT_TYPE, problemBody, type ProblemSpec } from './problem.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A response with the body omitted for HEAD (headers, including Content-Length, kept). */
function send(method: string, status: number, contentType: string, payload: Buffer | string, extra?: Record<string, string>): Response {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const headers = { 'content-type': contentType, 'content-length': String(bytes.length), ...extra };
  return new Response(method === 'HEAD' ? null : bytes, { status, headers });
}

/** The problem+json response for a problem. */
export function problemResponse(method: string, baseUrl: string, spec: ProblemSpec, instance?: string, extra?: Record<string, string>): Response {
  return send(method, spec.status, PROBLEM_CONTENT_TYPE, JSON.stringify(problemBody(baseUrl, spec, instance)), { 'cache-control': CACHE_CONTROL.error, ...extra });
}

/**
 * A precomputed body with its strong ETag, compressed when the caller accepts br or gzip;
 * 304 without a body when If-None-Match matches.
 * @param contentType defaults to JSON
 * @param extra further headers (e.g. Content-Security-Policy of a page)
 */
export function bytesResponse(
  method: string,
  bytes: Buffer,
  request: { ifNoneMatch: string | null; acceptEncoding: string | null },
  contentType: string = JSON_CONTENT_TYPE,
  extra?: Record<string, string>,
): Response {
  const encoding = pickEncoding(request.acceptEncoding, bytes.length);
  const body = encoding ? compressed(bytes, encoding) : bytes;
  const etag = encoding ? `${etagOf(bytes).slice(0, -1)}-${encoding}"` : etagOf(bytes);
  const headers: Record<string, string> = { etag, 'cache-control': CACHE_CONTROL.precomputed, vary: 'Accept-Encoding', ...extra };
  if (encoding) headers['content-encoding'] = encoding;
  if (matchesIfNoneMatch(request.ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return send(method, 200, contentType, body, headers);
}

/** The response for an operation result; precomputed bytes honour If-None-Match. */
export function resultResponse(
  method: string,
  baseUrl: string,
  result: OperationResult,
  instance: string,
  request: { ifNoneMatch: string | null; acceptEncoding: string | null },
): Response {
  switch (result.kind) {
    case 'bytes':
      return bytesResponse(method, result.bytes, request);
    case 'body':
      return send(method, 200, JSON_CONTENT_TYPE, JSON.stringify(result.body), { 'cache-control': CACHE_CONTROL.computed });
    case 'problem':
      return problemResponse(method, baseUrl, result.problem, instance);
  }
}
