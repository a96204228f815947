/**
 * Starting the runtime: load dist/ once, build the app, listen with node:http on
 * HOST:PORT with at most MAX_CONNECTIONS connections (see README "Configuration"). The running server can swap in a
 * freshly built dist/ (reload) and close gracefully: stop accepting, close idle
 * keep-alive connections at once, answer every request already accepted (its body
 * may still be arriving) with Connection: close, and at the deadline
 * (SHUTDOWN_TIMEOUT_MS, default 10 s) close whatever is left (docs/operations.md).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { loadServed, type Served } from './served.js';
import { markServed } from './dist-lease.js';
import { createRequestListener, type AppHandler } from './http/request-listener.js';
import { INTERNAL_ERROR } from '../domain/contract/problem.js';
import { problemReply } from './http/reply.js';
import { RateLimits, type RateLimitConfig } from './http/rate-limit.js';
import { createMetrics, type Metrics } from './metrics.js';
import type { Logger } from './log.js';
import type { WebhookSettings } from './webhooks/webhook-config.js';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';

export interface ServeOptions {
  distDir: string;
  /** Free requests per minute per client IP (0: off), and accepted API keys. */
  rateLimit: RateLimitConfig;
  /** Trusted reverse-proxy hops (TRUST_PROXY). */
  trustProxy: number;
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Address to listen on (HOST); a loopback address lets the loopback host names in (http/host-check.ts). */
  hostname: string;
  /** Host names answered besides BASE_URL's (and the loopback names on loopback): ALLOWED_HOSTS; absent: none. */
  allowedHosts?: readonly string[];
  logger: Logger;
  /** Milliseconds close() waits for requests in flight before closing their connections (SHUTDOWN_TIMEOUT_MS, default 10000). */
  shutdownTimeoutMs?: number;
  /** Port and address of the Prometheus metrics listener (METRICS_PORT, METRICS_HOST); absent: no metrics. */
  metrics?: { port: number; hostname: string };
  /** Change webhooks (WEBHOOKS_FILE); absent: none. */
  webhooks?: WebhookSettings;
  /** Most open connections to the public port (MAX_CONNECTIONS); more are closed as they arrive. 0 or absent: no cap. */
  maxConnections?: number;
  /** Largest resource MCP resources/read returns inline, bytes (MCP_RESOURCE_MAX_BYTES); absent: 256 KiB. */
  mcpResourceMaxBytes?: number;
}

/** What a graceful close did: connections it found idle, requests it let finish, connections cut at the deadline. */
interface CloseReport {
  idle_closed: number;
  finished: number;
  cut_at_deadline: number;
}

/** The listening socket: its node:http server and its URL (`http://HOST:PORT/`). */
interface Listener {
  server: Server;
  url: string;
}

/** Listens on `port` and `hostname`; resolves with the server and its URL once it accepts connections. */
async function listen(server: Server, port: number, hostname: string): Promise<Listener> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port: bound } = server.address() as AddressInfo;
  return { server, url: `http://${address.includes(':') ? `[${address}]` : address}:${bound}/` };
}

export interface RunningRuntime {
  listener: Listener;
  /** The metrics listener (GET /metrics), when METRICS_PORT is set. */
  metricsListener?: Listener;
  /**
   * Loads dist/ again and swaps it in for the next requests; requests in flight finish on the old one.
   * @throws Error when the new dist/ is missing or broken; the old Served value keeps serving
   */
  reload: () => Promise<void>;
  /** The change-webhook dispatcher, when webhooks are configured (its events report each delivery). */
  webhooks?: WebhookDispatcher;
  /**
   * Stops accepting connections, closes idle ones, lets requests in flight finish (each answered
   * with Connection: close) and resolves when they have, or at the shutdown deadline after
   * closing the connections still open.
   */
  close: () => Promise<CloseReport>;
}

/**
 * Loads the served dist and listens. Resolves once the socket accepts connections.
 * @throws Error when dist/ is missing or broken
 */
export async function serve(options: ServeOptions): Promise<RunningRuntime> {
  const servedSettings = options.mcpResourceMaxBytes === undefined ? {} : { mcpResourceMaxBytes: options.mcpResourceMaxBytes };
  let served: Served = await loadServed(options.distDir, servedSettings);
  // the build folder served is marked so builds keep it while it is served (dist-lease.ts)
  let unmark = markServed(served.root);
  const limits = new RateLimits(options.rateLimit, options.logger);
  // prom-client is loaded only when metrics are on (start time)
  const metrics = options.metrics
    ? await createMetrics(() => ({
        redis: limits.redisState(),
        evaluationDate: served.model.site.evaluation_date,
        methodologyVersion: served.model.site.methodology_version,
        platforms: served.bySlug.size,
      }))
    : undefined;
  const webhooks = options.webhooks ? await startWebhooks(options.webhooks, options, () => served.model, metrics?.observeWebhook) : undefined;
  const appOptions = {
    limits,
    trustProxy: options.trustProxy,
    logger: options.logger,
    hosts: { bind: options.hostname, allowed: options.allowedHosts ?? [] },
    ...(metrics && { observe: metrics.observeRequest }),
  };
  // Every request enters the request listener (http/request-listener.ts), which admits it once and
  // answers it from memory when it can; the rest goes to the h3 app. The app (h3, srvx and the web
  // Request/Response classes they load: about 35 ms) is imported once the socket listens, so the
  // first answers from memory do not wait for it; a request that needs it before then waits for the import.
  let app: Promise<AppHandler> | undefined;
  let loadedApp: AppHandler | undefined;
  const fail = (req: IncomingMessage, res: ServerResponse, event: string, error: unknown) => {
    options.logger.error(
      { event, error: error instanceof Error ? error.message : String(error) },
      event === 'app-load-failed' ? 'the h3 app could not be loaded' : 'the response could not be sent',
    );
    if (res.headersSent) return void res.destroy();
    const problem = problemReply(req.method ?? 'GET', served.model.site.base_url, INTERNAL_ERROR);
    res.writeHead(problem.status, problem.headers);
    res.end(problem.body ?? undefined);
  };
  const loadApp = () =>
    (app ??= Promise.all([import('./app.js'), import('srvx/node')]).then(([{ createApp }, { NodeRequest, sendNodeResponse }]) => {
      const h3 = createApp(() => served, appOptions);
      // The admitted request's headers go in as the h3 event's context (H3.request's documented third argument).
      loadedApp = (req, res, admitted) =>
        void Promise.resolve(h3.request(new NodeRequest({ req, res }), undefined, { admitted }))
          .then((response) => sendNodeResponse(res, response))
          .catch((error: unknown) => fail(req, res, 'send-failed', error));
      return loadedApp;
    }));
  const toApp: AppHandler = (req, res, admitted) =>
    loadedApp
      ? loadedApp(req, res, admitted)
      : void loadApp().then(
          (handle) => handle(req, res, admitted),
          (error: unknown) => fail(req, res, 'app-load-failed', error),
        );
  // Responses not yet finished, so a shutdown can ask each for Connection: close and count them.
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const handleRequest = createRequestListener(() => served, toApp, appOptions);
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (closing) res.setHeader('connection', 'close');
    handleRequest(req, res);
  });
  if (options.maxConnections) {
    // node:net closes each connection past the cap at once (net.Server maxConnections, its 'drop' event); logged once per 1,000
    server.maxConnections = options.maxConnections;
    let dropped = 0;
    server.on('drop', () => {
      if (dropped++ % 1000 === 0)
        options.logger.warn({ event: 'connection-dropped', max_connections: options.maxConnections, dropped }, 'connection closed: MAX_CONNECTIONS reached');
    });
  }
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const listener = await listen(server, options.port, options.hostname);
  setImmediate(() => void loadApp().catch(() => undefined)); // errors are answered per request (toApp)
  const metricsListener =
    metrics && options.metrics
      ? await listen(
          createServer((req, res) => {
            if (req.method !== 'GET' || req.url?.split('?', 1)[0] !== '/metrics')
              return void res.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics\n');
            metrics.registry.metrics().then(
              (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
              () => res.writeHead(500).end(),
            );
          }),
          options.metrics.port,
          options.metrics.hostname,
        )
      : undefined;
  return {
    listener,
    ...(metricsListener && { metricsListener }),
    ...(webhooks && { webhooks }),
    reload: async () => {
      const previous = served;
      try {
        served = await loadServed(options.distDir, servedSettings);
      } catch (error) {
        metrics?.observeReload('refused');
        throw error;
      }
      metrics?.observeReload('ok');
      if (served.root !== previous.root) {
        unmark();
        unmark = markServed(served.root);
      }
      // delivered on timers after the reload returns; a failure is logged, never thrown into the reload
      webhooks?.changed(previous.model, served.model).catch(logQueueFailure(options.logger));
    },
    close: async () => {
      closing = true;
      unmark();
      webhooks?.close();
      const finished = inFlight.size;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      const busy = new Set([...inFlight].map((res) => res.socket));
      const idleClosed = [...sockets].filter((socket) => !busy.has(socket)).length;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve())); // stops accepting; closes idle keep-alive connections
      let cut = 0;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          cut = inFlight.size;
          server.closeAllConnections();
          resolve();
        }, options.shutdownTimeoutMs ?? 10_000);
      });
      await Promise.race([stopped, deadline]);
      clearTimeout(timer);
      metricsListener?.server.close();
      options.rateLimit.redis?.disconnect();
      return { idle_closed: idleClosed, finished: finished - cut, cut_at_deadline: cut };
    },
  };
}

/** Logs (event `webhook-queue-failed`) an error that kept webhook messages from being queued (at start or on a reload); never throws. */
const logQueueFailure =
  (logger: Logger) =>
  (error: unknown): void =>
    logger.error({ event: 'webhook-queue-failed', error: error instanceof Error ? error.message : String(error) }, 'webhook messages could not be queued');

/**
 * The webhook dispatcher, loaded only when webhooks are configured (start time): pending deliveries
 * in Redis when REDIS_URL is set, else in memory. It starts now (resumes pending deliveries and
 * queues the changes of a build that arrived by a restart) and again each time Redis becomes ready
 * (Redis may not have answered at start; ./webhooks/webhook-dispatcher.ts).
 * @param observe counts each delivery event on /metrics (metrics.ts), when metrics are on
 */
async function startWebhooks(
  settings: WebhookSettings,
  options: ServeOptions,
  model: () => Served['model'],
  observe: Metrics['observeWebhook'] | undefined,
): Promise<WebhookDispatcher> {
  const [{ WebhookDispatcher: Dispatcher, WEBHOOK_OUTCOMES }, { MemoryDeliveryStore, RedisDeliveryStore }] = await Promise.all([
    import('./webhooks/webhook-dispatcher.js'),
    import('./webhooks/delivery-store.js'),
  ]);
  const redis = options.rateLimit.redis;
  const dispatcher = new Dispatcher(settings, redis ? new RedisDeliveryStore(redis, options.logger) : new MemoryDeliveryStore(), options.logger);
  if (observe) for (const outcome of WEBHOOK_OUTCOMES) dispatcher.on(outcome, () => observe(outcome));
  const start = () => dispatcher.start(model()).catch(logQueueFailure(options.logger));
  redis?.on('ready', () => void start());
  await start();
  return dispatcher;
}
