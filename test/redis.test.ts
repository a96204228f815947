/**
 * Several runtime processes sharing one Redis enforce one free limit; change webhooks kept in
 * Redis are sent once across instances, for a build that arrives by a restart too, and picked up
 * when Redis becomes ready after the start.
 * Needs Debian's redis-server (.ci/run installs it and sets REQUIRE_REDIS=1, so
 * CI fails rather than skips when it is missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createConnection, type AddressInfo } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RateLimits } from '../runtime/server/http/rate-limit.js';
import { createLogger } from '../runtime/server/log.js';
import { RedisDeliveryStore } from '../runtime/server/webhooks/delivery-store.js';
import type { DeliveryEvent } from '../runtime/server/webhooks/webhook-dispatcher.js';
import { serve, type RunningRuntime } from '../runtime/server/server.js';
import { loadServed } from '../runtime/server/served.js';
import { buildInto, driveSlidingMinute, FIXTURE_SOURCES, http, killRuntimes, runCli, spawnRuntime, tempDir } from './helpers.js';
import { newSourceRepo } from './source-repo.js';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis && process.env.REQUIRE_REDIS === '1') throw new Error('REQUIRE_REDIS=1 but redis-server is not installed');

let redis: ChildProcess | undefined;

/** Resolves when the Redis server on `port` answers one PING (its socket is open: the request waits for the answer). */
function pong(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      if (d.toString().startsWith('+PONG')) resolve();
      else reject(new Error(`redis answered ${d.toString().slice(0, 80)}`));
    });
    socket.once('error', reject);
  });
}

afterAll(() => {
  killRuntimes();
  redis?.kill('SIGKILL');
});

/** Starts a redis-server on a free-looking port and resolves with its port once it logs that it accepts connections. */
async function startRedis(): Promise<{ port: number; process: ChildProcess }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code} before accepting connections:\n${out.slice(-2000)}`)));
  });
  child.stdout!.resume();
  return { port, process: child };
}

describe.skipIf(!hasRedis)('rate limits in Redis', () => {
  it('two runtime processes sharing REDIS_URL enforce one limit per client', async () => {
    const started = await startRedis();
    redis = started.process;
    const port = started.port;
    const dist = await buildInto(FIXTURE_SOURCES);
    // a generous command timeout: on a busy machine a command past the default 100 ms falls back to
    // counting per instance (as designed), which is not what this test is about
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PER_MINUTE: '4', REDIS_TIMEOUT_MS: '10000' };
    const [a, b] = await Promise.all([spawnRuntime(dist, env), spawnRuntime(dist, env)]);
    const server = (url: string) => ({ url, close: async () => {} });
    const statuses: number[] = [];
    const remaining: Array<string | null> = [];
    for (const url of [a.url, b.url, a.url, b.url, a.url, b.url]) {
      const res = await http(server(url), '/v1/categories');
      statuses.push(res.status);
      remaining.push(res.headers.get('ratelimit'));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(remaining.slice(0, 4).map((r) => r?.match(/r=(\d+)/)?.[1])).toEqual(['3', '2', '1', '0']);
  });

  it('keeps answering while Redis stops answering (SIGSTOP), counts per instance meanwhile, says so in /readyz and the log, and shares limits again after SIGCONT', async () => {
    const { port, process: stopped } = await startRedis();
    const dist = await buildInto(FIXTURE_SOURCES);
    // REDIS_RETRY_MS=0: every request tries Redis again, so the test needs no waiting for the breaker.
    // REDIS_TIMEOUT_MS=1000: long enough that a busy machine's slow command is not taken for a
    // stopped Redis (100 ms was: seen with one core kept busy), short enough for five requests
    // against the stopped one to stay far inside the test's time
    const runtime = await spawnRuntime(dist, {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      RATE_LIMIT_PER_MINUTE: '100',
      REDIS_RETRY_MS: '0',
      REDIS_TIMEOUT_MS: '1000',
    });
    const server = { url: runtime.url, close: async () => {} };
    // an answer must come; without a command timeout it never did (the bound only ends a hang)
    const get = (target: string) => http(server, target, { signal: AbortSignal.timeout(10_000) });
    try {
      expect((await get('/v1/categories')).headers.get('ratelimit')).toMatch(/r=99;/);
      expect((await get('/readyz')).json).toMatchObject({ status: 'ready', redis: 'connected', rate_limits: 'shared', dist: { platforms: 14 } });

      stopped.kill('SIGSTOP');
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await get('/v1/categories')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect((await get('/readyz')).json).toMatchObject({ redis: 'unreachable', rate_limits: 'per_instance' });
      expect((await get('/healthz')).json).toEqual({ status: 'ok' });
      await runtime.waitFor((l) => l.event === 'redis-unreachable', 'redis-unreachable');

      stopped.kill('SIGCONT');
      await pong(port); // answered once it runs again
      expect((await get('/v1/categories')).status).toBe(200);
      expect((await get('/readyz')).json).toMatchObject({ redis: 'connected', rate_limits: 'shared' });
      await runtime.waitFor((l) => l.event === 'redis-back', 'redis-back');
      // shared counting again: the requests counted in Redis before the stop, and this one, are in one counter
      expect((await get('/v1/categories')).headers.get('ratelimit')).toMatch(/r=9[0-9];/);
    } finally {
      stopped.kill('SIGCONT');
      stopped.kill('SIGKILL');
    }
  });

  it('two instances on one Redis hold a sliding minute exactly: 2,000 requests at random moments, never more than the limit in any 60 seconds', async () => {
    const { port, process: server } = await startRedis();
    const clients = [new Redis({ port, host: '127.0.0.1' }), new Redis({ port, host: '127.0.0.1' })];
    try {
      let now = 1_800_000_000_000;
      const instances = clients.map((client) => new RateLimits({ freePerMinute: 30, keys: new Map(), redis: client, clock: () => now }));
      const admitted = await driveSlidingMinute({
        limit: 30,
        requests: 2000,
        seed: 11,
        longGapMs: 30_000,
        shortGapMs: 600,
        advance: (ms) => (now += ms),
        admit: (i) => instances[i % 2]!.admit(null, '198.51.100.4'),
      });
      expect(admitted.length).toBeGreaterThan(300);
      // refused requests are not recorded: the key holds at most the limit
      expect(await clients[0]!.zcard('ocd-sw:free-minute:ip:198.51.100.4')).toBeLessThanOrEqual(30);
    } finally {
      clients.forEach((c) => c.disconnect());
      server.kill('SIGKILL');
    }
  });

  it('keeps webhook deliveries in Redis: one instance claims a message, the other sees it pending, and resumes it', async () => {
    const { port, process: server } = await startRedis();
    const clients = [new Redis({ port, host: '127.0.0.1' }), new Redis({ port, host: '127.0.0.1' })];
    try {
      const logger = createLogger('silent');
      const [a, b] = clients.map((client) => new RedisDeliveryStore(client, logger)) as [RedisDeliveryStore, RedisDeliveryStore];
      const delivery = { id: 'msg_0123456789abcdef0123456789abcdef', target: 'acme', payload: '{"type":"data.changed"}', attempts: 0, due: 1_800_000_000_000 };
      expect(await a.claim(delivery)).toBe(true);
      expect(await b.claim(delivery)).toBe(false);
      await a.save({ ...delivery, attempts: 2, due: 1_800_000_030_000 });
      expect(await b.all()).toEqual([{ ...delivery, attempts: 2, due: 1_800_000_030_000 }]);
      await b.remove(delivery.id);
      expect(await a.all()).toEqual([]);
      // delivered and removed, the message stays claimed: an instance reloading later does not send it again
      expect(await a.claim(delivery)).toBe(false);
    } finally {
      clients.forEach((c) => c.disconnect());
      server.kill('SIGKILL');
    }
  });
});

describe.skipIf(!hasRedis)('change webhooks with Redis', () => {
  const SECRET = `whsec_${Buffer.from('a test secret of 32 bytes, ok!!!').toString('base64')}`;
  const KEY_SHA256 = 'b'.repeat(64);
  const EPOCH = String(Date.UTC(2026, 7, 1) / 1000);
  const built = { SOURCE_DATE_EPOCH: EPOCH, HISTORY_CACHE_DIR: 'none' };
  const cleanup: Array<() => unknown> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  /** A receiver answering 500 to its first `failures` requests, then 204; it records each request's webhook-id. */
  async function receiver(failures: number) {
    const ids: string[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        ids.push(String(req.headers['webhook-id']));
        res.writeHead(ids.length <= failures ? 500 : 204).end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    cleanup.push(() => server.close());
    return { ids, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
  }

  /** An in-process runtime on `dist` sharing the Redis on `port`, with one webhook to `url`. */
  async function runtimeOn(dist: string, port: number, url: string): Promise<RunningRuntime> {
    // commandTimeout and requestTimeoutMs only bound a hang (nothing here waits for them to expire; a stopped
    // Redis is not ready, so commands fail at once): 100 ms and 200 ms were short enough for a loaded machine to
    // reach, which sends an attempt to the in-memory fallback (a second delivery) or gives it up
    const client = new Redis({ port, host: '127.0.0.1', enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 10_000 });
    client.on('error', () => undefined);
    const runtime = await serve({
      distDir: dist,
      port: 0,
      hostname: '127.0.0.1',
      rateLimit: { freePerMinute: 0, keys: new Map([[KEY_SHA256, 'business']]), redis: client },
      trustProxy: 0,
      logger: createLogger('silent'),
      webhooks: {
        targets: [{ id: 'acme', api_key_sha256: KEY_SHA256, url, secret: SECRET }],
        retryDelaysMs: [300],
        requestTimeoutMs: 2000, // also the lock's length before LOCK_MARGIN_MS: the instance that loses the lock looks again after 7 s
        allowPrivateNetworks: true,
      },
    });
    cleanup.push(() => runtime.close());
    return runtime;
  }

  it('sends the changes of a build that arrives by a restart, once across two instances', async () => {
    const { port, process: server } = await startRedis();
    cleanup.push(() => server.kill('SIGKILL'));
    const hooks = await receiver(1);
    const source = await newSourceRepo('webhook-redis-repo', '2026-06-30T10:00:00Z');
    const dist = path.join(await tempDir('webhook-redis-dist'), 'dist');
    expect((await runCli(['build', '--sources', source.sources, '--dist', dist], built)).code).toBe(0);
    await (await runtimeOn(dist, port, hooks.url)).close(); // records the build it served

    await source.edit('platforms/high-yield-savings/save-one.yaml', 'apy_pct: 4.0 }], as_of: 2026-06-30', 'apy_pct: 3.6 }], as_of: 2026-07-10');
    await source.edit('platforms/high-yield-savings/save-one.yaml', 'as_of: 2026-06-30\nfacts:', 'as_of: 2026-07-10\nfacts:');
    await source.commit('Save One APY 4.0 -> 3.6', '2026-07-11T09:00:00Z');
    expect((await runCli(['build', '--sources', source.sources, '--dist', dist], built)).code).toBe(0);
    // restarted on the new build: the first attempt fails and the delivery waits in Redis
    const b = await runtimeOn(dist, port, hooks.url);
    const [retrying] = (await once(b.webhooks!, 'retrying')) as [DeliveryEvent];
    expect(retrying).toMatchObject({ target: 'acme', attempts: 1, status: 500 });
    // a second instance starts and resumes it too: both are due at the same moment, one attempt is made
    const c = await runtimeOn(dist, port, hooks.url);
    const outcome = (runtime: RunningRuntime) =>
      Promise.race(['delivered', 'done-elsewhere'].map(async (kind) => [kind, ((await once(runtime.webhooks!, kind)) as [DeliveryEvent])[0]] as const));
    const outcomes = await Promise.all([outcome(b), outcome(c)]);
    expect(outcomes.map(([kind]) => kind).sort()).toEqual(['delivered', 'done-elsewhere']);
    expect(hooks.ids).toEqual([retrying.id, retrying.id]);
    // a third instance finds nothing pending and no build it has not seen
    const d = await runtimeOn(dist, port, hooks.url);
    expect(await d.webhooks!.start((await loadServed(dist)).model)).toBe(0);
    expect(hooks.ids).toHaveLength(2);
    // two builds and the losing instance's wait for the lock (7 s, see runtimeOn) make it the slowest test here:
    // 10 s on a quiet machine, 13-20 s beside two busy cores; its own timeout keeps that far from half of it
  }, 120_000);

  it('picks up the deliveries stored in Redis when Redis becomes ready after the start', async () => {
    const { port, process: server } = await startRedis();
    cleanup.push(() => server.kill('SIGKILL'));
    const hooks = await receiver(0);
    const seeding = new Redis({ port, host: '127.0.0.1' });
    const delivery = { id: 'msg_00112233445566778899aabbccddeeff', target: 'acme', payload: '{"type":"data.changed"}', attempts: 1, due: 0 };
    expect(await new RedisDeliveryStore(seeding, createLogger('silent')).claim(delivery)).toBe(true);
    seeding.disconnect();
    const dist = await buildInto(FIXTURE_SOURCES);
    server.kill('SIGSTOP'); // Redis does not answer while the runtime starts
    const runtime = await runtimeOn(dist, port, hooks.url);
    expect(hooks.ids).toEqual([]);
    const delivered = once(runtime.webhooks!, 'delivered');
    server.kill('SIGCONT');
    const [event] = (await delivered) as [DeliveryEvent];
    expect(event).toMatchObject({ id: delivery.id, attempts: 2, status: 204 });
    expect(hooks.ids).toEqual([delivery.id]);
  });
});
