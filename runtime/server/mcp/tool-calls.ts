/**
 * Single `tools/call` requests, answered by one long-lived McpServer per bundle (the
 * official SDK's, with the tools of ./tools.ts) over an in-process transport, instead of a
 * new Streamable HTTP transport per request (./server.ts). The SDK still does the protocol:
 * it validates the JSON-RPC request, the tool's arguments and its structured output, runs
 * the tool and builds the result or the JSON-RPC error. This file only carries the message:
 * the stateless Streamable HTTP transport cannot be reused across requests, and setting one
 * up (web Request, streams, abort signals) and tearing it down was most of the CPU of a
 * tools/call (docs/performance.md).
 *
 * Only the plain case comes here: a POST whose Content-Type is JSON, whose
 * Mcp-Protocol-Version is absent or supported, without Mcp-Session-Id, carrying one
 * JSON-RPC request with method `tools/call`. Anything else (initialize, tools/list,
 * notifications, batches, malformed JSON, other headers) goes to the SDK's transport,
 * which answers it as the MCP Streamable HTTP spec says.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCRequest, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { LRUCache } from 'lru-cache';
import type { Bundle } from '../bundle.js';
import { createMcpServer } from './server.js';

/**
 * A transport that hands each request to the server under an id of its own (clients' ids
 * collide: every client may send id 1) and resolves the matching response. Messages the
 * server sends that answer no waiting request (notifications) are dropped: a stateless
 * HTTP exchange has no stream to carry them, as with the SDK transport in JSON mode.
 */
class InProcessTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly waiting = new Map<number, (response: JSONRPCMessage) => void>();
  private lastId = 0;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || typeof message.id !== 'number' || !('result' in message || 'error' in message)) return;
    const resolve = this.waiting.get(message.id);
    if (!resolve) return;
    this.waiting.delete(message.id);
    resolve(message);
  }

  /** Sends `request` to the server and resolves with its response, under the request's own id. */
  exchange(request: JSONRPCRequest): Promise<JSONRPCMessage> {
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (response) => resolve({ ...response, id: request.id } as JSONRPCMessage));
      try {
        this.onmessage?.({ ...request, id });
      } catch (error) {
        this.waiting.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }
}

const connected = new WeakMap<Bundle, InProcessTransport>();

/** The bundle's server and transport, connected on first use (a reload gets a new bundle, hence a new server). */
function transportOf(bundle: Bundle): InProcessTransport {
  let transport = connected.get(bundle);
  if (!transport) {
    transport = new InProcessTransport();
    const server: McpServer = createMcpServer(bundle);
    void server.connect(transport); // start() is synchronous in effect: the handlers are set before connect's first await
    connected.set(bundle, transport);
  }
  return transport;
}

/** A plain tools/call: the request, and its params as JSON (the key of the answer cache). */
export interface PlainToolCall {
  request: JSONRPCRequest;
  key: string;
}

/**
 * The parsed single `tools/call` request in `body`, when the request qualifies for this path (see above); else undefined.
 * @param header the request header of a (lower-case) name, or null
 */
export function plainToolCall(body: string, header: (name: string) => string | null): PlainToolCall | undefined {
  if (!isJsonContentType(header('content-type')) || header('mcp-session-id') !== null) return undefined;
  const version = header('mcp-protocol-version');
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  if (!body.includes('"tools/call"')) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return undefined;
  try {
    return { request: message, key: JSON.stringify(message.params ?? null) };
  } catch {
    return undefined; // nested too deep to serialise (JSON.parse is iterative, JSON.stringify is not): the SDK's transport answers it
  }
}

/** Bounds of one bundle's tools/call answer cache: entries, and total characters of the answers. */
export const TOOL_CALL_CACHE_LIMITS = { entries: 1_000, characters: 16 * 1024 * 1024 } as const;

const answers = new WeakMap<Bundle, LRUCache<string, string>>();

/** The bundle's cache: JSON of `params` -> the response's `"result":...` or `"error":...` member, serialised. */
function answersOf(bundle: Bundle): LRUCache<string, string> {
  let cache = answers.get(bundle);
  if (!cache) {
    cache = new LRUCache<string, string>({ max: TOOL_CALL_CACHE_LIMITS.entries, maxSize: TOOL_CALL_CACHE_LIMITS.characters, sizeCalculation: (member) => member.length || 1 });
    answers.set(bundle, cache);
  }
  return cache;
}

/**
 * The JSON-RPC response to a plain tools/call, serialised: a result, or the SDK's JSON-RPC
 * error (unknown tool, invalid arguments), with the client's request id. Every tool is a pure
 * function of the bundle and its arguments, and the SDK's answer to the same params is the same,
 * so the SDK answers each distinct params once per bundle and the serialised answer is kept
 * (lru-cache), as the REST computed bodies are (http/computed-cache.ts). That was the SDK's
 * validation and serialisation of a 6 KB result on every call (docs/performance.md).
 */
export async function answerToolCall(bundle: Bundle, { request, key }: PlainToolCall): Promise<string> {
  const cache = answersOf(bundle);
  let member = cache.get(key);
  if (member === undefined) {
    const response = (await transportOf(bundle).exchange(request)) as { result?: unknown; error?: unknown };
    member = 'error' in response ? `"error":${JSON.stringify(response.error)}` : `"result":${JSON.stringify(response.result)}`;
    cache.set(key, member);
  }
  return `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},${member}}`;
}
