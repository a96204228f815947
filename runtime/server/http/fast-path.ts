/**
 * The fast path: GET and HEAD requests whose answer is bytes already in memory, and
 * POST /mcp, are written straight to node:http, before h3 sees them. Those are the precomputed API
 * bodies at their canonical URLs (/v1/categories, /v1/platforms/{slug},
 * /v1/safety/{slug}, published /v1/verdicts/{slug}, /openapi.json, the two
 * manifests), the site's static files (read from disk on first use: static-files.ts), and computed /v1 bodies already in the
 * computed-body cache for the exact request target (http/computed-cache.ts).
 *
 * The answer is the one h3 gives for the same request, built by the same functions
 * (precomputedReply / computedReply in http/reply.ts, the common headers, the rate
 * limit, the access log; the site's static files do not count against the rate limit): the fast path only skips h3's routing and its web
 * Request/Response objects, which cost more than half of the CPU of a small
 * precomputed answer (docs/performance.md). Everything else goes to h3: other
 * methods, other URLs (aliases, other letter case, query strings not seen before),
 * an Accept header that rules out JSON (h3 answers 406), and a request the rate
 * limit refuses (h3 answers 401/429 from the admission made here: see takeAdmission).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Served } from '../served.js';
import { accessLog, type AccessEntry, type Logger } from '../log.js';
import { acceptsJson } from './accept.js';
import { clientIpLogged } from './client-ip.js';
import { commonHeaders, requestIdFor } from './common-headers.js';
import { CACHE_CONTROL } from './caching.js';
import type { Admission, RateLimits } from './rate-limit.js';
import { computedReply, JSON_CONTENT_TYPE, precomputedReply, problemReply, type RequestContext } from './reply.js';
import type { Precomputed } from './precomputed-table.js';
import { LIMITS } from '../../domain/contract/parameter-rules.js';
import { INTERNAL_ERROR, type ProblemSpec } from '../../domain/contract/problem.js';
import { jsonRpcRefusal, jsonRpcRequestId, MCP_BODY_TOO_LARGE } from '../mcp/json-rpc.js';
import { loadMcpEndpoint } from '../mcp/load-endpoint.js';

const admissions = new WeakMap<object, Admission>();

/**
 * The rate-limit admission the fast path already made for a request it handed to h3 (a
 * refusal), removed so it is used once; undefined when none was made. h3's rate-limit step
 * uses it instead of counting the request a second time.
 */
export function takeAdmission(req: object | undefined): Admission | undefined {
  if (!req) return undefined;
  const admission = admissions.get(req);
  admissions.delete(req);
  return admission;
}

/** What the fast path needs besides the served dist (the same as the h3 app's options). */
export interface FastPathOptions {
  limits: RateLimits;
  trustProxy: number;
  logger: Logger;
  /** Sees each access-log entry too (metrics.ts), when metrics are on. */
  observe?: (entry: AccessEntry) => void;
}

const header = (value: string | string[] | undefined): string | null => (value === undefined ? null : Array.isArray(value) ? value.join(', ') : value);

/**
 * The request body as UTF-8 text, or null as soon as more than `maxBytes` have arrived (chunked or
 * not): nothing past the limit is kept, and the rest of the body is read and dropped without buffering.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      chunks.length = 0;
      req.off('data', onData);
      req.resume();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(size > maxBytes ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Makes the fast-path handler.
 * @param served returns the current Served value (a reload swaps it)
 * @param fallback the h3 node handler, for every request the fast path does not answer
 * @returns a node:http request listener
 */
export function createFastPath(served: () => Served, fallback: (req: IncomingMessage, res: ServerResponse) => unknown, options: FastPathOptions) {
  /** The bytes in memory that answer this request, or undefined when h3 must answer. */
  const find = (req: IncomingMessage, url: string): Precomputed | { computed: Buffer } | undefined => {
    const b = served();
    const pre = b.precomputed.get(url);
    if (pre) return acceptsJson(header(req.headers.accept)) ? pre : undefined;
    if (!url.startsWith('/v1/')) {
      const file = b.staticFiles.get(url); // a URL with a query string names no file here: h3 answers it
      return file && { bytes: file.bytes, contentType: file.contentType, extra: file.headers, siteFile: true };
    }
    const cached = b.computedCache.get(url);
    return cached && acceptsJson(header(req.headers.accept)) ? { computed: cached } : undefined;
  };

  /** Writes a reply (its headers include the request's common headers) and logs it. */
  const send = (req: IncomingMessage, res: ServerResponse, r: { status: number; headers: Record<string, string>; body: Buffer | string | null }, startedAt: number) => {
    res.writeHead(r.status, r.headers);
    res.end(r.body ?? undefined);
    const entry: AccessEntry = {
      req_id: r.headers['x-request-id']!,
      method: req.method!,
      path: req.url!.split('?', 1)[0]!.slice(0, 200),
      status: r.status,
      ms: Math.round((performance.now() - startedAt) * 100) / 100,
    };
    accessLog(options.logger, entry);
    options.observe?.(entry);
  };

  /** Answers a GET or HEAD from the bytes `find` gave. */
  const answer = (req: IncomingMessage, res: ServerResponse, found: Precomputed | { computed: Buffer }, common: Record<string, string>, startedAt: number) => {
    const method = req.method!;
    const request: RequestContext = { ifNoneMatch: header(req.headers['if-none-match']), acceptEncoding: header(req.headers['accept-encoding']), common };
    send(req, res, 'computed' in found ? computedReply(method, found.computed, request) : precomputedReply(method, found.bytes, request, found.contentType, found.extra), startedAt);
  };

  /**
   * POST /mcp (with or without a query string), the whole of it: rate limit (a refusal as a JSON-RPC
   * error), body-size bound (413 as soon as the limit is passed, chunked or not), then
   * mcp/endpoint.ts. Here the body is read
   * from the socket directly instead of through a web Request, which was half of the time of a
   * cached tools/call (docs/performance.md). Never throws: an error is logged and answered 500.
   */
  const mcpPost = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const startedAt = performance.now();
    let common = commonHeaders(requestIdFor(header(req.headers['x-request-id'])));
    const b = served();
    const problem = (spec: ProblemSpec, extra?: Record<string, string>) => send(req, res, problemReply('POST', b.model.site.base_url, spec, '/mcp', extra, common), startedAt);
    try {
      const apiKey = header(req.headers['x-api-key']);
      if (options.limits.counts(apiKey)) {
        const admission = await options.limits.admit(apiKey, clientIpLogged(req.socket.remoteAddress, header(req.headers['x-forwarded-for']), options.trustProxy, options.logger));
        if (!admission.ok) {
          // the body (within the size bound) is read for the request's id, so the client can match the refusal
          const declared = Number(header(req.headers['content-length']) ?? 0);
          const body = declared > LIMITS.mcpBodyMaxBytes ? null : await readBody(req, LIMITS.mcpBodyMaxBytes);
          if (body === null) req.resume();
          const extra = { ...(admission.status === 429 ? admission.headers : {}), ...(body === null && { connection: 'close' }) };
          const refusal = jsonRpcRefusal(admission.status, admission.detail, extra, -32000, body === null ? null : jsonRpcRequestId(body));
          return send(req, res, { ...refusal, headers: { ...refusal.headers, ...common } }, startedAt);
        }
        common = { ...common, ...admission.headers };
      }
      // Over the limit: 413 at once, and the connection closes after it, so the rest is never waited for.
      const tooLarge = () => problem(MCP_BODY_TOO_LARGE, { connection: 'close' });
      if (Number(header(req.headers['content-length']) ?? 0) > LIMITS.mcpBodyMaxBytes) {
        req.resume();
        return tooLarge();
      }
      const body = await readBody(req, LIMITS.mcpBodyMaxBytes);
      if (body === null) return tooLarge();
      const entries = () => Object.entries(req.headers).flatMap(([name, value]): Array<[string, string]> => (value === undefined ? [] : [[name, header(value)!]]));
      const answer = await (await loadMcpEndpoint()).answerMcpPost(b, 'http://localhost/mcp', (name) => header(req.headers[name]), entries, body);
      send(req, res, { ...answer, headers: { ...answer.headers, ...common } }, startedAt);
    } catch (error) {
      options.logger.error({ req_id: common['x-request-id'], path: '/mcp', err: error }, 'unhandled error');
      if (!res.headersSent) problem(INTERNAL_ERROR);
      else res.destroy();
    }
  };

  /**
   * GET or HEAD /healthz (liveness: the process answers) and /readyz (readiness: the dist it
   * serves and where rate limits are counted). Never rate-limited, never cached, no disk access.
   */
  const probe = (req: IncomingMessage, res: ServerResponse, path: '/healthz' | '/readyz') => {
    const startedAt = performance.now();
    const b = served();
    const body = path === '/healthz'
      ? { status: 'ok' }
      : {
          status: 'ready',
          dist: { evaluation_date: b.model.site.evaluation_date, methodology_version: b.model.site.methodology_version, platforms: b.bySlug.size },
          redis: options.limits.redisState(),
          rate_limits: options.limits.redisState() === 'connected' ? 'shared' : 'per_instance',
        };
    const bytes = Buffer.from(JSON.stringify(body));
    const headers = { ...commonHeaders(requestIdFor(header(req.headers['x-request-id']))), 'content-type': JSON_CONTENT_TYPE, 'content-length': String(bytes.length), 'cache-control': CACHE_CONTROL.probe };
    send(req, res, { status: 200, headers, body: req.method === 'HEAD' ? null : bytes }, startedAt);
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const method = req.method;
    const url = req.url;
    const probePath = url?.startsWith('/healthz') || url?.startsWith('/readyz') ? url.split('?', 1)[0] : undefined;
    if ((method === 'GET' || method === 'HEAD') && (probePath === '/healthz' || probePath === '/readyz')) {
      probe(req, res, probePath); // a query string (a cache buster) changes nothing
      return;
    }
    if (method === 'POST' && url !== undefined && (url === '/mcp' || url.startsWith('/mcp?'))) {
      void mcpPost(req, res);
      return;
    }
    const found = (method === 'GET' || method === 'HEAD') && url !== undefined ? find(req, url) : undefined;
    if (!found) {
      fallback(req, res);
      return;
    }
    const startedAt = performance.now();
    const common = commonHeaders(requestIdFor(header(req.headers['x-request-id'])));
    const apiKey = header(req.headers['x-api-key']);
    if (!options.limits.counts(apiKey) || ('siteFile' in found && found.siteFile)) {
      answer(req, res, found, common, startedAt);
      return;
    }
    const ip = clientIpLogged(req.socket.remoteAddress, header(req.headers['x-forwarded-for']), options.trustProxy, options.logger);
    options.limits.admit(apiKey, ip).then(
      (admission) => {
        if (admission.ok) return answer(req, res, found, { ...common, ...admission.headers }, startedAt);
        admissions.set(req, admission);
        fallback(req, res);
      },
      () => fallback(req, res),
    );
  };
}
