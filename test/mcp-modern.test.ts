/**
 * The 2026-07-28 era of /mcp (runtime/server/mcp/modern.ts, docs/mcp.md "Two protocol eras") in
 * raw JSON-RPC over a real socket, as a client of that revision sends it: no initialize, `_meta`
 * on every request, the standard headers. The 2025-11-25 era is tested with the official 1.x SDK
 * client (test/mcp-tools.test.ts, test/mcp-discovery.test.ts), on the same server.
 */
import { describe, expect, it } from 'vitest';
import { BASE, serveFixtures } from './fixture-server.js';
import { http } from './helpers.js';

const server = serveFixtures();
const VERSION = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientInfo': { name: 'raw-2026-client', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** POSTs one 2026-07-28 request with its envelope and standard headers (Mcp-Name for tools/call, resources/read, prompts/get). */
async function rpc(
  method: string,
  params: Record<string, unknown> = {},
  options: { id?: string | number; version?: string; meta?: Record<string, unknown> | null } = {},
) {
  const version = options.version ?? VERSION;
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  const meta = options.meta === null ? undefined : { ...META, 'io.modelcontextprotocol/protocolVersion': version, ...options.meta };
  const body = { jsonrpc: '2.0', id: options.id ?? 1, method, params: meta ? { ...params, _meta: meta } : params };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'mcp-protocol-version': version,
    'mcp-method': method,
    ...(name !== undefined && { 'mcp-name': name }),
  };
  return http(server, '/mcp', { method: 'POST', headers, body: JSON.stringify(body) });
}

describe('server/discover', () => {
  it("names both eras' versions, the capabilities, the instructions and the server, with the caching hint of our cache policy", async () => {
    const res = await rpc('server/discover', {}, { id: 'd-1' });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe('d-1');
    const result = res.json.result;
    expect(result.supportedVersions.slice(0, 2)).toEqual(['2026-07-28', '2025-11-25']);
    expect(result.capabilities).toMatchObject({
      tools: { listChanged: false },
      resources: { listChanged: false, subscribe: false },
      prompts: { listChanged: false },
      completions: {},
    });
    expect(result.capabilities.logging).toBeUndefined();
    expect(result.instructions).toContain('not investment advice');
    expect(result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toEqual({ name: 'Fixture Comparison Data', version: '1.0.1' });
    const manifest = await http(server, '/.well-known/mcp.json');
    expect(manifest.json.protocol_versions).toEqual(result.supportedVersions);
  });
});

describe('lists, reads and calls', () => {
  it('lists the same tools as the 2025 era, deterministic and cacheable (ttlMs, public), under 20 KB', async () => {
    const modern = await rpc('tools/list');
    const legacy = await http(server, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(modern.json.result.tools.map((t: { name: string }) => t.name)).toEqual(legacy.json.result.tools.map((t: { name: string }) => t.name));
    expect(modern.json.result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
    expect(legacy.json.result.ttlMs).toBeUndefined(); // the 2025 era has no caching hints
    expect(Buffer.byteLength(modern.text)).toBeLessThan(20_000);
    for (const method of ['resources/list', 'resources/templates/list', 'prompts/list']) {
      expect((await rpc(method)).json.result, method).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
    }
  });

  it('calls a tool: the REST body as structuredContent, a summary as text, the request id echoed', async () => {
    const res = await rpc('tools/call', { name: 'compare_platforms', arguments: { platforms: ['alpha-exchange', 'beta-exchange'] } }, { id: 'call-7' });
    expect(res.json.id).toBe('call-7');
    expect(res.json.result.resultType).toBe('complete');
    expect(res.json.result.structuredContent).toEqual((await http(server, '/v1/compare?platforms=alpha-exchange,beta-exchange')).json);
    expect(res.json.result.content[0].text).toContain('Alpha Exchange');
  });

  it('reads a resource with the caching hint, and answers an unknown one -32602 with the request id', async () => {
    const read = await rpc('resources/read', { uri: `${BASE}/v1/platforms/alpha-exchange` });
    expect(JSON.parse(read.json.result.contents[0].text)).toEqual((await http(server, '/v1/platforms/alpha-exchange')).json);
    expect(read.json.result).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
    const unknown = await rpc('resources/read', { uri: `${BASE}/v1/platforms/nope-exchange` }, { id: 42 });
    expect(unknown.json).toMatchObject({ id: 42, error: { code: -32602, message: expect.stringContaining('Unknown platform "nope-exchange"') } });
  });

  it('gets a prompt and completes a platform argument', async () => {
    const prompt = await rpc('prompts/get', { name: 'check_safety', arguments: { platform: 'alpha-exchange' } });
    expect(prompt.json.result.messages[0].content.text).toContain('check_platform_safety');
    const completion = await rpc('completion/complete', { ref: { type: 'ref/prompt', name: 'check_safety' }, argument: { name: 'platform', value: 'alp' } });
    expect(completion.json.result.completion.values).toEqual(['alpha-exchange']);
  });
});

describe('what the revision removed or refuses', () => {
  it('has no ping or logging/setLevel: method not found, with the id', async () => {
    for (const [method, id] of [
      ['ping', 'p'],
      ['logging/setLevel', 'l'],
    ] as const) {
      const res = await rpc(method, method === 'ping' ? {} : { level: 'info' }, { id });
      expect(res.json, method).toMatchObject({ id, error: { code: -32601 } });
    }
  });

  it("answers an unsupported version with the revision's UnsupportedProtocolVersionError, naming every version served", async () => {
    const res = await rpc('tools/list', {}, { id: 'v', version: '2027-01-01' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ id: 'v', error: { code: -32022, data: { requested: '2027-01-01' } } });
    expect(res.json.error.data.supported.slice(0, 2)).toEqual(['2026-07-28', '2025-11-25']);
  });

  it('refuses a 2026-07-28 request without its _meta envelope (-32602, with the id)', async () => {
    const res = await rpc('tools/list', {}, { id: 'no-meta', meta: null });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ id: 'no-meta', error: { code: -32602 } });
  });

  it('serves the 2025 era on the same endpoint: initialize still negotiates 2025-11-25', async () => {
    const res = await http(server, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
      }),
    });
    expect(res.json.result.protocolVersion).toBe('2025-11-25');
  });
});
