/**
 * The answer to a POST /mcp whose body has been read and is within LIMITS.mcpBodyMaxBytes.
 * A single message: a plain tools/call of the 2025 era goes to the served dist's long-lived server
 * (./tool-calls.ts); a message of the 2026-07-28 era (by the 2.x SDK's classification) to ./modern.ts;
 * anything else to the 1.x SDK's stateless Streamable HTTP transport (./server.ts).
 * A JSON-RPC batch (docs/mcp.md "Limits", issue 40): at most LIMITS.mcpBatchMax messages (more:
 * 400, JSON-RPC -32600); each message past the first counts against the rate limits like a
 * request of its own (the first was counted when the request arrived); the messages are answered
 * one after another as single messages, and once the answers hold LIMITS.mcpBatchAnswerMaxBytes
 * the requests left are answered with an error asking to send them on their own, so a batch's
 * answer stays within that budget plus one message's answer. Called by POST /mcp (./mcp-http.ts),
 * loaded on first use.
 */
import type { ReadableStream } from 'node:stream/web';
import type { Served } from '../served.js';
import { CACHE_CONTROL } from '../http/caching.js';
import { LIMITS } from '../../domain/contract/parameter-rules.js';
import { JSON_RPC_HEADERS, jsonRpcError, jsonRpcRefusal, type JsonRpcId, type McpAnswer } from './json-rpc.js';
import { handleMcp } from './server.js';
import { answerToolCall, plainToolCall } from './tool-calls.js';

/** The 2026-07-28 era (./modern.ts, with the 2.x SDK), loaded on the first request that is not a plain tools/call. */
let modernModule: Promise<typeof import('./modern.js')> | undefined;
const loadModern = () => (modernModule ??= import('./modern.js'));

/** The body parsed, or undefined when it is not JSON (the SDKs answer the parse error). Parsed once per POST: the messages of a batch are handed on parsed. */
function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The request as the endpoint needs it. */
export interface McpPost {
  /** The request URL (the SDK transport wants a full URL). */
  href: string;
  /** The request header of a (lower-case) name, or null. */
  header: (name: string) => string | null;
  /** All request headers, for the SDK transport. */
  headerEntries: () => Iterable<[string, string]>;
  body: string;
  /**
   * Counts `count` more requests of this client against the rate limits (the messages of a batch
   * past the first); resolves with the refusal to answer when the limits refuse them, else undefined.
   */
  charge: (count: number) => Promise<McpAnswer | undefined>;
}

/**
 * One message answered as a POST of its own.
 * @param body the message's JSON text
 * @param message `body` parsed (undefined: not JSON)
 * @param id the message's request id (requestId(message))
 */
async function answerOne(served: Served, post: McpPost, body: string, message: unknown, id: JsonRpcId | undefined): Promise<McpAnswer> {
  const toolCall = plainToolCall(body, message, post.header);
  if (toolCall) return { status: 200, headers: { ...JSON_RPC_HEADERS }, body: await answerToolCall(served, toolCall) };
  // The spec tells clients to send only Content-Type: application/json; the SDK wants Accept to name
  // both JSON and SSE, so a missing, wildcard or partial Accept is completed here (we answer JSON).
  const headers = new Headers([...post.headerEntries()]);
  headers.set('accept', 'application/json, text/event-stream');
  headers.delete('content-length');
  const request = new Request(post.href, { method: 'POST', headers, body });
  const modern = await loadModern();
  const response = (await modern.isModernRequest(request, message)) ? await modern.answerModern(served, request) : await handleMcp(served, request);
  const headersOut = { 'cache-control': CACHE_CONTROL.jsonRpc, ...Object.fromEntries(response.headers) };
  // a subscriptions/listen stream (2026-07-28) goes out as it comes
  if (response.body && (response.headers.get('content-type') ?? '').startsWith('text/event-stream'))
    return { status: response.status, headers: headersOut, body: response.body as ReadableStream<Uint8Array> };
  const text = response.body ? await response.text() : null;
  return { status: response.status, headers: headersOut, body: text === null ? null : withRequestId(text, id) };
}

/**
 * An error answer with id null gets the request's id when the request had one (JSON-RPC 2.0
 * section 5: null only when the id could not be determined): the 1.x SDK's transport answers
 * its HTTP-level refusals (an unsupported MCP-Protocol-Version header, a wrong Accept) with id null.
 */
function withRequestId(text: string, id: JsonRpcId | undefined): string {
  if (id === undefined || id === null || !text.endsWith('"id":null}') || !text.startsWith('{"jsonrpc":"2.0","error":')) return text;
  return `${text.slice(0, -'null}'.length)}${JSON.stringify(id)}}`;
}

/** The id of a batch member that is a request (it has an id), else undefined (a notification or not a request). */
function requestId(message: unknown): JsonRpcId | undefined {
  if (message === null || typeof message !== 'object' || !('id' in message)) return undefined;
  const id = (message as { id: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' || id === null ? id : undefined;
}

/** Answers the messages of a batch one after another, within LIMITS.mcpBatchAnswerMaxBytes (see the module comment). */
async function answerBatch(served: Served, post: McpPost, messages: unknown[]): Promise<McpAnswer> {
  const parts: string[] = [];
  let bytes = 0;
  for (const message of messages) {
    const id = requestId(message);
    if (bytes >= LIMITS.mcpBatchAnswerMaxBytes) {
      if (id !== undefined)
        parts.push(jsonRpcError(id, -32000, `This batch's answers passed ${LIMITS.mcpBatchAnswerMaxBytes} bytes; send this request again on its own.`));
      continue;
    }
    const answer = await answerOne(served, post, JSON.stringify(message), message, id);
    if (answer.body !== null && typeof answer.body === 'object' && !Buffer.isBuffer(answer.body)) {
      await answer.body.cancel(); // a stream cannot be part of a batch's answer
      if (id !== undefined) parts.push(jsonRpcError(id, -32600, 'A streamed request (subscriptions/listen) cannot be part of a batch; send it on its own.'));
      continue;
    }
    // the first message refused over HTTP (e.g. an unsupported MCP-Protocol-Version header): the request as a whole is
    if (answer.status >= 400 && message === messages[0]) return answer;
    if (answer.body === null || answer.body.length === 0) continue;
    const text = typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8');
    bytes += Buffer.byteLength(text);
    parts.push(text);
  }
  if (parts.length === 0) return { status: 202, headers: { ...JSON_RPC_HEADERS }, body: null };
  return { status: 200, headers: { ...JSON_RPC_HEADERS }, body: `[${parts.join(',')}]` };
}

/** Answers a POST /mcp (see the module comment). */
export async function answerMcpPost(served: Served, post: McpPost): Promise<McpAnswer> {
  const batch = parsed(post.body);
  // not a batch, or an empty one (the SDK's invalid-request error)
  if (!Array.isArray(batch) || batch.length === 0) return answerOne(served, post, post.body, batch, requestId(batch));
  if (batch.length > LIMITS.mcpBatchMax) {
    return jsonRpcRefusal(400, `A JSON-RPC batch may hold at most ${LIMITS.mcpBatchMax} messages; got ${batch.length}.`, {}, -32600);
  }
  const refused = await post.charge(batch.length - 1);
  if (refused) return refused;
  return answerBatch(served, post, batch);
}
