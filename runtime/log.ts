/**
 * Structured logs (pino, JSON lines on stdout): one access line per request
 * with request id, method, path, status and latency in milliseconds, and the
 * server's lifecycle events. LOG_LEVEL sets the level (default info; silent in tests).
 *
 * The access line is the hot one (one per request); its ISO timestamp is
 * formatted once per millisecond (pino's `timestamp` option), since a fresh Date
 * string per line was a measurable share of answering a small precomputed body
 * (see docs/performance.md). The line itself is pino's own serialisation.
 * Lines go to stdout through pino's asynchronous destination (sonic-boom, sync: false):
 * the lines of one event-loop turn leave in one write instead of one write(2) per
 * request, which cost about a sixth of the throughput of a small precomputed answer
 * (docs/performance.md). pino flushes what is buffered when the process exits.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

const SERVICE = 'comparison-data-runtime';

let lastMs = -1;
let lastTime = '';

/** pino's `isoTime` (`,"time":"2026-01-01T00:00:00.000Z"`), reusing the string within one millisecond. */
function isoTimeOncePerMs(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/** A logger at the given level (trace, debug, info, warn, error, fatal, silent), writing to stdout asynchronously. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { service: SERVICE }, timestamp: isoTimeOncePerMs }, pino.destination({ dest: 1, sync: false }));
}

/** One access-log line: request id, method, path, status and latency in milliseconds. */
export interface AccessEntry {
  /** X-Request-Id of the response. */
  req_id: string;
  method: string;
  /** URL path without the query, at most 200 characters. */
  path: string;
  /** HTTP status code. */
  status: number;
  /** Time from the request's arrival to the response, milliseconds (2 decimals). */
  ms: number;
}

/** Logs one request at level info, through pino. */
export function accessLog(logger: Logger, entry: AccessEntry): void {
  logger.info(entry);
}
