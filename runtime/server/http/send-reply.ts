/**
 * Writing a reply to node:http and logging it: every answer the request listener
 * (http/request-listener.ts) makes itself goes out through here; answers of the h3 app are
 * logged by its onResponse hook with the same entry.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { accessLog, type AccessEntry, type Logger } from '../log.js';

/**
 * A reply to write: status, headers (the request's common headers included), body (null: none; a
 * stream: an MCP subscriptions/listen event stream, piped until either side closes).
 */
interface OutgoingReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null | ReadableStream<Uint8Array>;
}

/** Writes a reply and logs it (a streamed reply when its head is written); `startedAt` is the request's performance.now() when it arrived. */
export type SendReply = (req: IncomingMessage, res: ServerResponse, reply: OutgoingReply, startedAt: number) => void;

/**
 * @param logger the access log
 * @param observe sees each access-log entry too (metrics.ts), when metrics are on
 */
export function createSendReply(logger: Logger, observe?: (entry: AccessEntry) => void): SendReply {
  return (req, res, reply, startedAt) => {
    res.writeHead(reply.status, reply.headers);
    if (reply.body !== null && typeof reply.body === 'object' && !Buffer.isBuffer(reply.body)) {
      const stream = Readable.fromWeb(reply.body);
      stream.pipe(res);
      res.once('close', () => stream.destroy()); // the client went away: the SDK's stream is cancelled
    } else {
      res.end(reply.body ?? undefined);
    }
    const entry: AccessEntry = {
      req_id: reply.headers['x-request-id']!,
      method: req.method!,
      path: req.url!.split('?', 1)[0]!.slice(0, 200),
      status: reply.status,
      ms: Math.round((performance.now() - startedAt) * 100) / 100,
    };
    accessLog(logger, entry);
    observe?.(entry);
  };
}
