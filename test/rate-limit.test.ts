/**
 * Rate limits and API keys over a real socket: the free limit per client IP
 * across REST and /mcp, IETF RateLimit headers, 429 with Retry-After, key plans,
 * 401 for unknown or malformed keys, and X-Forwarded-For trusted only per TRUST_PROXY.
 * The per-minute window slides: tests drive its clock (RateLimitConfig.clock), never wait.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { hashKey, RateLimits } from '../runtime/server/http/rate-limit.js';
import { driveSlidingMinute, http } from './helpers.js';
import { fixtureServers } from './fixture-server.js';

const DEV_KEY = 'dev-key-0123456789abcdef';
const serve = fixtureServers();

function serverWith(freePerMinute: number, trustProxy = 0, logLines?: string[], clock?: () => number) {
  const logger = logLines ? pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) }) : undefined;
  return serve({ rateLimit: { freePerMinute, keys: new Map([[hashKey(DEV_KEY), 'developer']]), clock }, trustProxy, ...(logger && { logger }) });
}

const mcpPing = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) };

describe('free plan', () => {
  it('counts REST and MCP together per IP, reports the state, and refuses with 429 and Retry-After', async () => {
    const server = await serverWith(3);
    const first = await http(server, '/v1/categories');
    expect(first.headers.get('ratelimit-policy')).toBe('"free";q=3;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"free";r=2;t=\d+$/);
    const second = await http(server, '/mcp', mcpPing);
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit')).toMatch(/^"free";r=1;t=\d+$/);
    await http(server, '/v1/platforms');
    const refused = await http(server, '/v1/categories');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json).toMatchObject({ status: 429, title: 'Too many requests' });
    expect(refused.json.detail).toContain('3 requests per minute per client IP, REST and MCP together');
    const mcpRefused = await http(server, '/mcp', mcpPing);
    expect(mcpRefused.status).toBe(429);
    // answered without reading the body (issue 40), so the id cannot be determined: null (JSON-RPC 2.0 section 5)
    expect(mcpRefused.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(mcpRefused.headers.get('connection')).toBe('close');
    const batch = await http(server, '/mcp', { ...mcpPing, body: JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'ping' }]) });
    expect(batch.json).toMatchObject({ id: null, error: { code: -32000 } });
    expect(mcpRefused.json.error.message).toContain('requests per minute');
    expect(mcpRefused.headers.get('retry-after')).toBeTruthy();
  });

  it('is off with a limit of 0', async () => {
    const server = await serverWith(0);
    for (let i = 0; i < 5; i++) expect((await http(server, '/v1/categories')).status).toBe(200);
    expect((await http(server, '/v1/categories')).headers.get('ratelimit')).toBeNull();
  });

  it('ignores X-Forwarded-For without trusted proxies, so a caller cannot reset its limit', async () => {
    const server = await serverWith(1);
    expect((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': '203.0.113.1' } })).status).toBe(200);
    expect((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': '203.0.113.2' } })).status).toBe(429);
  });

  it('counts the address the trusted proxy added when TRUST_PROXY is 1', async () => {
    const server = await serverWith(1, 1);
    expect((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.1' } })).status).toBe(200);
    expect((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': '198.51.100.10, 203.0.113.2' } })).status).toBe(200);
    // a spoofed left-most entry does not help: the proxy-added address 203.0.113.1 is counted again
    expect((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.1' } })).status).toBe(429);
  });
});

describe('X-Forwarded-For behind a trusted proxy, parsed strictly', () => {
  it('counts junk, over-long and over-deep values against the socket address and logs each', async () => {
    const lines: string[] = [];
    const server = await serverWith(3, 1, lines);
    const junk = ['not-an-ip', 'x'.repeat(40), `${'203.0.113.1, '.repeat(20)}203.0.113.1`, `203.0.113.${'9'.repeat(600)}`, '<script>'];
    const statuses = [];
    for (const value of junk) statuses.push((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': value } })).status);
    // 3 per minute for the one socket address, whatever the header says
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const ignored = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'x-forwarded-for-ignored');
    expect(ignored.map((l) => l.reason)).toEqual([
      'the entry the trusted proxy added is not an IP address',
      'the entry the trusted proxy added is not an IP address',
      'more than 16 entries',
      'longer than 512 characters',
      'the entry the trusted proxy added is not an IP address',
    ]);
    expect(ignored[0]).toMatchObject({ level: 40, peer: '127.0.0.1', value: 'not-an-ip' });
  });

  it('accepts IP literals with a port or in brackets, and counts IPv4-mapped IPv6 as its IPv4 address', async () => {
    const server = await serverWith(1, 1);
    expect((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': '203.0.113.5:51234' } })).status).toBe(200);
    expect((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': '::ffff:203.0.113.5' } })).status).toBe(429);
    expect((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': '[2001:DB8::1]:443' } })).status).toBe(200);
    expect((await http(server, '/v1/categories', { headers: { 'x-forwarded-for': '2001:db8::1' } })).status).toBe(429);
  });
});

describe('IPv6 clients, counted per /64', () => {
  it('meet the limit however they rotate the last 64 bits behind a trusted proxy; another /64 is another client', async () => {
    const lines: string[] = [];
    const server = await serverWith(2, 1, lines);
    const from = async (ip: string) => (await http(server, '/v1/categories', { headers: { 'x-forwarded-for': ip } })).status;
    expect(await from('2001:db8:1:2::1')).toBe(200);
    expect(await from('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe(200);
    expect(await from('[2001:db8:1:2:abcd:1:2:3]:443')).toBe(429);
    expect(await from('2001:db8:1:3::1')).toBe(200);
  });

  it('share the wrong-key lockout of their /64', async () => {
    const lines: string[] = [];
    const server = await serverWith(60, 1, lines);
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const headers = { 'x-forwarded-for': `2001:db8:7:7:${(i + 1).toString(16)}::${i}`, 'x-api-key': `wrong-key-guess-${String(i).padStart(4, '0')}` };
      statuses.push((await http(server, '/v1/categories', { headers })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const rejected = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'api-key-rejected');
    expect(new Set(rejected.map((l) => l.ip))).toEqual(new Set(['2001:db8:7:7::/64']));
  });
});

describe('the sliding one-minute window', () => {
  it('admits no more than the limit in any 60 seconds across what would be a fixed window edge', async () => {
    let now = 1_800_000_057_500; // 2.5 s before a whole minute of the epoch
    const server = await serverWith(60, 0, undefined, () => now);
    const statuses = async (n: number) => {
      const seen: number[] = [];
      for (let i = 0; i < n; i++) seen.push((await http(server, '/v1/categories')).status);
      return seen;
    };
    expect(await statuses(59)).toEqual(Array(59).fill(200));
    now += 2_500; // a fixed window turns here and would admit 60 more
    const after = await http(server, '/v1/categories');
    expect(after.status).toBe(200);
    expect(after.headers.get('ratelimit')).toBe('"free";r=0;t=58');
    const refused = await http(server, '/v1/categories');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('58');
    now += 57_499; // 1 ms before the first 59 leave the window
    expect((await statuses(1))[0]).toBe(429);
    now += 1;
    expect(await statuses(60)).toEqual([...Array(59).fill(200), 429]);
  });

  it('holds the limit exactly over 3,000 requests at random moments, and refuses only when the last minute is full', async () => {
    let now = 1_800_000_000_000;
    const limits = new RateLimits({ freePerMinute: 60, keys: new Map(), clock: () => now });
    const admitted = await driveSlidingMinute({
      limit: 60,
      requests: 3000,
      seed: 7,
      longGapMs: 20_000,
      shortGapMs: 400,
      advance: (ms) => (now += ms),
      admit: () => limits.admit(null, '192.0.2.7'),
    });
    expect(admitted.length).toBeGreaterThan(600);
    expect(admitted.length).toBeLessThan(3000);
  });
});

describe('the site', () => {
  it('serves pages, assets and open-data files without counting them against the API limit; assets with content-hashed names for a year, immutable', async () => {
    const server = await serverWith(2);
    const home = await http(server, '/');
    const stylesheet = /href="(\/assets\/site\.[0-9a-f]{10}\.css)"/.exec(home.text)![1]!;
    const script = /src="(\/assets\/search-box\.[0-9a-f]{10}\.js)"/.exec(home.text)![1]!;
    for (const asset of [stylesheet, script]) {
      const res = await http(server, asset);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
    }
    expect((await http(server, '/open-data/platforms.json')).headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    for (const target of [
      '/',
      stylesheet,
      '/open-data/platforms.json',
      '/open-data/exchanges.csv?download=1',
      '/platforms/alpha-exchange',
      '/platforms/alpha-exchange/',
      '/methodology',
      '/logo.svg',
    ]) {
      const res = await http(server, target);
      expect(res.status, target).toBe(200);
      expect(res.headers.get('ratelimit'), target).toBeNull();
    }
    expect((await http(server, '/v1/categories')).headers.get('ratelimit')).toMatch(/^"free";r=1;/);
    expect((await http(server, '/v1/categories')).status).toBe(200);
    expect((await http(server, '/v1/categories')).status).toBe(429);
    expect((await http(server, '/platforms/beta-exchange')).status).toBe(200);
    expect((await http(server, '/mcp', mcpPing)).status).toBe(429);
  });

  it('counts each request once whichever part answers it, leaves preflights and other methods on /mcp uncounted, and shows a browser its refusal as a page', async () => {
    const server = await serverWith(5);
    // a precomputed body (answered from memory), an alias (routed by the app), the same computed URL twice (the app, then the cache)
    const remaining = [];
    for (const target of ['/v1/platforms/alpha-exchange', '/v1/platforms/Alpha%20Exchange', '/v1/platforms?query=alpha', '/v1/platforms?query=alpha']) {
      const res = await http(server, target);
      expect(res.status, target).toBe(200);
      remaining.push(res.headers.get('ratelimit')?.match(/r=(\d+)/)?.[1]);
    }
    expect(remaining).toEqual(['4', '3', '2', '1']);
    expect((await http(server, '/mcp', { method: 'OPTIONS' })).status).toBe(204);
    const get = await http(server, '/mcp');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await http(server, '/v1/categories', { method: 'OPTIONS' })).status).toBe(204);
    expect((await http(server, '/v1/categories')).headers.get('ratelimit')).toMatch(/^"free";r=0;/);
    const page = await http(server, '/v1/categories', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('vary')).toBe('Accept');
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.text).toContain('<h1>429 Too many requests</h1>');
    const problem = await http(server, '/v1/categories');
    expect(problem.headers.get('content-type')).toBe('application/problem+json');
    expect(problem.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('failed API key attempts', () => {
  it('count against the client IP: 10 in 15 minutes get 401, then every keyed request from that IP gets 429, each logged; no key keeps the free plan', async () => {
    const lines: string[] = [];
    const server = await serverWith(60, 0, lines);
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await http(server, '/v1/categories', { headers: { 'x-api-key': `wrong-key-guess-${String(i).padStart(4, '0')}` } })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const malformed = await http(server, '/mcp', { ...mcpPing, headers: { ...mcpPing.headers, 'x-api-key': 'short' } });
    expect(malformed.status).toBe(429);
    expect(malformed.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    // the right key is refused too: a correct guess must not stand out
    const right = await http(server, '/v1/categories', { headers: { 'x-api-key': DEV_KEY } });
    expect(right.status).toBe(429);
    expect(right.headers.get('ratelimit-policy')).toBe('"failed-key";q=10;w=900');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(right.json.detail).toContain('Too many failed X-API-Key attempts from this address (10 per 15 minutes)');
    expect((await http(server, '/v1/categories')).status).toBe(200);
    const rejected = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'api-key-rejected');
    expect(rejected.map((l) => l.reason)).toEqual([...Array(10).fill('unknown'), 'blocked', 'blocked']);
    expect(lines.join('\n')).not.toContain('wrong-key-guess');
  });
});

describe('API keys', () => {
  it('puts a known key on its plan', async () => {
    const server = await serverWith(1);
    const res = await http(server, '/v1/categories', { headers: { 'x-api-key': DEV_KEY } });
    expect(res.status).toBe(200);
    // the monthly quota is the second item of both fields; its window is the calendar month (UTC)
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"developer";q=600;w=60, "developer-month";q=250000;w=(2419200|2505600|2592000|2678400)$/);
    expect(res.headers.get('ratelimit')).toMatch(/^"developer";r=599;t=\d+, "developer-month";r=249999;t=\d+$/);
  });

  it('answers an unknown or malformed key with 401 problem+json', async () => {
    const server = await serverWith(60);
    const unknown = await http(server, '/v1/categories', { headers: { 'x-api-key': 'unknown-key-0123456789' } });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toMatchObject({ status: 401, title: 'Unauthorized' });
    expect(unknown.json.detail).toContain('not a known key');
    const malformed = await http(server, '/v1/categories', { headers: { 'x-api-key': 'bad key!' } });
    expect(malformed.status).toBe(401);
    expect(malformed.json.detail).toContain('malformed');
  });
});
