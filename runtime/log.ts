/**
 * Structured logs (pino, JSON lines on stdout): one access line per request
 * with request id, method, path, status and latency in milliseconds, and the
 * server's lifecycle events. LOG_LEVEL sets the level (default info; silent in tests).
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/** A logger at the given level (trace, debug, info, warn, error, fatal, silent). */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { service: 'comparison-data-runtime' }, timestamp: pino.stdTimeFunctions.isoTime });
}
