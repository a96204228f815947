/**
 * The h3 app: the site's routes the request listener does not answer from memory (pages
 * rendered on request, the redirect of a platform page asked for by name, static files asked
 * for with a query string or another method) and the 404 of every unknown path. The API's
 * routes are answered by the request listener (http/request-listener.ts). Every route answers
 * GET and HEAD; other methods get 405 with Allow; any thrown error a 500 problem without
 * internals. All bodies come from the served dist.
 */
import { H3, type H3Event } from 'h3';
import { registerSitePages, type RenderedPage } from './site-routes.js';
import type { Served } from './served.js';
import { INTERNAL_ERROR, notFound, type ProblemSpec } from '../domain/contract/problem.js';
import { prefersHtml } from './http/accept.js';
import { readOnlyMethodReply } from './http/read-only-method.js';
import { BAD_REQUEST } from './http/request-bounds.js';
import type { AdmittedRequest, RequestListenerOptions } from './http/request-listener.js';
import { accessLog, type AccessEntry } from './log.js';
import { bytesResponse, carriesCommonHeaders, computedResponse, problemResponse, replyResponse } from './http/respond.js';
import { CACHE_CONTROL } from './http/caching.js';
import type { RequestContext } from './http/reply.js';
import { contentSecurityPolicy, HTML_CONTENT_TYPE } from './static-files.js';
import { errorReply, htmlPageReply } from './http/error-reply.js';
import { applyCommonHeaders, commonHeaders, requestIdFor } from './http/common-headers.js';

declare module 'h3' {
  interface H3EventContext {
    /** The request as the request listener admitted it (http/request-listener.ts). */
    admitted?: AdmittedRequest;
  }
}

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
        return problemResponse(event.req.method, b.model.site.base_url, BAD_REQUEST, event.url.pathname.slice(0, 200));
      }
      options.logger.error(
        { req_id: admittedOf(event).common['x-request-id'], path: event.url.pathname.slice(0, 200), err: error.cause ?? error },
        'unhandled error',
      );
      return problemResponse(event.req.method, b.model.site.base_url, INTERNAL_ERROR, event.url.pathname);
    },
  });

  /** A problem as the caller reads it (http/error-reply.ts): problem+json, or the site's error page for a browser (an Accept preferring text/html); both with Vary: Accept. */
  const problem = (event: H3Event, spec: ProblemSpec, path: string): Response =>
    replyResponse(errorReply(event.req.method, event.req.headers.get('accept'), served().model.site, spec, path, {}, admittedOf(event).common));

  /** OPTIONS (CORS preflight) and methods other than GET and HEAD on a read-only resource (http/read-only-method.ts); undefined for GET and HEAD. */
  const readOnlyMethod = (event: H3Event): Response | undefined => {
    const reply = readOnlyMethodReply(
      event.req.method,
      event.req.headers.get('accept'),
      served().model.site,
      event.url.pathname.slice(0, 200),
      admittedOf(event).common,
    );
    return reply && replyResponse(reply);
  };

  /** The computed body made before for this path and query (computed-cache.ts), or `make()` now, offered to the cache. */
  const cachedBody = (event: H3Event, make: () => Buffer | undefined): Buffer | undefined => {
    const cache = served().computedCache;
    const target = event.url.pathname + event.url.search;
    const cached = cache.get(target);
    if (cached) return cached;
    const made = make();
    if (made) cache.offer(target, made);
    return made;
  };

  /** A page, asset or open-data file of the site, with its media type (pages with their CSP); undefined when there is none. */
  const staticFile = (event: H3Event): Response | undefined => {
    const files = served().staticFiles;
    const file = files.get(event.url.pathname);
    return (
      file &&
      bytesResponse(event.req.method, file.bytes, conditional(event), file.contentType, file.headers, (encoding) => files.compressedCopy(file, encoding))
    );
  };

  /**
   * A page rendered on request from the query (GET, HEAD): `make` gives its HTML, or the problem to
   * answer (404, or a 400 naming the parameter); pages are kept in the computed cache by their full URL.
   * A problem with a form page (a refused value) is answered to a browser (Accept preferring text/html)
   * with that page, status 400, Cache-Control no-store, never kept; to an API client as problem+json.
   * @param path the request path, for the problem's instance and the page's Content-Security-Policy
   */
  const renderedPage = (event: H3Event, path: string, make: (b: Served) => RenderedPage): Response => {
    const b = served();
    const early = readOnlyMethod(event);
    if (early) return early;
    let refusal: ProblemSpec | undefined;
    let refused: string | undefined;
    const page = cachedBody(event, () => {
      const made = make(b);
      if ('html' in made) return Buffer.from(made.html);
      refusal = made.problem;
      if (made.form !== undefined && prefersHtml(event.req.headers.get('accept'))) refused = made.form;
      return undefined;
    });
    if (refused !== undefined)
      return replyResponse(
        htmlPageReply(event.req.method, 400, refused, path, { ...admittedOf(event).common, 'cache-control': CACHE_CONTROL.error, vary: 'Accept' }),
      );
    if (!page) return problem(event, refusal!, path);
    return computedResponse(event.req.method, page, conditional(event), HTML_CONTENT_TYPE, { 'content-security-policy': contentSecurityPolicy(path) });
  };
  registerSitePages(app, { served, readOnlyMethod, staticFile, problem, renderedPage });

  // The rest of the site (pages, assets, open-data files), else 404.
  app.all('/**', (event) => {
    const path = event.url.pathname;
    if (served().staticFiles.get(path)) return readOnlyMethod(event) ?? staticFile(event)!;
    return problem(event, notFound(`No resource at ${path.slice(0, 200)}. The API is described at /openapi.json; the site starts at /.`), path);
  });
  return app;
}
