/**
 * Answering an API route (http/api-routes.ts) for the request listener, with no web framework
 * in the way: the method (OPTIONS: CORS preflight; other than GET and HEAD: 405), the Accept
 * header (406 when it rules out JSON), the query (http/query.ts: a typo of a known parameter is a
 * 400 naming it, other unknown parameters ignored and named in a header and the body, list
 * parameters joined, others once), the path parameter (percent-decoded,
 * length-checked), then the operation over the served dataset. A computed body is kept in the
 * computed-body cache by its request target (http/computed-cache.ts), so the same URL is answered
 * from bytes next time; an answer with ignored parameters is not kept (a cache buster differs
 * on every request).
 */
import type { Served } from '../served.js';
import type { ApiRoute } from './api-routes.js';
import { acceptsJson } from './accept.js';
import { readOnlyMethodReply } from './read-only-method.js';
import { errorReply } from './error-reply.js';
import { ignoredParametersValue, IGNORED_PARAMETERS_HEADER, readQuery } from './query.js';
import { computedReply, precomputedReply, type Reply, type RequestContext } from './reply.js';
import { fail, type OperationResult } from '../../domain/operations/result.js';
import type { OperationInput } from '../../domain/operations/catalogue.js';
import { invalidParameters, type ProblemSpec } from '../../domain/contract/problem.js';
import { maxLengthMessage } from '../../domain/contract/parameter-rules.js';

/** The problem of an Accept header that rules out JSON (RFC 9110 15.5.7). */
const NOT_ACCEPTABLE: ProblemSpec = {
  status: 406,
  name: 'not-acceptable',
  title: 'Not acceptable',
  detail: 'This endpoint answers application/json (errors application/problem+json); send Accept: application/json or leave Accept out.',
};

/** What answering a request needs from it. */
export interface ApiRequest {
  method: string;
  /** The normalised path and the query (with its "?", or empty), as a URL parses them. */
  path: string;
  search: string;
  searchParams: URLSearchParams;
  /** The raw value of the route's path parameter. */
  segment: string | undefined;
  accept: string | null;
  /** If-None-Match, Accept-Encoding and the request's common headers. */
  context: RequestContext & { common: Record<string, string> };
}

/** The reply to a request for an API route. */
export function answerApi(served: Served, route: ApiRoute, request: ApiRequest): Reply {
  const { method, path, context } = request;
  const site = served.model.site;
  const problem = (spec: ProblemSpec, extra: Record<string, string> = {}) => errorReply(method, request.accept, site, spec, path, extra, context.common);
  const early = readOnlyMethodReply(method, request.accept, site, path, context.common);
  if (early) return early;
  if (!acceptsJson(request.accept)) return problem(NOT_ACCEPTABLE);
  if (route.kind === 'file') return replyOf(route.run(served), method, context, problem);

  // A computed body depends only on the served dist and the URL: the bytes made for the same URL
  // before, found before the query is read (a kept target had no ignored or invalid parameter).
  const target = path + request.search;
  const cached = served.computedCache.get(target);
  if (cached) return computedReply(method, cached, context);
  const query = readQuery(request.searchParams, route.queryNames);
  const run = (): OperationResult => {
    if (!query.ok) return fail(invalidParameters(query.errors));
    const input: OperationInput = { ...query.value.values };
    for (const { name, maxLength } of route.pathParameters) {
      let value: string;
      try {
        value = decodeURIComponent(request.segment ?? '');
      } catch {
        return fail(invalidParameters([{ parameter: name, message: 'is not valid percent-encoded UTF-8' }]));
      }
      if (value.length > maxLength) return fail(invalidParameters([{ parameter: name, message: maxLengthMessage(maxLength) }]));
      input[name] = value;
    }
    return route.operation.run(served, input, route.operation.path);
  };
  if (query.ok && query.value.ignored.length) {
    const extra = { [IGNORED_PARAMETERS_HEADER]: ignoredParametersValue(query.value.ignored) };
    const result = run();
    if (result.kind === 'problem') return problem(result.problem, extra);
    const named = withIgnoredParameters(result.kind === 'bytes' ? result.bytes : bodyBytes(result), query.value.ignored);
    return computedReply(method, named, context, undefined, extra);
  }
  const result = run();
  if (result.kind !== 'body') return replyOf(result, method, context, problem);
  const json = bodyBytes(result);
  served.computedCache.offer(target, json);
  return computedReply(method, json, context);
}

/** The reply for an operation result; precomputed bytes honour If-None-Match. */
function replyOf(result: OperationResult, method: string, context: RequestContext, problem: (spec: ProblemSpec) => Reply): Reply {
  switch (result.kind) {
    case 'bytes':
      return precomputedReply(method, result.bytes, context);
    case 'body':
      return computedReply(method, bodyBytes(result), context);
    case 'problem':
      return problem(result.problem);
  }
}

/**
 * A JSON object body with `"ignored_parameters":[...]` as its first member (the envelope's
 * optional field, api-schemas.ts), so a caller reading only the body sees what was ignored.
 * Such an answer differs from the canonical one: it is sent as computed (no ETag) and not kept.
 */
function withIgnoredParameters(json: Buffer, ignored: readonly string[]): Buffer {
  return Buffer.concat([Buffer.from(`{"ignored_parameters":${JSON.stringify(ignored)}${json.length > 2 ? ',' : ''}`), json.subarray(1)]);
}

/** A computed body's JSON bytes: the ones the operation wrote (result.json), else JSON.stringify. */
function bodyBytes(result: Extract<OperationResult, { kind: 'body' }>): Buffer {
  return result.json ?? Buffer.from(JSON.stringify(result.body));
}
