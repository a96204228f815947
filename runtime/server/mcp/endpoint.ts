/**
 * The answer to a POST /mcp whose body has been read and is within LIMITS.mcpBodyMaxBytes:
 * a batch over LIMITS.mcpBatchMax is refused (400, JSON-RPC -32600); a plain tools/call goes
 * to the served dist's long-lived server (./tool-calls.ts); anything else to the SDK's stateless
 * Streamable HTTP transport (./server.ts). Called by POST /mcp (./mcp-http.ts), loaded on first use.
 */
import type { Served } from '../served.js';
import { CACHE_CONTROL } from '../http/caching.js';
import { LIMITS } from '../../domain/contract/parameter-rules.js';
import { JSON_RPC_HEADERS, jsonRpcBatchSize, jsonRpcRefusal, type McpAnswer } from './json-rpc.js';
import { handleMcp } from './server.js';
import { answerToolCall, plainToolCall } from './tool-calls.js';

/**
 * @param href the request URL (the SDK transport wants a full URL)
 * @param header the request header of a (lower-case) name, or null
 * @param headerEntries all request headers, for the SDK transport
 */
export async function answerMcpPost(served: Served, href: string, header: (name: string) => string | null, headerEntries: () => Iterable<[string, string]>, body: string): Promise<McpAnswer> {
  const batchSize = jsonRpcBatchSize(body);
  if (batchSize > LIMITS.mcpBatchMax) {
    return jsonRpcRefusal(400, `A JSON-RPC batch may hold at most ${LIMITS.mcpBatchMax} messages; got ${batchSize}.`, {}, -32600);
  }
  const toolCall = plainToolCall(body, header);
  if (toolCall) return { status: 200, headers: { ...JSON_RPC_HEADERS }, body: await answerToolCall(served, toolCall) };
  // The spec tells clients to send only Content-Type: application/json; the SDK wants Accept to name
  // both JSON and SSE, so a missing, wildcard or partial Accept is completed here (we answer JSON).
  const headers = new Headers([...headerEntries()]);
  headers.set('accept', 'application/json, text/event-stream');
  headers.delete('content-length');
  const response = await handleMcp(served, new Request(href, { method: 'POST', headers, body }));
  const text = response.body ? await response.text() : null;
  return { status: response.status, headers: { 'cache-control': CACHE_CONTROL.jsonRpc, ...Object.fromEntries(response.headers) }, body: text };
}
