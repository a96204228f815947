/**
 * Starting the runtime: load dist/ once, build the app, listen with listhen on
 * HOST:PORT (see README "Configuration").
 */
import { toNodeHandler } from 'h3/node';
import { listen, type Listener } from 'listhen';
import { createApp } from './app.js';
import { loadBundle } from './bundle.js';

export interface ServeOptions {
  distDir: string;
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
  const app = createApp(() => bundle);
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
