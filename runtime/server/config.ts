/**
 * Runtime settings from the environment (README "Configuration"); each bad
 * value is an error naming the variable, never a silent default.
 */
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { loadKeys } from './http/rate-limit.js';
import { FREE_REQUESTS_PER_MINUTE } from '../domain/contract/plans.js';
import type { Logger } from './log.js';
import type { ServeOptions } from './server.js';
import { loadWebhookSettings } from './webhooks/webhook-config.js';
import { MCP_RESOURCE_MAX_BYTES_DEFAULT } from './mcp/mcp-state.js';

/** A whole-number setting within 0..max, or its default. @throws Error naming the variable */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name] ?? String(fallback);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > max) throw new Error(`${name} must be a whole number 0-${max}; got "${raw}"`);
  return value;
}

/**
 * A Redis client for REDIS_URL (redis://host:port), or undefined when it is not set. Each command
 * times out after REDIS_TIMEOUT_MS (default 100 ms); no command waits for a connection.
 * @throws Error for a URL that is not redis:// or rediss://, or a bad REDIS_TIMEOUT_MS
 */
function redisFrom(env: NodeJS.ProcessEnv, logger: Logger): Redis | undefined {
  const url = env.REDIS_URL;
  if (!url) return undefined;
  if (!/^rediss?:\/\//.test(url)) throw new Error(`REDIS_URL must start with redis:// or rediss://; got "${url.slice(0, 40)}"`);
  // Required only when REDIS_URL is set: loading ioredis adds about 45 ms to every start.
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const commandTimeout = Math.max(1, wholeNumber(env, 'REDIS_TIMEOUT_MS', 100, 60_000));
  const client = new RedisClient(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout });
  client.on('error', (error: Error) => logger.warn({ event: 'redis-error', error: error.message }, 'Redis unavailable; counting in memory'));
  return client;
}

/**
 * ALLOWED_HOSTS: comma-separated host names (no scheme, port or path), lower-cased.
 * @throws Error naming the variable for a value that is not a host name
 */
function allowedHosts(env: NodeJS.ProcessEnv): string[] {
  const names = (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const bad = names.find((h) => !/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(h));
  if (bad !== undefined)
    throw new Error(`ALLOWED_HOSTS must be comma-separated host names without scheme or port (e.g. api.example.org,10.0.0.5); got "${bad.slice(0, 40)}"`);
  return names;
}

/** Default of MAX_CONNECTIONS (README "Configuration"): well above the 1,000 slow sockets the service held in issue 40's run, well below a container's usual open-file limit. */
const MAX_CONNECTIONS_DEFAULT = 4096;

/** Serve options for `distDir` from PORT, HOST, ALLOWED_HOSTS, MAX_CONNECTIONS, RATE_LIMIT_PER_MINUTE, TRUST_PROXY, API_KEYS, API_KEYS_FILE, REDIS_URL, REDIS_TIMEOUT_MS, REDIS_RETRY_MS, SHUTDOWN_TIMEOUT_MS, METRICS_PORT, METRICS_HOST, WEBHOOKS_FILE and MCP_RESOURCE_MAX_BYTES. */
export function serveOptionsFromEnv(env: NodeJS.ProcessEnv, distDir: string, logger: Logger): ServeOptions {
  const redis = redisFrom(env, logger);
  const keys = loadKeys(env);
  return {
    distDir,
    port: wholeNumber(env, 'PORT', 3000, 65535),
    hostname: env.HOST ?? '127.0.0.1',
    allowedHosts: allowedHosts(env),
    rateLimit: {
      freePerMinute: wholeNumber(env, 'RATE_LIMIT_PER_MINUTE', FREE_REQUESTS_PER_MINUTE, 1_000_000),
      keys,
      ...(redis ? { redis, redisRetryMs: wholeNumber(env, 'REDIS_RETRY_MS', 5000, 3_600_000) } : {}),
    },
    trustProxy: wholeNumber(env, 'TRUST_PROXY', 0, 10),
    maxConnections: wholeNumber(env, 'MAX_CONNECTIONS', MAX_CONNECTIONS_DEFAULT, 1_000_000),
    shutdownTimeoutMs: wholeNumber(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 3_600_000),
    ...(env.METRICS_PORT !== undefined && { metrics: { port: wholeNumber(env, 'METRICS_PORT', 0, 65535), hostname: env.METRICS_HOST ?? '127.0.0.1' } }),
    ...(env.WEBHOOKS_FILE && { webhooks: loadWebhookSettings(env.WEBHOOKS_FILE, keys) }),
    mcpResourceMaxBytes: wholeNumber(env, 'MCP_RESOURCE_MAX_BYTES', MCP_RESOURCE_MAX_BYTES_DEFAULT, 16 * 1024 * 1024),
    logger,
  };
}
