/**
 * The common headers (request id, nosniff, CORS, rate-limit state) reach every
 * response whichever way it was built: responses of the API routes carry them
 * from the start, others get them in the app's onResponse hook. Computed bodies
 * served again from the computed-body cache are the same bytes with the same
 * headers. (The access log: test/log-lines.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, http, startServer, type RunningServer } from './helpers.js';

let server: RunningServer;
let dist: string;

beforeAll(async () => {
  dist = await buildInto(FIXTURE_SOURCES);
  server = await startServer(dist, { rateLimit: { freePerMinute: 1000, keys: new Map() } });
});
afterAll(async () => {
  await server?.close();
});

const COMMON = [
  'x-request-id',
  'x-content-type-options',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'ratelimit-policy',
  'ratelimit',
  'cache-control',
];

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

describe('fast path (answers from memory before h3)', () => {
  const comparable = (h: Headers) => [...h].filter(([k]) => !['x-request-id', 'date', 'ratelimit'].includes(k));

  it.each([
    ['/v1/platforms/alpha-exchange', '/v1/platforms/Alpha', {}],
    ['/v1/platforms/alpha-exchange', '/v1/platforms/ALPHA-EXCHANGE', { 'accept-encoding': 'gzip, br' }],
    ['/v1/safety/alpha-exchange', '/v1/safety/alpha', { 'accept-encoding': 'gzip' }],
  ])('%s (fast path) answers like %s (h3, by alias or other case)', async (canonical, other, headers) => {
    const fast = await fetch(`${server.url}${canonical}`, { headers });
    const routed = await fetch(`${server.url}${other}`, { headers });
    expect(fast.status).toBe(200);
    expect(routed.status).toBe(200);
    expect(comparable(fast.headers)).toEqual(comparable(routed.headers));
    expect(Buffer.from(await fast.arrayBuffer())).toEqual(Buffer.from(await routed.arrayBuffer()));
  });

  it('leaves a request whose Accept rules out JSON to h3 (406), and serves pages with their CSP', async () => {
    const refused = await http(server, '/v1/categories', { headers: { accept: 'text/csv' } });
    expect(refused.status).toBe(406);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const page = await http(server, '/methodology');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('counts a request once: the limit refuses the third of three requests with 429 and the RateLimit state', async () => {
    const limited = await startServer(dist, { rateLimit: { freePerMinute: 2, keys: new Map() } });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await http(limited, '/v1/categories'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers.map((a) => a.headers.get('ratelimit'))).toEqual(['"free";r=1;t=60', '"free";r=0;t=60', expect.stringMatching(/^"free";r=0;t=\d+$/)]);
      expect(answers[2]!.json).toMatchObject({ status: 429, title: 'Too many requests' });
      expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answers[2]!.headers.get('x-request-id')).not.toBeNull();
    } finally {
      await limited.close();
    }
  });
});
