/**
 * The common headers (request id, nosniff, CORS, rate-limit state) reach every
 * response whichever way it was built: responses of the API routes carry them
 * from the start, others get them in the app's onResponse hook. Computed bodies
 * served again from the computed-body cache are the same bytes with the same
 * headers. The access log line keeps pino's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, http, killRuntimes, spawnRuntime, startServer, type RunningServer } from './helpers.js';

let server: RunningServer;
let dist: string;

beforeAll(async () => {
  dist = await buildInto(FIXTURE_SOURCES);
  server = await startServer(dist, { rateLimit: { freePerMinute: 1000, keys: new Map() } });
});
afterAll(async () => {
  await server?.close();
  killRuntimes();
});

const COMMON = ['x-request-id', 'x-content-type-options', 'access-control-allow-origin', 'access-control-expose-headers', 'ratelimit-policy', 'ratelimit', 'cache-control'];

describe('common headers', () => {
  it.each([
    ['GET', '/v1/categories', 200],
    ['HEAD', '/v1/platforms/alpha-exchange', 200],
    ['GET', '/v1/compare?platforms=alpha-exchange,beta-exchange', 200],
    ['GET', '/v1/platforms/nothing-here', 404],
    ['GET', '/v1/compare?platforms=alpha-exchange', 400],
    ['GET', '/no/such/path', 404],
    ['DELETE', '/v1/categories', 405],
    ['OPTIONS', '/v1/categories', 204],
  ])('%s %s (%d) carries them', async (method, path, status) => {
    const res = await http(server, path, { method });
    expect(res.status).toBe(status);
    // preflights are not counted, so they carry no rate-limit state
    for (const name of COMMON.filter((n) => method !== 'OPTIONS' || !n.startsWith('ratelimit'))) expect(res.headers.get(name), name).not.toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a 304 carries them', async () => {
    const first = await http(server, '/v1/categories', { headers: { 'accept-encoding': 'identity' } });
    const again = await http(server, '/v1/categories', { headers: { 'accept-encoding': 'identity', 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    for (const name of COMMON) expect(again.headers.get(name), name).not.toBeNull();
  });

  it('a computed body served again from the cache has the same bytes and headers', async () => {
    const url = '/v1/compare?platforms=alpha-exchange,gamma-exchange&weights=fees:3';
    const first = await http(server, url, { headers: { 'x-request-id': 'first-1' } });
    const second = await http(server, url, { headers: { 'x-request-id': 'second-2' } });
    expect(second.text).toBe(first.text);
    const headers = (h: Headers) => [...h].filter(([k]) => !['x-request-id', 'date', 'ratelimit'].includes(k));
    expect(headers(second.headers)).toEqual(headers(first.headers));
    expect(second.headers.get('x-request-id')).toBe('second-2');
  });
});

describe('access log', () => {
  it('writes one pino-shaped JSON line per request', async () => {
    const rt = await spawnRuntime(dist);
    await fetch(`${rt.url}/v1/platforms/alpha-exchange`, { headers: { 'x-request-id': 'log-check-1' } });
    const line = await rt.waitFor((l) => l.req_id === 'log-check-1', 'access line');
    expect(Object.keys(line)).toEqual(['level', 'time', 'service', 'req_id', 'method', 'path', 'status', 'ms']);
    expect(line).toMatchObject({ level: 30, service: 'comparison-data-runtime', method: 'GET', path: '/v1/platforms/alpha-exchange', status: 200 });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
  });
});
