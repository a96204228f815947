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
const LOG_BUFFER_BYTES = 64 * 1024;
const LOG_FLUSH_MS = 100;
/** Most bytes kept while stdout (a full non-blocking pipe) takes none; beyond that, lines are dropped and counted. */
export const LOG_BACKLOG_BYTES = 4 * 1024 * 1024;
/** Longest the final flush (process exit, pino's flushSync) waits for a full stdout to take the held lines (ms). */
const LOG_EXIT_WAIT_MS = 5000;
/** Pause between two tries of that final flush when stdout takes nothing (ms). */
const EXIT_RETRY_MS = 5;

/** Most bytes a string of `chars` UTF-16 code units takes as UTF-8. */
const maxUtf8Bytes = (chars: number) => chars * 3;

/** A cell nobody notifies: Atomics.wait on it just sleeps. */
const sleepCell = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the thread for `ms` milliseconds (only in the final flush, which must not return before stdout takes the lines). */
function sleepSync(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

/**
 * pino's destination: each line is encoded as UTF-8 into one buffer, reused, which is written to a
 * file descriptor with one write(2) when the next line might not fit (LOG_BUFFER_BYTES), every
 * LOG_FLUSH_MS, and when the process exits. A write(2) per line cost about a quarter of the
 * throughput of a small precomputed answer; sonic-boom's own buffering (minLength) measures the
 * byte length of its whole buffer on every line; appending lines to a string and encoding it at
 * each write was about 60 % of the access log's cost (docs/performance.md).
 *
 * stdout is non-blocking when it is a pipe or socket (createLogger sees to it): while
 * serving, bytes it does not take are kept (up to LOG_BACKLOG_BYTES; newer lines beyond that are
 * dropped whole and counted, and `onDropped` is told once stdout has taken the rest), so a slow
 * log reader never stalls answers.
 * The final flush at exit waits for stdout, up to LOG_EXIT_WAIT_MS, so the last lines arrive whole.
 */
class LineBuffer {
  private readonly buffer = Buffer.allocUnsafe(LOG_BUFFER_BYTES);
  private used = 0;
  /** Bytes a non-blocking stdout did not take (EAGAIN or a partial write), written first next time. */
  private unwritten: Buffer | null = null;
  /** Bytes dropped since the last report (backlog full, or a write error other than EAGAIN). */
  private dropped = 0;
  /** Told how many bytes were dropped, once stdout takes lines again (set by createLogger). */
  onDropped: (bytes: number) => void = () => {};

  constructor(private readonly fd: number) {
    setInterval(() => {
      this.flush(false);
      this.reportDropped();
    }, LOG_FLUSH_MS).unref();
    process.on('exit', () => this.flushSync());
  }

  write(line: string): void {
    if (this.used + maxUtf8Bytes(line.length) > this.buffer.length) {
      this.flush(false);
      // a line longer than the buffer (say, an error with a long stack) goes out on its own
      if (maxUtf8Bytes(line.length) > this.buffer.length) return this.writeOut(Buffer.from(line), false);
    }
    this.used += this.buffer.write(line, this.used);
  }

  /** Writes everything held, waiting up to LOG_EXIT_WAIT_MS for a full stdout (pino calls this, and so does process exit). */
  flushSync(): void {
    this.flush(true);
    if (this.reportDropped()) this.flush(true);
  }

  private flush(wait: boolean): void {
    if (!this.used && !this.unwritten) return;
    const held = this.buffer.subarray(0, this.used);
    this.used = 0;
    this.writeOut(held, wait);
  }

  /**
   * Writes `bytes` after any unwritten ones. Without `wait`, what stdout does not take now is
   * copied into `unwritten` (the buffer is reused); with `wait`, EAGAIN is retried until
   * LOG_EXIT_WAIT_MS has passed. Any other write error drops the bytes: logging never stops the service.
   */
  private writeOut(bytes: Buffer, wait: boolean): void {
    let rest = this.unwritten ? Buffer.concat([this.unwritten, bytes]) : bytes;
    this.unwritten = null;
    const deadline = wait ? Date.now() + LOG_EXIT_WAIT_MS : 0;
    for (;;) {
      try {
        while (rest.length) rest = rest.subarray(writeSync(this.fd, rest));
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
          this.dropped += rest.length;
          return;
        }
        if (Date.now() >= deadline) return this.keep(rest);
        sleepSync(EXIT_RETRY_MS);
      }
    }
  }

  /**
   * Keeps `rest` (whole lines, but the first may be the tail of a line stdout took in part) for
   * the next write: the oldest whole lines that fit in LOG_BACKLOG_BYTES (at least the first, so
   * no line arrives cut); the newer ones are dropped and counted.
   */
  private keep(rest: Buffer): void {
    const kept = rest.length <= LOG_BACKLOG_BYTES ? rest.length : Math.max(rest.lastIndexOf(0x0a, LOG_BACKLOG_BYTES - 1), rest.indexOf(0x0a)) + 1;
    this.unwritten = Buffer.from(rest.subarray(0, kept));
    this.dropped += rest.length - kept;
  }

  /**
   * Tells `onDropped` of the bytes dropped so far, once stdout has taken everything kept (never
   * from inside write(): the report is itself a line). Returns whether it did.
   */
  private reportDropped(): boolean {
    if (!this.dropped || this.unwritten) return false;
    const bytes = this.dropped;
    this.dropped = 0;
    this.onDropped(bytes);
    return true;
  }
}

/** The LineBuffer of stdout, made by the first createLogger and shared by every logger after it. */
let stdoutBuffer: LineBuffer | undefined;

/**
 * A logger at the given level (trace, debug, info, warn, error, fatal, silent), writing JSON lines
 * to stdout through a LineBuffer; makes a pipe or socket stdout non-blocking. Lines dropped because
 * stdout fell behind are reported by one warn line: `{ event: 'log-dropped', bytes }` (UTF-8 bytes),
 * by the logger made last (loggers share stdout's buffer). pino throws for an unknown level.
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  // Creating process.stdout makes libuv set O_NONBLOCK on a pipe or socket stdout, so a log reader
  // that falls behind gets lines kept or dropped (LineBuffer) instead of stalling the event loop.
  void process.stdout;
  // one buffer (with its flush timer and exit hook) for stdout, whatever the number of loggers made
  const destination = (stdoutBuffer ??= new LineBuffer(1));
  const logger = pino({ level, base: { service: SERVICE }, timestamp: isoTimeOncePerMs }, destination);
  destination.onDropped = (bytes) => logger.warn({ event: 'log-dropped', bytes }, `${bytes} bytes of log lines dropped: stdout took none for too long`);
  return logger;
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
