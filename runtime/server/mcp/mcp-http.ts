/**
 * /mcp over HTTP, every method, in one place (the request listener sends every request for
 * the path /mcp here, after its one rate-limit admission: http/request-listener.ts):
 * - POST: the body is read from the socket within LIMITS.mcpBodyMaxBytes (413 and the
 *   connection closed as soon as the limit is passed, chunked or not), then answered by
 *   mcp/endpoint.ts (loaded on first use: it brings the MCP SDK). Reading the socket directly
 *   instead of through a web Request was half of the time of a cached tools/call (docs/performance.md).
 * - OPTIONS: the CORS preflight (204); any other method: 405 with Allow: POST.
 * - A POST the rate limits refused, or whose Content-Length is over the bound: answered at once,
 *   without reading its body (issue 40: 300 slow refused POSTs each held up to 1 MiB), with
 *   Connection: close so what is left of the body is never read; a JSON-RPC refusal's id is
 *   therefore null (JSON-RPC 2.0 section 5: the id could not be determined).
 * - The messages of a batch past the first are counted by `charge` (mcp/endpoint.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Served } from '../served.js';
import type { Logger } from '../log.js';
import type { SendReply } from '../http/send-reply.js';
import { readBody } from '../http/read-body.js';
import { headerValue } from '../http/request-headers.js';
import { CACHE_CONTROL } from '../http/caching.js';
import { problemReply } from '../http/reply.js';
import { preflightHeaders } from '../http/common-headers.js';
import type { Admission } from '../http/rate-limit.js';
import { LIMITS } from '../../domain/contract/parameter-rules.js';
import { INTERNAL_ERROR, type ProblemSpec } from '../../domain/contract/problem.js';
import { SERVICE_PATHS } from '../../domain/contract/urls.js';
import { jsonRpcRefusal, MCP_BODY_TOO_LARGE, type McpAnswer } from './json-rpc.js';
import { loadMcpEndpoint } from './load-endpoint.js';

const declaredLength = (req: IncomingMessage): number => Number(headerValue(req.headers['content-length']) ?? 0);

/** The JSON-RPC error answering a refusal of the rate limits (401 or 429, with its RateLimit headers). */
function refusalAnswer(refusal: Exclude<Admission, { ok: true }>): McpAnswer {
  return jsonRpcRefusal(refusal.status, refusal.detail, refusal.status === 429 ? refusal.headers : {});
}

/** The answers to /mcp requests, for the request listener. */
export interface McpHttp {
  /**
   * Answers an admitted request for /mcp (any method). Never throws: an error is logged and answered 500.
   * @param charge counts `count` more requests of the same client (a batch's messages past the first)
   */
  answer(
    req: IncomingMessage,
    res: ServerResponse,
    common: Record<string, string>,
    startedAt: number,
    charge: (count: number) => Promise<Admission>,
  ): Promise<void>;
  /**
   * Answers a request for /mcp refused before its body is read as a JSON-RPC error explaining
   * `detail`: a Host or Origin that is not allowed (403, http/host-check.ts), or a refusal of the
   * rate limits (401 or 429). A POST's body is never read: Connection: close.
   * @param extra headers of the refusal (a 429's Retry-After and rate-limit state)
   */
  refuse(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    detail: string,
    extra: Record<string, string>,
    common: Record<string, string>,
    startedAt: number,
  ): void;
}

/**
 * @param served returns the current Served value (a reload swaps it)
 * @param send writes and logs a reply (http/send-reply.ts)
 */
export function createMcpHttp(served: () => Served, send: SendReply, logger: Logger): McpHttp {
  const problem = (
    req: IncomingMessage,
    res: ServerResponse,
    spec: ProblemSpec,
    extra: Record<string, string>,
    common: Record<string, string>,
    startedAt: number,
  ) => send(req, res, problemReply(req.method ?? 'POST', served().model.site.base_url, spec, SERVICE_PATHS.mcp, extra, common), startedAt);

  const post = async (
    req: IncomingMessage,
    res: ServerResponse,
    common: Record<string, string>,
    startedAt: number,
    charge: (count: number) => Promise<Admission>,
  ) => {
    const tooLarge = () => problem(req, res, MCP_BODY_TOO_LARGE, { connection: 'close' }, common, startedAt);
    if (declaredLength(req) > LIMITS.mcpBodyMaxBytes) return tooLarge();
    const body = await readBody(req, LIMITS.mcpBodyMaxBytes);
    if (body === null) return tooLarge();
    const entries = () =>
      Object.entries(req.headers).flatMap(([name, value]): Array<[string, string]> => (value === undefined ? [] : [[name, headerValue(value)!]]));
    const chargeMore = async (count: number): Promise<McpAnswer | undefined> => {
      const admission = await charge(count);
      return admission.ok ? undefined : refusalAnswer(admission);
    };
    const answer = await (
      await loadMcpEndpoint()
    ).answerMcpPost(served(), {
      href: 'http://localhost/mcp',
      header: (name) => headerValue(req.headers[name]),
      headerEntries: entries,
      body,
      charge: chargeMore,
    });
    send(req, res, { ...answer, headers: { ...answer.headers, ...common } }, startedAt);
  };

  return {
    answer: async (req, res, common, startedAt, charge) => {
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS')
        return send(
          req,
          res,
          { status: 204, headers: { allow: 'POST', ...preflightHeaders('POST'), 'cache-control': CACHE_CONTROL.preflight, ...common }, body: null },
          startedAt,
        );
      if (method !== 'POST') {
        const spec: ProblemSpec = {
          status: 405,
          name: 'method-not-allowed',
          title: 'Method not allowed',
          detail: `${method} is not allowed on /mcp: send JSON-RPC 2.0 requests with POST.`,
        };
        return problem(req, res, spec, { allow: 'POST' }, common, startedAt);
      }
      try {
        await post(req, res, common, startedAt, charge);
      } catch (error) {
        logger.error({ req_id: common['x-request-id'], path: SERVICE_PATHS.mcp, err: error }, 'unhandled error');
        if (!res.headersSent) problem(req, res, INTERNAL_ERROR, {}, common, startedAt);
        else res.destroy();
      }
    },
    refuse: (req, res, status, detail, extra, common, startedAt) => {
      const answer = jsonRpcRefusal(status, detail, req.method === 'POST' ? { ...extra, connection: 'close' } : extra);
      send(req, res, { ...answer, headers: { ...answer.headers, ...common } }, startedAt);
    },
  };
}
