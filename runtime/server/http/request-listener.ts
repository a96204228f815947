/**
 * The one request path: every request to the runtime enters here, is admitted once (rate
 * limits and API keys, http/rate-limit.ts) and is then answered by exactly one of:
 * - the probes (/healthz, /readyz: before admission, never counted);
 * - /mcp, every method (mcp/mcp-http.ts);
 * - bytes already in memory for a GET or HEAD: the precomputed API bodies at their canonical
 *   URLs, the site's static files (read from disk on first use: static-files.ts), and computed
 *   /v1 bodies in the computed-body cache for the exact request target (http/computed-cache.ts);
 * - then, past the request-size bounds (http/request-bounds.ts), every other request for an API
 *   route: the catalogue's operations and the machine-readable files (http/api-routes.ts,
 *   answered by http/answer-api.ts);
 * - the h3 app (app.ts) for the rest (the site's pages rendered on request, redirects, 404s),
 *   handed the request's common headers (request id, CORS, the admission's rate-limit state) so
 *   it neither counts nor names the request again.
 * Every answer made here goes out through the same reply builders (http/reply.ts).
 *
 * Before admission, a request whose Host (or Origin on /mcp) names a host the server is not
 * published under is refused 403 (http/host-check.ts: DNS rebinding), never counted.
 *
 * Not counted against the limits: CORS preflights (OPTIONS), /mcp with a method other than
 * POST (204 or 405), and GET or HEAD of the site's pages, assets and open-data files (bytes on
 * disk, as cheap to send as a refusal). A refusal is a JSON-RPC error on /mcp, else problem+json
 * (the site's error page for a browser: http/error-reply.ts).
 *
 * Only POST /mcp reads a request body; any other request that carries one is answered without
 * reading it, with Connection: close.
 *
 * Skipping h3's routing and its web Request/Response objects for bytes in memory saves more than
 * half of the CPU of a small precomputed answer (docs/performance.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Served } from '../served.js';
import type { AccessEntry, Logger } from '../log.js';
import { acceptsJson } from './accept.js';
import { clientIpLogged } from './client-ip.js';
import { commonHeaders, requestIdFor } from './common-headers.js';
import type { Admission, RateLimits } from './rate-limit.js';
import { computedReply, precomputedReply, problemReply, type RequestContext } from './reply.js';
import type { Precomputed } from './precomputed-table.js';
import { errorReply } from './error-reply.js';
import { probePath, probeReply } from './probes.js';
import { readOnlyMethodReply } from './read-only-method.js';
import { createSendReply } from './send-reply.js';
import { INTERNAL_ERROR, type ProblemSpec } from '../../domain/contract/problem.js';
import { API_PREFIX, SERVICE_PATHS } from '../../domain/contract/urls.js';
import { createMcpHttp } from '../mcp/mcp-http.js';
import { headerValue } from './request-headers.js';
import { matchApiRoute, mayBeApiPath } from './api-routes.js';
import { answerApi } from './answer-api.js';
import { outOfBounds } from './request-bounds.js';
import { hostPolicy, hostRefusal, hostRefusalDetail } from './host-check.js';
import { madeOnce } from '../../domain/compute/made-once.js';

/** What the request listener needs besides the served dist (the h3 app gets the same). */
export interface RequestListenerOptions {
  limits: RateLimits;
  /** Trusted reverse-proxy hops for the client IP (TRUST_PROXY). */
  trustProxy: number;
  logger: Logger;
  /** Sees each access-log entry too (metrics.ts), when metrics are on. */
  observe?: (entry: AccessEntry) => void;
  /** The address the server listens on (HOST) and the extra host names it answers (ALLOWED_HOSTS): http/host-check.ts. */
  hosts: { bind: string; allowed: readonly string[] };
}

/**
 * What the h3 app is handed with an admitted request: the headers every response of the request
 * carries (request id, CORS, rate-limit state), and when the request arrived (performance.now()).
 */
export interface AdmittedRequest {
  common: Record<string, string>;
  startedAt: number;
}

/** The h3 app as this listener calls it (server.ts adapts the app to it). */
export type AppHandler = (req: IncomingMessage, res: ServerResponse, admitted: AdmittedRequest) => void;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** True when the request declares a body (a Content-Length other than 0, or a Transfer-Encoding). */
function carriesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** A request target in origin form (a path and query) as a URL; concatenated, not resolved, so "//x" is a path, never a host. Undefined for any other form. */
function parseTarget(url: string): URL | undefined {
  if (!url.startsWith('/')) return undefined;
  try {
    return new URL(`http://localhost${url}`);
  } catch {
    return undefined;
  }
}

/**
 * Makes the request listener.
 * @param served returns the current Served value (a reload swaps it)
 * @param app answers every admitted request that is not /mcp and has no bytes in memory
 * @returns a node:http request listener
 */
export function createRequestListener(
  served: () => Served,
  app: AppHandler,
  options: RequestListenerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const send = createSendReply(options.logger, options.observe);
  const mcp = createMcpHttp(served, send, options.logger);

  /** The bytes in memory that answer this request, or undefined when the h3 app must answer. */
  const find = (req: IncomingMessage, url: string): Precomputed | { computed: Buffer } | undefined => {
    const b = served();
    const pre = b.precomputed.get(url);
    if (pre) return acceptsJson(headerValue(req.headers.accept)) ? pre : undefined;
    if (!url.startsWith(API_PREFIX)) {
      const file = b.staticFiles.get(url); // a URL with a query string names no file here: the app answers it
      return (
        file && { bytes: file.bytes, contentType: file.contentType, extra: file.headers, copies: (encoding) => b.staticFiles.compressedCopy(file, encoding) }
      );
    }
    const cached = b.computedCache.get(url);
    return cached && acceptsJson(headerValue(req.headers.accept)) ? { computed: cached } : undefined;
  };

  /** True when the request counts against the rate limits (see the module comment). */
  const counted = (method: string, path: string): boolean => {
    if (method === 'OPTIONS') return false;
    if (path === SERVICE_PATHS.mcp) return method === 'POST';
    return !(isRead(method) && !path.startsWith(API_PREFIX) && served().staticFiles.get(path) !== undefined);
  };

  /**
   * The charge of a counted request: counts `count` more requests of the same client (a JSON-RPC
   * batch's messages past the first) against the limits; the first refusal, else ok.
   * @param apiKey the request's X-API-Key (options.limits.counts(apiKey) is true)
   * @param ip the client address the request was admitted under
   */
  const charge =
    (apiKey: string | null, ip: string) =>
    async (count: number): Promise<Admission> => {
      let admission: Admission = { ok: true, headers: {} };
      for (let i = 0; i < count && admission.ok; i++) admission = await options.limits.admit(apiKey, ip);
      return admission;
    };

  /** The charge of a request the limits do not count: nothing more is counted either. */
  const uncharged = async (): Promise<Admission> => ({ ok: true, headers: {} });

  /**
   * An admitted request: /mcp, bytes in memory, an API route, or the h3 app.
   * @param chargeMore counts more requests of the same client (charge or uncharged), for a JSON-RPC batch on /mcp
   */
  const dispatch = (
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: string,
    path: string,
    common: Record<string, string>,
    startedAt: number,
    chargeMore: (count: number) => Promise<Admission>,
  ): void => {
    if (path === SERVICE_PATHS.mcp) return void mcp.answer(req, res, common, startedAt, chargeMore);
    const found = isRead(method) ? find(req, url) : undefined;
    const context: RequestContext & { common: Record<string, string> } = {
      ifNoneMatch: headerValue(req.headers['if-none-match']),
      acceptEncoding: headerValue(req.headers['accept-encoding']),
      common,
    };
    if (found) {
      return send(
        req,
        res,
        'computed' in found
          ? computedReply(method, found.computed, context)
          : precomputedReply(method, found.bytes, context, found.contentType, found.extra, found.copies),
        startedAt,
      );
    }
    const parsed = parseTarget(url);
    if (!parsed) return app(req, res, { common, startedAt }); // the app answers what it can of an odd target (400)
    const accept = headerValue(req.headers.accept);
    const bounds = outOfBounds(parsed);
    if (bounds) return send(req, res, errorReply(method, accept, served().model.site, bounds, parsed.pathname, {}, common), startedAt);
    const match = mayBeApiPath(parsed.pathname) ? matchApiRoute(parsed.pathname) : undefined;
    if (!match) return app(req, res, { common, startedAt });
    let reply;
    try {
      reply = answerApi(served(), match.route, {
        method,
        path: parsed.pathname,
        search: parsed.search,
        searchParams: parsed.searchParams,
        segment: match.segment,
        accept,
        context,
      });
    } catch (error) {
      options.logger.error({ req_id: common['x-request-id'], path: parsed.pathname.slice(0, 200), err: error }, 'unhandled error');
      reply = problemReply(method, served().model.site.base_url, INTERNAL_ERROR, parsed.pathname.slice(0, 200), {}, common);
    }
    send(req, res, reply, startedAt);
  };

  /** The host policy of a served dist's BASE_URL, made once per served dist. */
  const policyOf = madeOnce((b: Served) => hostPolicy(options.hosts.bind, b.model.site.base_url, options.hosts.allowed));

  /**
   * A refused request, answered without reading its body: the 403 of the host check or the 401 or
   * 429 of the rate limits; a JSON-RPC error on /mcp (mcp/mcp-http.ts), else problem+json or the
   * error page for a browser (http/error-reply.ts).
   * @param extra headers of the refusal (a 429's Retry-After and rate-limit state)
   */
  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    spec: ProblemSpec,
    extra: Record<string, string>,
    common: Record<string, string>,
    startedAt: number,
  ): void => {
    if (path === SERVICE_PATHS.mcp) return mcp.refuse(req, res, spec.status, spec.detail, extra, common, startedAt);
    send(req, res, errorReply(method, headerValue(req.headers.accept), served().model.site, spec, path, extra, common), startedAt);
  };

  /** The 403 for a Host (or, for POST /mcp, Origin: a preflight passes, so the browser can read the refusal) the policy refuses (http/host-check.ts), answered: true; else false. Never counted. */
  const refuseHost = (req: IncomingMessage, res: ServerResponse, method: string, path: string, common: Record<string, string>, startedAt: number): boolean => {
    const hosts = policyOf(served());
    const refusal = hostRefusal(hosts, headerValue(req.headers.host), headerValue(req.headers.origin), path === SERVICE_PATHS.mcp && method === 'POST');
    if (!refusal) return false;
    const spec: ProblemSpec = { status: 403, name: 'host-not-allowed', title: 'Host not allowed', detail: hostRefusalDetail(refusal, hosts) };
    refuse(req, res, method, path, spec, {}, common, startedAt);
    return true;
  };

  /** The problem of a refusal of the rate limits (401 or 429). */
  const admissionProblem = (refusal: Exclude<Admission, { ok: true }>): ProblemSpec =>
    refusal.status === 429
      ? { status: 429, name: 'rate-limited', title: 'Too many requests', detail: refusal.detail }
      : { status: 401, name: 'unauthorized', title: 'Unauthorized', detail: refusal.detail };

  return (req, res) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const startedAt = performance.now();
    const common = commonHeaders(requestIdFor(headerValue(req.headers['x-request-id'])));
    // Only POST /mcp reads a body. Any other request that carries one is answered without reading
    // it and its connection closed after the answer, so the body is never drained either (issue 40).
    if (carriesBody(req) && !(method === 'POST' && url.split('?', 1)[0] === SERVICE_PATHS.mcp)) common.connection = 'close';
    const probe = probePath(url);
    if (probe) {
      // other methods than GET and HEAD: 405 with Allow (OPTIONS: 204), like every read-only resource; never counted
      const other = readOnlyMethodReply(method, headerValue(req.headers.accept) ?? null, served().model.site, probe, common);
      return send(req, res, other ?? probeReply(method, probe, served(), options.limits.redisState(), common), startedAt);
    }
    const path = url.split('?', 1)[0]!;
    if (refuseHost(req, res, method, path, common, startedAt)) return;
    const apiKey = headerValue(req.headers['x-api-key']);
    if (!counted(method, path) || !options.limits.counts(apiKey)) return dispatch(req, res, method, url, path, common, startedAt, uncharged);
    const ip = clientIpLogged(req.socket.remoteAddress, headerValue(req.headers['x-forwarded-for']), options.trustProxy, options.logger);
    options.limits.admit(apiKey, ip).then(
      (admission) =>
        admission.ok
          ? dispatch(req, res, method, url, path, { ...common, ...admission.headers }, startedAt, charge(apiKey, ip))
          : refuse(req, res, method, path, admissionProblem(admission), admission.status === 429 ? admission.headers : {}, common, startedAt),
      (error: unknown) => {
        options.logger.error({ req_id: common['x-request-id'], path: path.slice(0, 200), err: error }, 'unhandled error');
        if (!res.headersSent) send(req, res, problemReply(method, served().model.site.base_url, INTERNAL_ERROR, path.slice(0, 200), {}, common), startedAt);
      },
    );
  };
}
