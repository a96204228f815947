/**
 * The h3 app: thin REST handlers over the operations. Every route answers GET
 * and HEAD; other methods get 405 with Allow; unknown paths 404; any thrown
 * error a 500 problem without internals. All bodies come from the served dist.
 */
import { STATUS_CODES } from 'node:http';
import { H3, onResponse, type H3Event } from 'h3';
import { pathParam } from './http/path-param.js';
import { registerSitePages } from './site-routes.js';
import type { Served } from './served.js';
import { OPERATIONS, type ApiOperation, type OperationInput } from '../domain/operations/catalogue.js';
import { bytes, fail, type OperationResult } from '../domain/operations/result.js';
import { LIMITS } from '../domain/contract/parameter-rules.js';
import { INTERNAL_ERROR, invalidParameters, notFound, PROBLEM_CONTENT_TYPE, type ProblemSpec } from '../domain/contract/problem.js';
import { ignoredParametersValue, IGNORED_PARAMETERS_HEADER, readQuery } from './http/query.js';
import { acceptsJson, prefersHtml } from './http/accept.js';
import type { AdmittedRequest, RequestListenerOptions } from './http/request-listener.js';
import { accessLog, type AccessEntry } from './log.js';
import { bytesResponse, carriesCommonHeaders, computedResponse, problemResponse, resultResponse } from './http/respond.js';
import type { RequestContext } from './http/reply.js';
import { contentSecurityPolicy, HTML_CONTENT_TYPE } from './static-files.js';
import { problemPageReply } from './http/error-reply.js';
import type { Problem } from '../domain/contract/api-schemas.js';
import { applyCommonHeaders, commonHeaders, preflightHeaders, requestIdFor } from './http/common-headers.js';

declare module 'h3' {
  interface H3EventContext {
    /** The request as the request listener admitted it (http/request-listener.ts). */
    admitted?: AdmittedRequest;
  }
}

const READ_METHODS = ['GET', 'HEAD'];
const ALLOW = READ_METHODS.join(', ');

const methodNotAllowed = (method: string): ProblemSpec => ({
  status: 405,
  name: 'method-not-allowed',
  title: 'Method not allowed',
  detail: `${method} is not allowed here; this API is read-only: use ${ALLOW}.`,
});

const notAcceptable: ProblemSpec = {
  status: 406,
  name: 'not-acceptable',
  title: 'Not acceptable',
  detail: 'This endpoint answers application/json (errors application/problem+json); send Accept: application/json or leave Accept out.',
};

const badRequest: ProblemSpec = {
  status: 400,
  name: 'bad-request',
  title: 'Bad request',
  detail: 'The request could not be read; check that the URL is valid percent-encoded UTF-8.',
};

/** The admitted request of an event: set by the request listener; made here for an event that did not come through it. */
const admittedOf = (event: H3Event): AdmittedRequest =>
  (event.context.admitted ??= { common: commonHeaders(requestIdFor(event.req.headers.get('x-request-id'))), startedAt: performance.now() });

/** The request headers that select a precomputed representation, and the headers every response carries (request id, CORS, rate-limit state). */
const conditional = (event: H3Event): RequestContext => ({
  ifNoneMatch: event.req.headers.get('if-none-match'),
  acceptEncoding: event.req.headers.get('accept-encoding'),
  common: admittedOf(event).common,
});

/** What the app needs besides the served dist: the request listener's options (the app logs its own answers). */
export type AppOptions = Pick<RequestListenerOptions, 'logger' | 'observe'>;

/**
 * Builds the app.
 * @param served returns the current Served value (a function so a reload can swap it)
 */
export function createApp(served: () => Served, options: AppOptions): H3 {
  const app = new H3({
    onResponse: (response, event) => {
      const admitted = admittedOf(event);
      // Responses built from conditional(event) already carry these; touching response.headers is costly.
      if (!carriesCommonHeaders(response)) applyCommonHeaders(response.headers, admitted.common);
      const entry: AccessEntry = {
        req_id: admitted.common['x-request-id']!,
        method: event.req.method,
        path: event.url.pathname.slice(0, 200),
        status: response.status,
        ms: Math.round((performance.now() - admitted.startedAt) * 100) / 100,
      };
      accessLog(options.logger, entry);
      options.observe?.(entry);
    },
    onError: (error, event) => {
      const b = served();
      if (error.status >= 400 && error.status < 500) {
        // h3 rejects some requests itself before a route runs, e.g. a path with malformed percent-encoding.
        return problemResponse(event.req.method, b.model.site.base_url, badRequest, event.url.pathname.slice(0, 200));
      }
      options.logger.error({ req_id: admittedOf(event).common['x-request-id'], path: event.url.pathname.slice(0, 200), err: error.cause ?? error }, 'unhandled error');
      return problemResponse(event.req.method, b.model.site.base_url, INTERNAL_ERROR, event.url.pathname);
    },
  });

  // Request-size limits first: nothing else reads an oversized request.
  // A browser (Accept preferring text/html) gets an error as a page in the site's style; API clients keep problem+json.
  app.use(
    onResponse(async (response, event) => {
      if (!response.headers.get('content-type')?.startsWith(PROBLEM_CONTENT_TYPE)) return undefined;
      response.headers.append('vary', 'Accept');
      if (!prefersHtml(event.req.headers.get('accept'))) return undefined;
      const problem = (await response.clone().json()) as Problem;
      const page = problemPageReply(event.req.method, served().model.site, problem, event.url.pathname, Object.fromEntries(response.headers));
      return new Response(page.body, { status: page.status, statusText: STATUS_CODES[page.status], headers: page.headers });
    }),
  );

  app.use((event) => {
    const target = event.url.pathname.length + event.url.search.length;
    const base = served().model.site.base_url;
    if (target > LIMITS.urlMaxLength) {
      return problemResponse(event.req.method, base, { status: 414, name: 'uri-too-long', title: 'URI too long', detail: `The request target may be at most ${LIMITS.urlMaxLength} characters; got ${target}.` });
    }
    let count = 0;
    for (const _ of event.url.searchParams) count++;
    if (count > LIMITS.queryMaxParameters) {
      return problemResponse(event.req.method, base, invalidParameters([{ parameter: '(query)', message: `at most ${LIMITS.queryMaxParameters} query parameters; got ${count}` }]), event.url.pathname.slice(0, 200));
    }
  });

  /** OPTIONS (CORS preflight) and methods other than GET and HEAD on a read-only resource; undefined for GET and HEAD. */
  const readOnlyMethod = (event: H3Event): Response | undefined => {
    const method = event.req.method;
    if (method === 'OPTIONS') return new Response(null, { status: 204, statusText: STATUS_CODES[204], headers: { allow: ALLOW, ...preflightHeaders(ALLOW) } });
    if (!READ_METHODS.includes(method)) return problemResponse(method, served().model.site.base_url, methodNotAllowed(method), event.url.pathname.slice(0, 200), { allow: ALLOW });
    return undefined;
  };

  /** The computed body made before for this path and query (computed-cache.ts), or `make()` now, kept for next time. */
  const cachedBody = (event: H3Event, make: () => Buffer | undefined): Buffer | undefined => {
    const cache = served().computedCache;
    const target = event.url.pathname + event.url.search;
    const cached = cache.get(target);
    if (cached) return cached;
    const made = make();
    if (made) cache.set(target, made);
    return made;
  };

  /** Registers a read-only route whose query parameters are `params`. */
  const route = <K extends string>(
    path: string,
    params: readonly K[],
    run: (b: Served, query: Partial<Record<K, string>>, event: H3Event) => OperationResult,
  ) => {
    app.all(path, (event) => {
      const b = served();
      const method = event.req.method;
      const base = b.model.site.base_url;
      const instance = event.url.pathname;
      const early = readOnlyMethod(event);
      if (early) return early;
      if (!acceptsJson(event.req.headers.get('accept'))) return problemResponse(method, base, notAcceptable, instance);
      const query = readQuery(event.url.searchParams, params);
      if (query.ok && query.ignored.length) {
        // Not cached: a cache buster differs on every request, and the fast path would leave out the header.
        const result = run(b, query.values, event);
        const response = result.kind === 'body' ? computedResponse(method, Buffer.from(JSON.stringify(result.body)), conditional(event)) : resultResponse(method, base, result, instance, conditional(event));
        response.headers.set(IGNORED_PARAMETERS_HEADER, ignoredParametersValue(query.ignored));
        return response;
      }
      // A computed body depends only on the served dist and the URL: serve the bytes made for the same URL before.
      let other: OperationResult | undefined;
      const json = cachedBody(event, () => {
        const result = query.ok ? run(b, query.values, event) : fail(invalidParameters(query.errors));
        if (result.kind === 'body') return Buffer.from(JSON.stringify(result.body));
        other = result;
        return undefined;
      });
      return json ? computedResponse(method, json, conditional(event)) : resultResponse(method, base, other!, instance, conditional(event));
    });
  };

  /** Path parameters of an operation, decoded and length-checked, then the operation itself. */
  const operationRoute = (operation: ApiOperation) => {
    const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    route(operation.path.replace(/\{(\w+)\}/g, ':$1'), queryNames, (b, query, event) => {
      const input: OperationInput = { ...query };
      for (const name of pathNames) {
        const value = pathParam(event, name);
        if (value === null) return fail(invalidParameters([{ parameter: name, message: 'is not valid percent-encoded UTF-8' }]));
        if (value.length > LIMITS.nameMaxLength * 2 + 4) return fail(invalidParameters([{ parameter: name, message: `must be at most ${LIMITS.nameMaxLength} characters` }]));
        input[name] = value;
      }
      return operation.run(b, input);
    });
  };

  for (const operation of OPERATIONS) operationRoute(operation);
  route('/openapi.json', [], (b) => bytes(b.bytes.openapi));
  route('/.well-known/mcp.json', [], (b) => bytes(b.bytes.mcpManifest));
  route('/.well-known/mcp/server-card.json', [], (b) => bytes(b.bytes.mcpServerCard));
  route('/.well-known/ai-plugin.json', [], (b) => bytes(b.bytes.aiPluginManifest));
  /** A page, asset or open-data file of the site, with its media type (pages with their CSP); undefined when there is none. */
  const staticFile = (event: H3Event): Response | undefined => {
    const file = served().staticFiles.get(event.url.pathname);
    return file && bytesResponse(event.req.method, file.bytes, conditional(event), file.contentType, file.headers);
  };

  /**
   * A page rendered on request from the query (GET, HEAD): `make` gives its HTML, or the problem to
   * answer (404, or a 400 naming the parameter); pages are kept in the computed cache by their full URL.
   * @param path the request path, for the problem's instance and the page's Content-Security-Policy
   */
  const renderedPage = (event: H3Event, path: string, make: (b: Served) => { html: string } | { problem: ProblemSpec }): Response => {
    const b = served();
    const early = readOnlyMethod(event);
    if (early) return early;
    let problem: ProblemSpec | undefined;
    const page = cachedBody(event, () => {
      const made = make(b);
      if ('html' in made) return Buffer.from(made.html);
      problem = made.problem;
      return undefined;
    });
    if (!page) return problemResponse(event.req.method, b.model.site.base_url, problem!, path);
    return computedResponse(event.req.method, page, conditional(event), HTML_CONTENT_TYPE, { 'content-security-policy': contentSecurityPolicy(path) });
  };
  registerSitePages(app, { served, readOnlyMethod, staticFile, renderedPage });

  // The rest of the site (pages, assets, open-data files), else 404.
  app.all('/**', (event) => {
    const path = event.url.pathname;
    if (served().staticFiles.get(path)) return readOnlyMethod(event) ?? staticFile(event)!;
    return problemResponse(event.req.method, served().model.site.base_url, notFound(`No resource at ${path.slice(0, 200)}. The API is described at /openapi.json; the site starts at /.`), path.slice(0, 200));
  });
  return app;
}
