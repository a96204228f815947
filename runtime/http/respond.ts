/**
 * Turning operation results into HTTP responses: precomputed bytes as they
 * are, computed bodies as JSON, problems as application/problem+json.
 */
import type { OperationResult } from '../operations/result.js';
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
  return send(method, spec.status, PROBLEM_CONTENT_TYPE, JSON.stringify(problemBody(baseUrl, spec, instance)), extra);
}

/** The response for an operation result. */
export function resultResponse(method: string, baseUrl: string, result: OperationResult, instance: string): Response {
  switch (result.kind) {
    case 'bytes':
      return send(method, 200, JSON_CONTENT_TYPE, result.bytes);
    case 'body':
      return send(method, 200, JSON_CONTENT_TYPE, JSON.stringify(result.body));
    case 'problem':
      return problemResponse(method, baseUrl, result.problem, instance);
  }
}
