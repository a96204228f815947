/**
 * Structured logs (pino, JSON lines on stdout): one access line per request
 * with request id, method, path, status and latency in milliseconds, and the
 * server's lifecycle events. LOG_LEVEL sets the level (default info; silent in tests).
 *
 * The access line is the hot one (one per request); its ISO timestamp is
 * formatted once per millisecond (pino's `timestamp` option), since a fresh Date
 * string per line was a measurable share of answering a small precomputed body
 * (see docs/performance.md). The line itself is pino's own serialisation.
 * Lines go to stdout through a small buffer (LineBuffer): see there.
 */
import { writeSync } from 'node:fs';
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

/** Bytes of log lines held before a write, and the longest a line waits (ms). */
export const LOG_BUFFER_BYTES = 64 * 1024;
export const LOG_FLUSH_MS = 100;
/** Most bytes kept while stdout (a full non-blocking pipe) takes none. */
export const LOG_BACKLOG_BYTES = 4 * 1024 * 1024;

/** Most bytes a string of `chars` UTF-16 code units takes as UTF-8. */
const maxUtf8Bytes = (chars: number) => chars * 3;

/**
 * pino's destination: each line is encoded as UTF-8 into one buffer, reused, which is written to a
 * file descriptor with one write(2) when the next line might not fit (LOG_BUFFER_BYTES), every
 * LOG_FLUSH_MS, and when the process exits. A write(2) per line cost about a quarter of the
 * throughput of a small precomputed answer; sonic-boom's own buffering (minLength) measures the
 * byte length of its whole buffer on every line; appending lines to a string and encoding it at
 * each write was about 60 % of the access log's cost (docs/performance.md).
 */
class LineBuffer {
  private readonly buffer = Buffer.allocUnsafe(LOG_BUFFER_BYTES);
  private used = 0;
  /** Bytes a non-blocking stdout did not take (EAGAIN or a partial write), written first next time. */
  private unwritten: Buffer | null = null;

  constructor(private readonly fd: number) {
    setInterval(() => this.flushSync(), LOG_FLUSH_MS).unref();
    process.on('exit', () => this.flushSync());
  }

  write(line: string): void {
    if (this.used + maxUtf8Bytes(line.length) > this.buffer.length) {
      this.flushSync();
      // a line longer than the buffer (say, an error with a long stack) goes out on its own
      if (maxUtf8Bytes(line.length) > this.buffer.length) return this.writeOut(Buffer.from(line));
    }
    this.used += this.buffer.write(line, this.used);
  }

  /**
   * Writes what is held (pino calls this too, e.g. before a fatal exit). Bytes stdout does not
   * take now are kept for the next flush, up to LOG_BACKLOG_BYTES; beyond that, or on any other
   * write error, they are dropped: logging never stops the service.
   */
  flushSync(): void {
    if (!this.used && !this.unwritten) return;
    const held = this.buffer.subarray(0, this.used);
    this.used = 0;
    this.writeOut(held);
  }

  /** Writes `bytes` after any unwritten ones; what stdout does not take is copied into `unwritten` (the buffer is reused). */
  private writeOut(bytes: Buffer): void {
    let rest = this.unwritten ? Buffer.concat([this.unwritten, bytes]) : bytes;
    this.unwritten = null;
    try {
      while (rest.length) rest = rest.subarray(writeSync(this.fd, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN' && rest.length <= LOG_BACKLOG_BYTES) this.unwritten = Buffer.from(rest);
    }
  }
}

/** A logger at the given level (trace, debug, info, warn, error, fatal, silent), writing JSON lines to stdout. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { service: SERVICE }, timestamp: isoTimeOncePerMs }, new LineBuffer(1));
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
