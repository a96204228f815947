/**
 * Single `tools/call` requests, answered by one long-lived McpServer per served dist (the
 * official SDK's, with the tools of the operation catalogue) over an in-process transport, instead of a
 * new Streamable HTTP transport per request (./server.ts). The SDK still does the protocol:
 * it validates the JSON-RPC request, the tool's arguments and its structured output, runs
 * the tool and builds the result or the JSON-RPC error. This file only carries the message:
 * the stateless Streamable HTTP transport cannot be reused across requests, and setting one
 * up (web Request, streams, abort signals) and tearing it down was most of the CPU of a
 * tools/call (docs/performance.md).
 *
 * Only the plain case comes here: a POST whose Content-Type is JSON, whose
 * Mcp-Protocol-Version is absent or a 2025-era version, without Mcp-Session-Id, carrying one
 * JSON-RPC request with method `tools/call` and without the 2026-07-28 `_meta` envelope. Anything else (initialize, tools/list,
 * notifications, batches, malformed JSON, other headers) goes to the SDK's transport,
 * which answers it as the MCP Streamable HTTP spec says.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { isJSONRPCRequest, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Served } from '../served.js';
import { createMcpServer } from './server.js';
import { InProcessTransport } from './in-process-transport.js';

/** The served dist's server and transport, connected on first use (a reload gets a new Served value, hence a new server). */
function transportOf(served: Served): InProcessTransport {
  let transport = served.mcp.toolCallTransport;
  if (!transport) {
    transport = served.mcp.toolCallTransport = new InProcessTransport();
    const server: McpServer = createMcpServer(served);
    void server.connect(transport); // start() is synchronous in effect: the handlers are set before connect's first await
  }
  return transport;
}

/** A plain tools/call: the request, and its params as JSON (the key of the answer cache). */
export interface PlainToolCall {
  request: JSONRPCRequest;
  key: string;
}

/**
 * The single `tools/call` request in `body`, when the request qualifies for this path (see above); else undefined.
 * @param body the message's JSON text (checked as text first: most requests are told apart without looking at `message`)
 * @param message `body` parsed, or undefined when it is not JSON
 * @param header the request header of a (lower-case) name, or null
 */
export function plainToolCall(body: string, message: unknown, header: (name: string) => string | null): PlainToolCall | undefined {
  if (!isJsonContentType(header('content-type')) || header('mcp-session-id') !== null) return undefined;
  const version = header('mcp-protocol-version');
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  if (!body.includes('"tools/call"') || body.includes('io.modelcontextprotocol/protocolVersion')) return undefined; // the 2026-07-28 envelope: ./modern.ts
  if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return undefined;
  try {
    return { request: message, key: JSON.stringify(message.params ?? null) };
  } catch {
    return undefined; // nested too deep to serialise (JSON.parse is iterative, JSON.stringify is not): the SDK's transport answers it
  }
}

/**
 * The JSON-RPC response to a plain tools/call, serialised: a result, or the SDK's JSON-RPC
 * error (unknown tool, invalid arguments), with the client's request id. Every tool is a pure
 * function of the served dist and its arguments, and the SDK's answer to the same params is the same,
 * so the SDK answers each distinct params once per served dist and the serialised answer is kept
 * (lru-cache), as the REST computed bodies are (http/computed-cache.ts). That was the SDK's
 * validation and serialisation of a 6 KB result on every call (docs/performance.md). The member
 * is kept as bytes and the answer put together as bytes: encoding the 10 KB text to UTF-8 on
 * every call showed in the profile.
 */
export async function answerToolCall(served: Served, { request, key }: PlainToolCall): Promise<Buffer> {
  const cache = served.mcp.toolCallAnswers;
  let member = cache.get(key);
  if (member === undefined) {
    const response = (await transportOf(served).exchange(request)) as { result?: unknown; error?: unknown };
    member = Buffer.from('error' in response ? `"error":${JSON.stringify(response.error)}` : `"result":${JSON.stringify(response.result)}`);
    cache.set(key, member);
  }
  return Buffer.concat([Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},`), member, CLOSE]);
}

const CLOSE = Buffer.from('}');
