/**
 * Starting the runtime: load dist/ once, build the app, listen with listhen on
 * HOST:PORT (see README "Configuration"). The running server can swap in a
 * freshly built dist/ (reload) and close gracefully (in-flight requests finish).
 */
import { toNodeHandler } from 'h3/node';
import { listen, type Listener } from 'listhen';
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
  const listener = await listen(handler, {
    port: options.port,
    hostname: options.hostname,
    showURL: false,
    qr: false,
    public: false,
    isProd: true,
    autoClose: false,
  });
  return {
    listener,
    reload: async () => {
      bundle = await loadBundle(options.distDir);
    },
    close: async () => {
      await listener.close();
      options.rateLimit.redis?.disconnect();
    },
  };
}
