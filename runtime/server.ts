/**
 * Starting the runtime: load dist/ once, build the app, listen with listhen on
 * HOST:PORT (see README "Configuration").
 */
import { toNodeHandler } from 'h3/node';
import { listen, type Listener } from 'listhen';
import { createApp } from './app.js';
import { loadBundle } from './bundle.js';
import { RateLimits, type RateLimitConfig } from './http/rate-limit.js';

export interface ServeOptions {
  distDir: string;
  /** Free requests per minute per client IP (0: off), and accepted API keys. */
  rateLimit: RateLimitConfig;
  /** Trusted reverse-proxy hops (TRUST_PROXY). */
  trustProxy: number;
  /** TCP port; 0 picks a free one. */
  port: number;
  hostname: string;
}

/**
 * Loads the bundle and listens. Resolves once the socket accepts connections.
 * @throws Error when dist/ is missing or broken
 */
export async function serve(options: ServeOptions): Promise<Listener> {
  const bundle = await loadBundle(options.distDir);
  const app = createApp(() => bundle, { limits: new RateLimits(options.rateLimit), trustProxy: options.trustProxy });
  return listen(toNodeHandler(app), {
    port: options.port,
    hostname: options.hostname,
    showURL: false,
    qr: false,
    public: false,
    isProd: true,
    autoClose: false,
  });
}
