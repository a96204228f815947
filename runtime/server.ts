/**
 * Starting the runtime: load dist/ once, build the app, listen with node:http on
 * HOST:PORT (see README "Configuration"). The running server can swap in a
 * freshly built dist/ (reload) and close gracefully (in-flight requests finish).
 */
import { toNodeHandler } from 'h3/node';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { loadBundle, type Bundle } from './bundle.js';
import { createFastPath } from './http/fast-path.js';
import { RateLimits, type RateLimitConfig } from './http/rate-limit.js';
import type { Logger } from './log.js';

export interface ServeOptions {
  distDir: string;
  /** Free requests per minute per client IP (0: off), and accepted API keys. */
  rateLimit: RateLimitConfig;
  /** Trusted reverse-proxy hops (TRUST_PROXY). */
  trustProxy: number;
  /** TCP port; 0 picks a free one. */
  port: number;
  hostname: string;
  logger: Logger;
}

/** The listening socket: its node:http server and its URL (`http://HOST:PORT/`). */
export interface Listener {
  server: Server;
  url: string;
}

export interface RunningRuntime {
  listener: Listener;
  /**
   * Loads dist/ again and swaps it in for the next requests; requests in flight finish on the old one.
   * @throws Error when the new dist/ is missing or broken; the old bundle keeps serving
   */
  reload: () => Promise<void>;
  /** Stops accepting connections and resolves when in-flight requests have finished. */
  close: () => Promise<void>;
}

/**
 * Loads the bundle and listens. Resolves once the socket accepts connections.
 * @throws Error when dist/ is missing or broken
 */
export async function serve(options: ServeOptions): Promise<RunningRuntime> {
  let bundle: Bundle = await loadBundle(options.distDir);
  const appOptions = { limits: new RateLimits(options.rateLimit), trustProxy: options.trustProxy, logger: options.logger };
  const app = createApp(() => bundle, appOptions);
  // Answers from memory go out before h3 (http/fast-path.ts); everything else goes through the app.
  const handler = createFastPath(() => bundle, toNodeHandler(app), appOptions);
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const listener: Listener = { server, url: `http://${address.includes(':') ? `[${address}]` : address}:${port}/` };
  return {
    listener,
    reload: async () => {
      bundle = await loadBundle(options.distDir);
    },
    close: async () => {
      // Stops accepting connections, closes idle keep-alive ones, and resolves when in-flight requests have finished.
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      options.rateLimit.redis?.disconnect();
    },
  };
}
