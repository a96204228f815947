/**
 * The runtime process: serves a built dist/ (no build; see scripts/prepare-start.ts).
 *   node build/runtime/main.js [--dist DIR]   (compiled: npm run build:runtime)
 *   tsx runtime/server/main.ts [--dist DIR]          (from the sources)
 * DIR defaults to dist/ in the working directory.
 * SIGTERM / SIGINT: stop accepting connections, close idle ones, finish in-flight requests
 * (Connection: close), exit 0 when they are done or at SHUTDOWN_TIMEOUT_MS (default 10 s).
 * SIGHUP: load dist/ again and swap it in; a broken dist/ is refused and the old one keeps serving.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { serveOptionsFromEnv } from './config.js';
import { createLogger } from './log.js';
import { serve } from './server.js';

/** Serves `distDir` with settings from the environment and installs the signal handlers. */
export async function runRuntime(distDir: string): Promise<void> {
  const logger = createLogger();
  const options = serveOptionsFromEnv(process.env, distDir, logger);
  const runtime = await serve(options);
  logger.info({ event: 'listening', url: runtime.listener.url, dist: distDir }, `serving ${distDir} at ${runtime.listener.url}`);
  if (runtime.metricsListener)
    logger.info({ event: 'metrics-listening', url: `${runtime.metricsListener.url}metrics` }, `Prometheus metrics at ${runtime.metricsListener.url}metrics`);
  const stop = (signal: string) => {
    logger.info({ event: 'shutdown', signal, deadline_ms: options.shutdownTimeoutMs }, 'stopped accepting; finishing requests in flight');
    runtime.close().then(
      (report) => {
        logger.info(
          { event: 'shutdown-complete', ...report },
          report.cut_at_deadline
            ? `deadline reached: ${report.cut_at_deadline} connections closed with requests unfinished`
            : 'every request in flight was answered',
        );
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ event: 'shutdown-failed', error: error instanceof Error ? error.message : String(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => {
    runtime.reload().then(
      () => logger.info({ event: 'reload', dist: distDir }, 'dist reloaded'),
      (error: unknown) =>
        logger.error(
          { event: 'reload-refused', error: error instanceof Error ? error.message : String(error) },
          'new dist refused; the previous one keeps serving',
        ),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { dist: { type: 'string' } } });
  const dist = path.resolve(values.dist ?? 'dist');
  runRuntime(dist).catch((error: unknown) => {
    process.stderr.write(`runtime failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
