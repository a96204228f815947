/**
 * Several runtime processes sharing one Redis enforce one free limit.
 * Needs Debian's redis-server (.ci/run installs it and sets REQUIRE_REDIS=1, so
 * CI fails rather than skips when it is missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, http, killRuntimes, spawnRuntime } from './helpers.js';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis && process.env.REQUIRE_REDIS === '1') throw new Error('REQUIRE_REDIS=1 but redis-server is not installed');

let redis: ChildProcess | undefined;

/** Resolves once the Redis server on `port` answers PING (polls every 50 ms, up to 10 s). */
async function redisReady(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const pong = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
      socket.once('data', (d) => { socket.destroy(); resolve(d.toString().startsWith('+PONG')); });
      socket.once('error', () => resolve(false));
    });
    if (pong) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within 10 s`);
}
afterAll(() => {
  killRuntimes();
  redis?.kill('SIGKILL');
});

describe.skipIf(!hasRedis)('rate limits in Redis', () => {
  it('two runtime processes sharing REDIS_URL enforce one limit per client', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await redisReady(port);
    const dist = await buildInto(FIXTURE_SOURCES);
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PER_MINUTE: '4' };
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
});
