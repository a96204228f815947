/**
 * Writing a reply to node:http and logging it: every answer the request listener
 * (http/request-listener.ts) makes itself goes out through here; answers of the h3 app are
 * logged by its onResponse hook with the same entry.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessLog, type AccessEntry, type Logger } from '../log.js';

/** A reply to write: status, headers (the request's common headers included), body (null: none). */
interface OutgoingReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null;
}

/** Writes a reply and logs it; `startedAt` is the request's performance.now() when it arrived. */
export type SendReply = (req: IncomingMessage, res: ServerResponse, reply: OutgoingReply, startedAt: number) => void;

/**
 * @param logger the access log
 * @param observe sees each access-log entry too (metrics.ts), when metrics are on
 */
export function createSendReply(logger: Logger, observe?: (entry: AccessEntry) => void): SendReply {
  return (req, res, reply, startedAt) => {
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body ?? undefined);
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
