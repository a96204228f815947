/** The in-process transport of the long-lived MCP server that answers plain tools/call requests (./tool-calls.ts). */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/**
 * A transport that hands each request to the server under an id of its own (clients' ids
 * collide: every client may send id 1) and resolves the matching response. Messages the
 * server sends that answer no waiting request (notifications) are dropped: a stateless
 * HTTP exchange has no stream to carry them, as with the SDK transport in JSON mode.
 */
export class InProcessTransport implements Transport {
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
