/**
 * Issue 40, the MCP answers bounded by their request, over a real socket: completion/complete
 * answers names only; each message of a JSON-RPC batch counts against the rate limits; a resource
 * over MCP_RESOURCE_MAX_BYTES is refused naming its URL; error codes of the 2025-11-25 revision
 * (-32602 invalid params, -32002 unknown resource); a POST the limits refuse is answered before
 * its body is sent.
 */
import { describe, expect, it } from 'vitest';
import { http, responseHead, type RunningServer } from './helpers.js';
import { BASE, fixtureServers } from './fixture-server.js';

const serverWith = fixtureServers();

const post = (server: RunningServer, body: unknown) =>
  http(server, '/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('completion/complete', () => {
  it('answers slugs only for a comma list, never echoing the names before the last comma', async () => {
    const server = await serverWith();
    const value = `${','.repeat(10_000)}a`;
    const res = await post(server, {
      jsonrpc: '2.0',
      id: 1,
      method: 'completion/complete',
      params: { ref: { type: 'ref/prompt', name: 'compare_for_my_priorities' }, argument: { name: 'platforms', value } },
    });
    expect(res.status).toBe(200);
    const values: string[] = res.json.result.completion.values;
    expect(values).toContain('alpha-exchange');
    expect(values.every((v) => !v.includes(','))).toBe(true);
    expect(res.text.length).toBeLessThan(2_000);
  });
});

describe('JSON-RPC batches', () => {
  it('count each message against the rate limit', async () => {
    const server = await serverWith({ rateLimit: { freePerMinute: 5, keys: new Map() } });
    const batch = await post(
      server,
      Array.from({ length: 5 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })),
    );
    expect(batch.status).toBe(200);
    expect(batch.json.map((m: { id: number }) => m.id)).toEqual([0, 1, 2, 3, 4]);
    const next = await post(server, { jsonrpc: '2.0', id: 9, method: 'ping' });
    expect(next.status).toBe(429);
    expect(next.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
  });

  it('are refused with 429 when their messages pass the limit', async () => {
    const server = await serverWith({ rateLimit: { freePerMinute: 3, keys: new Map() } });
    const batch = await post(
      server,
      Array.from({ length: 4 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'list_categories', arguments: {} } })),
    );
    expect(batch.status).toBe(429);
    expect(batch.headers.get('retry-after')).toBeTruthy();
    expect(batch.json.error.message).toContain('3 requests per minute');
  });

  it('answer each message as it would be answered alone, notifications left out', async () => {
    const server = await serverWith();
    const call = { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'get_platform', arguments: { name: 'hw-one' } } };
    const alone = await post(server, call);
    const batch = await post(server, [call, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(batch.status).toBe(200);
    expect(batch.json).toEqual([alone.json, { jsonrpc: '2.0', id: 2, result: {} }]);
  });
});

describe('resources', () => {
  it('refuses a resource over MCP_RESOURCE_MAX_BYTES naming its size and URL, and lists each size', async () => {
    const server = await serverWith({ mcpResourceMaxBytes: 16_384 });
    const list = await post(server, { jsonrpc: '2.0', id: 1, method: 'resources/list' });
    const platforms = list.json.result.resources.find((r: { uri: string }) => r.uri === `${BASE}/open-data/platforms.json`);
    expect(platforms.size).toBeGreaterThan(16_384);
    const read = await post(server, { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: platforms.uri } });
    expect(read.json.error.code).toBe(-32001);
    expect(read.json.error.message).toContain(`${platforms.size} bytes, more than the 16384 bytes resources/read returns; download it from ${platforms.uri}`);
    const small = await post(server, { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: `${BASE}/v1/categories` } });
    expect(small.json.result.contents[0].uri).toBe(`${BASE}/v1/categories`);
  });

  it('answers an unknown resource with -32002 and a URI that is not a URL with -32602', async () => {
    const server = await serverWith();
    const unknown = await post(server, { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: `${BASE}/nope` } });
    expect(unknown.json.error.code).toBe(-32002);
    expect(unknown.json.error.message).toContain('resources/list');
    const bad = await post(server, { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'not a url' } });
    expect(bad.json.error.code).toBe(-32602);
  });
});

describe('invalid params', () => {
  it.each([
    ['tools/call', { name: 'get_platform', arguments: 'x' }, 'arguments'],
    ['tools/call', { arguments: {} }, 'name'],
    ['prompts/get', { name: 'check_safety', arguments: { platform: 5 } }, 'platform'],
  ])('%s with %j answers -32602 naming the field', async (method, params, field) => {
    const server = await serverWith();
    const res = await post(server, { jsonrpc: '2.0', id: 1, method, params });
    expect(res.json.error.code).toBe(-32602);
    expect(res.json.error.message).toContain(field);
  });
});

describe('a POST the limits refuse', () => {
  /** Sends the head of a POST /mcp declaring `length` bytes of body, never the body; resolves with the response head. */
  const postHeadOnly = (server: RunningServer, length: number) =>
    responseHead(server, (socket) =>
      socket.write(`POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`),
    );

  it('is answered 429 with Connection: close before its body is sent', async () => {
    const server = await serverWith({ rateLimit: { freePerMinute: 1, keys: new Map() } });
    expect((await http(server, '/v1/categories')).status).toBe(200);
    const head = await postHeadOnly(server, 500_000);
    expect(head).toMatch(/^HTTP\/1\.1 429 /);
    expect(head.toLowerCase()).toContain('connection: close');
  });

  it('over the size bound by Content-Length is answered 413 before its body is sent', async () => {
    const server = await serverWith();
    const head = await postHeadOnly(server, 5_000_000);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain('connection: close');
  });
});
