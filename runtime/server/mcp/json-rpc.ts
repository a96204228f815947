/**
 * What POST /mcp needs before the MCP SDK is involved (this module imports none of it): the
 * JSON-RPC refusal body and the body-size bound (docs/mcp.md "Limits").
 */
import type { ReadableStream } from 'node:stream/web';
import { CACHE_CONTROL } from '../http/caching.js';
import type { ProblemSpec } from '../../domain/contract/problem.js';
import { LIMITS } from '../../domain/contract/parameter-rules.js';

/** Headers of every JSON-RPC answer made here: JSON, not stored by caches (a POST answer). */
export const JSON_RPC_HEADERS = { 'content-type': 'application/json', 'cache-control': CACHE_CONTROL.jsonRpc } as const;

/** An HTTP answer to POST /mcp: status, headers (lower-case names) and body (bytes or text; null: none; a stream: a 2026-07-28 subscriptions/listen stream). */
export interface McpAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null | ReadableStream<Uint8Array>;
}

/** A JSON-RPC request id (JSON-RPC 2.0 section 4: a string, a number, or null when unknown). */
export type JsonRpcId = string | number | null;

/**
 * A JSON-RPC error response, serialised (JSON-RPC 2.0 section 5.1).
 * @param id the request's id (null when it could not be determined)
 * @param code JSON-RPC error code (-32000 server error, -32600 invalid request)
 */
export function jsonRpcError(id: JsonRpcId, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } });
}

/**
 * A JSON-RPC error answer to a request refused before its messages were answered (403, 401, 429,
 * or a batch over the bound: 400): the limit explained in `message`, with the HTTP status of the
 * refusal. The id is null (JSON-RPC 2.0 section 5: the id could not be determined): the body was
 * not read, or the refusal is of a whole batch.
 * @param code JSON-RPC error code (-32000 server error, -32600 invalid request)
 */
export function jsonRpcRefusal(status: number, message: string, extraHeaders: Record<string, string> = {}, code = -32000): McpAnswer {
  return { status, headers: { ...JSON_RPC_HEADERS, ...extraHeaders }, body: jsonRpcError(null, code, message) };
}

/** The 413 problem for a body over LIMITS.mcpBodyMaxBytes. */
export const MCP_BODY_TOO_LARGE: ProblemSpec = {
  status: 413,
  name: 'payload-too-large',
  title: 'Payload too large',
  detail: `The JSON-RPC body may be at most ${LIMITS.mcpBodyMaxBytes} bytes.`,
};
