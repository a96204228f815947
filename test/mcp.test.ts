/**
 * The MCP endpoint through the official SDK Client over a real socket, raw
 * JSON-RPC posts as the interface spec describes them, and the conformance
 * suite's server scenarios. Tool results must equal the REST bodies.
 */
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, http, ROOT, startServer, type RunningServer } from './helpers.js';

let server: RunningServer;
let client: Client;

beforeAll(async () => {
  server = await startServer(await buildInto(FIXTURE_SOURCES));
  client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

/** Calls a tool and returns the result, asserting the text content is the same JSON as structuredContent. */
async function call(name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as any;
  if (!result.isError) {
    expect(result.content).toHaveLength(1);
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  }
  return result;
}

async function rest(path: string) {
  const res = await http(server, path);
  return { status: res.status, body: res.json };
}

/** A raw JSON-RPC POST with only Content-Type: application/json, as the interface spec tells clients. */
async function rawPost(body: string) {
  return http(server, '/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

describe('initialize and tools/list', () => {
  it('names the server and gives instructions with the notice and the attribution', () => {
    expect(client.getServerVersion()).toEqual({ name: 'Fixture Comparison Data', version: '1.0.1' });
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('not investment advice');
    expect(instructions).toContain('Data: Fixture Comparison Data (http://localhost:3000), CC BY 4.0');
  });

  it('advertises tools, resources, prompts and completions, without list-change notifications or subscriptions: nothing changes while a dist is served', () => {
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.tools).toEqual({ listChanged: false });
    expect(capabilities?.resources).toEqual({ listChanged: false, subscribe: false });
    expect(capabilities?.prompts).toEqual({ listChanged: false });
    expect(capabilities?.completions).toEqual({});
    expect(capabilities?.logging).toBeUndefined();
  });

  it('negotiates every protocol version the SDK supports', async () => {
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      const res = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
      expect(res.status).toBe(200);
      expect(res.json.result.protocolVersion).toBe(version);
    }
  });

  it('lists one tool per operation of the catalogue, with titles, schemas and read-only annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'list_categories', 'search_platforms', 'get_platform', 'compare_platforms', 'get_verdict', 'check_platform_safety', 'estimate_savings_interest', 'estimate_fees', 'get_methodology',
    ]);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    }
    const compare = tools.find((t) => t.name === 'compare_platforms')!;
    expect(Object.keys(compare.inputSchema.properties ?? {})).toEqual(['platforms', 'weights', 'profile']);
    expect(compare.inputSchema.required).toEqual(['platforms']);
    const fees = tools.find((t) => t.name === 'estimate_fees')!;
    expect(Object.keys(fees.inputSchema.properties ?? {})).toEqual(['category', 'trades_per_month', 'avg_trade_size', 'options_contracts_per_month', 'transfers_per_year']);
  });
});

describe('tools give the REST body as structuredContent', () => {
  it('list_categories', async () => {
    const result = await call('list_categories');
    expect(result.structuredContent).toEqual((await rest('/v1/categories')).body);
    expect(result.structuredContent.categories.map((c: any) => c.platform_count)).toEqual([4, 2, 2, 3, 3]);
  });

  it('get_methodology', async () => {
    const result = await call('get_methodology');
    expect(result.structuredContent).toEqual((await rest('/v1/methodology')).body);
    expect(result.structuredContent.coverage_gate_pct).toBe(75);
  });

  it('search_platforms', async () => {
    const result = await call('search_platforms', { query: 'save', category: 'high_yield_savings' });
    expect(result.structuredContent).toEqual((await rest('/v1/platforms?query=save&category=high_yield_savings')).body);
    expect(result.structuredContent.results.map((r: any) => r.slug)).toEqual(['save-three', 'save-one', 'save-two']);
    expect(result.structuredContent.attribution).toContain('CC BY 4.0');
    const limited = await call('search_platforms', { query: 'save', limit: 1 });
    expect(limited.structuredContent).toEqual((await rest('/v1/platforms?query=save&limit=1')).body);
    expect([limited.structuredContent.count, limited.structuredContent.total]).toEqual([1, 3]);
  });

  it('get_platform', async () => {
    const result = await call('get_platform', { name: 'ALPHA' });
    expect(result.structuredContent).toEqual((await rest('/v1/platforms/alpha-exchange')).body);
    expect(result.structuredContent.score_pct).toBe(87.9);
  });

  it('compare_platforms with a list and a weights object equals the REST string form', async () => {
    const result = await call('compare_platforms', { platforms: ['alpha-exchange', 'delta-exchange'], weights: { fees: 10, security: 0 } });
    expect(result.structuredContent).toEqual((await rest('/v1/compare?platforms=alpha-exchange,delta-exchange&weights=fees:10,security:0')).body);
    expect(result.structuredContent.products.map((p: any) => p.score_pct)).toEqual([83.2, 77]);
    const asString = await call('compare_platforms', { platforms: 'alpha-exchange,beta-exchange' });
    expect(asString.structuredContent.products[1]).toMatchObject({ slug: 'beta-exchange', score_pct: 50, raw_score_pct: 70 });
    const asJsonString = await call('compare_platforms', { platforms: '["alpha-exchange", "beta-exchange"]' });
    expect(asJsonString.structuredContent).toEqual(asString.structuredContent);
  });

  it('get_verdict', async () => {
    const result = await call('get_verdict', { slug: 'delta-exchange-vs-alpha-exchange' });
    expect(result.structuredContent).toEqual((await rest('/v1/verdicts/alpha-exchange-vs-delta-exchange')).body);
    expect(result.structuredContent.too_close).toBe(true);
  });

  it('check_platform_safety', async () => {
    const result = await call('check_platform_safety', { platform: 'beta-exchange' });
    expect(result.structuredContent).toEqual((await rest('/v1/safety/beta-exchange')).body);
    expect(result.structuredContent.cap.cap).toBe(50);
  });

  it('estimate_savings_interest accepts numbers and strings', async () => {
    const result = await call('estimate_savings_interest', { balance: 10000, months: 6 });
    expect(result.structuredContent).toEqual((await rest('/v1/savings-interest?balance=10000&months=6')).body);
    expect(result.structuredContent.results.find((r: any) => r.slug === 'save-one').interest_usd).toBe(198.04);
    const strings = await call('estimate_savings_interest', { balance: '10000', months: '6' });
    expect(strings.structuredContent).toEqual(result.structuredContent);
  });

  it('estimate_fees', async () => {
    const args = { category: 'brokerage', trades_per_month: 20, avg_trade_size: 500, options_contracts_per_month: 10, transfers_per_year: 1 };
    const result = await call('estimate_fees', args);
    expect(result.structuredContent).toEqual((await rest('/v1/fees?category=brokerage&trades_per_month=20&avg_trade_size=500&options_contracts_per_month=10&transfers_per_year=1')).body);
    expect(result.structuredContent.results.map((r: any) => r.annual_total_usd)).toEqual([78, 155, 1238]);
  });
});

describe('bad arguments give isError results with the REST problem detail', () => {
  it.each([
    ['get_platform', { name: 'alpah-exchange' }, '/v1/platforms/alpah-exchange'],
    ['check_platform_safety', { platform: 'nothing-at-all' }, '/v1/safety/nothing-at-all'],
    ['compare_platforms', { platforms: ['alpha-exchange'] }, '/v1/compare?platforms=alpha-exchange'],
    ['compare_platforms', { platforms: 'alpha-exchange,one-broker' }, '/v1/compare?platforms=alpha-exchange,one-broker'],
    ['compare_platforms', { platforms: 'alpha-exchange,beta-exchange', weights: 'speed:3' }, '/v1/compare?platforms=alpha-exchange,beta-exchange&weights=speed:3'],
    ['get_verdict', { slug: 'alpha-exchange-vs-one-broker' }, '/v1/verdicts/alpha-exchange-vs-one-broker'],
    ['search_platforms', { category: 'stocks' }, '/v1/platforms?category=stocks'],
    ['estimate_savings_interest', { balance: 0 }, '/v1/savings-interest?balance=0'],
    ['estimate_savings_interest', { balance: 100, months: 121 }, '/v1/savings-interest?balance=100&months=121'],
    ['estimate_fees', { category: 'exchange', trades_per_month: 1.5 }, '/v1/fees?category=exchange&trades_per_month=1.5'],
    ['compare_platforms', { platforms: 'one-broker,two-broker', profile: 'daytrader' }, '/v1/compare?platforms=one-broker,two-broker&profile=daytrader'],
  ])('%s %j', async (name, args, restPath) => {
    const result = await call(name, args);
    const problem = await rest(restPath);
    expect(problem.status).toBeGreaterThanOrEqual(400);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe(problem.body.detail);
  });

  it('rejects a weight outside 0-10 given as an object', async () => {
    const result = await call('compare_platforms', { platforms: ['alpha-exchange', 'beta-exchange'], weights: { fees: 11 } });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe('weights: fees: must be from 0 to 10; got 11');
  });
});

describe('the HTTP endpoint', () => {
  it('answers a raw tools/call with only Content-Type: application/json, without a prior initialize', async () => {
    const res = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_platform', arguments: { name: 'hw-one' } } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json.id).toBe(7);
    expect(res.json.result.structuredContent.slug).toBe('hw-one');
    expect(res.json.result.structuredContent.cap.cap).toBe(85);
  });

  it('answers concurrent tools/calls that share a request id each with its own result and id', async () => {
    const names = ['alpha-exchange', 'beta-exchange', 'hw-one', 'gamma-exchange'];
    const answers = await Promise.all(
      names.map((name, i) => rawPost(JSON.stringify({ jsonrpc: '2.0', id: i % 2 ? 'same' : 1, method: 'tools/call', params: { name: 'get_platform', arguments: { name } } }))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.json.id)).toEqual([1, 'same', 1, 'same']);
    expect(answers.map((a) => a.json.jsonrpc)).toEqual(['2.0', '2.0', '2.0', '2.0']);
    expect(answers.map((a) => a.json.result.structuredContent.slug)).toEqual(names);
  });

  it('answers the same tools/call again (from the answer cache) with the same result under the new id', async () => {
    const params = { name: 'compare_platforms', arguments: { platforms: ['alpha-exchange', 'beta-exchange'], weights: 'fees:9' } };
    const first = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call', params }));
    const again = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 'again', method: 'tools/call', params }));
    expect([first.json.id, again.json.id]).toEqual([10, 'again']);
    expect(again.json.result).toEqual(first.json.result);
    expect(again.json.result.structuredContent).toEqual((await rest('/v1/compare?platforms=alpha-exchange,beta-exchange&weights=fees:9')).body);
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown tool with the SDK error result, and an unsupported protocol version with 400', async () => {
    const unknown = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }));
    expect(unknown.json).toMatchObject({ jsonrpc: '2.0', id: 3, result: { isError: true, content: [{ type: 'text', text: expect.stringContaining('no_such_tool') }] } });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_categories', arguments: {} } });
    const old = await http(server, '/mcp', { method: 'POST', headers: { 'content-type': 'application/json', 'mcp-protocol-version': '1999-01-01' }, body });
    expect(old.status).toBe(400);
    expect(old.json.error.message).toContain('Unsupported protocol version');
  });

  it('answers malformed JSON with the JSON-RPC parse error', async () => {
    const res = await rawPost('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(res.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
  });

  it('answers GET and DELETE with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await http(server, '/mcp', { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('answers a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1_048_576) } });
    const res = await rawPost(big);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ status: 413, title: 'Payload too large' });
  });
});

describe('request bodies over the limit', () => {
  /**
   * Sends a chunked POST over a raw socket: 64 KiB chunks, 2 MiB in all, the final chunk never sent,
   * and resolves with the first response bytes. An answer can only come before the body ends.
   */
  function chunkedPostNeverEnding(target: string): Promise<string> {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(`POST ${target} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
        const chunk = Buffer.alloc(65_536, 'x');
        for (let i = 0; i < 32 && !socket.destroyed; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      });
      let head = '';
      socket.on('data', (data) => {
        head += data.toString('latin1');
        if (head.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(head);
        }
      });
      socket.on('error', (error) => (head ? resolve(head) : reject(error)));
    });
  }

  it.each(['/mcp', '/mcp?x', '/mcp?session=1&trace=abc'])('answers a chunked body over 1 MiB to %s with 413 and Connection: close before the body ends', async (target) => {
    const head = await chunkedPostNeverEnding(target);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(head.toLowerCase()).toContain('content-type: application/problem+json');
  });

  it('answers a JSON-RPC call to /mcp with a query string like /mcp', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_platform', arguments: { name: 'hw-one' } } });
    const plain = await http(server, '/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const withQuery = await http(server, '/mcp?utm_source=test', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(withQuery.status).toBe(200);
    expect(withQuery.json).toEqual(plain.json);
    expect(withQuery.json.result.structuredContent.slug).toBe('hw-one');
  });
});

describe('well-known manifests', () => {
  it('publishes /.well-known/mcp.json with the endpoint, versions, tools and limits', async () => {
    const { status, body } = await rest('/.well-known/mcp.json');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Fixture Comparison Data',
      version: '1.0.1',
      endpoint: 'http://localhost:3000/mcp',
      transport: 'streamable-http',
      authentication: { type: 'none' },
      limits: { free: { requests_per_minute: 60 } },
      attribution: 'Data: Fixture Comparison Data (http://localhost:3000), CC BY 4.0',
    });
    expect(body.protocol_versions).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
    const { tools } = await client.listTools();
    expect(body.tools.map((t: any) => t.name)).toEqual(tools.map((t) => t.name));
    expect(body.tools[3].input_schema.required).toEqual(['platforms']);
  });

  it('publishes /.well-known/ai-plugin.json pointing at openapi.json and a logo that is served', async () => {
    const { status, body } = await rest('/.well-known/ai-plugin.json');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      schema_version: 'v1',
      name_for_model: 'open_comparison_data',
      auth: { type: 'none' },
      api: { type: 'openapi', url: 'http://localhost:3000/openapi.json' },
      logo_url: 'http://localhost:3000/logo.svg',
    });
    const logo = await http(server, '/logo.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.text).toContain('<svg');
  });
});

describe('MCP conformance suite (server scenarios)', () => {
  it.each(['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list'])('%s passes', async (scenario) => {
    const bin = path.join(ROOT, 'node_modules/.bin/conformance');
    const { stdout } = await promisify(execFile)(bin, ['server', '--url', `${server.url}/mcp`, '--scenario', scenario]);
    expect(stdout).toContain('Passed: 1/1, 0 failed');
  });
});

describe('discovery', () => {
  it('publishes a server card in the MCP registry\'s server.json format, naming the Streamable HTTP endpoint', async () => {
    const card = await rest('/.well-known/mcp/server-card.json');
    expect(card.status).toBe(200);
    expect(card.body).toEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'localhost/open-comparison-data',
      title: 'Fixture Comparison Data',
      description: expect.any(String),
      version: '1.0.1',
      websiteUrl: 'http://localhost:3000/',
      remotes: [{ type: 'streamable-http', url: 'http://localhost:3000/mcp' }],
    });
    expect(card.body.description.length).toBeLessThanOrEqual(100);
  });
});

describe('resources', () => {
  const BASE = 'http://localhost:3000';

  it('lists the categories, the methodology, every platform record and the open-data files, by their https URLs', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain(`${BASE}/v1/categories`);
    expect(uris).toContain(`${BASE}/methodology`);
    expect(uris).toContain(`${BASE}/open-data/platforms.json`);
    expect(uris).toContain(`${BASE}/open-data/exchanges.csv`);
    const records = resources.filter((r) => r.uri.startsWith(`${BASE}/v1/platforms/`));
    expect(records).toHaveLength(14);
    expect(records.find((r) => r.name === 'alpha-exchange')).toMatchObject({ title: 'Alpha Exchange', mimeType: 'application/json' });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([`${BASE}/v1/platforms/{name}`, `${BASE}/v1/safety/{name}`]);
  });

  it('reads the same bytes GET answers at the URL, for a listed record and for a name, alias or category list', async () => {
    const record = await client.readResource({ uri: `${BASE}/v1/platforms/alpha-exchange` });
    expect(JSON.parse((record.contents[0] as { text: string }).text)).toEqual((await rest('/v1/platforms/alpha-exchange')).body);
    const safety = await client.readResource({ uri: `${BASE}/v1/safety/ALPHA` });
    expect(JSON.parse((safety.contents[0] as { text: string }).text)).toEqual((await rest('/v1/safety/alpha-exchange')).body);
    const categories = await client.readResource({ uri: `${BASE}/v1/categories` });
    expect(JSON.parse((categories.contents[0] as { text: string }).text)).toEqual((await rest('/v1/categories')).body);
    const csv = await client.readResource({ uri: `${BASE}/open-data/exchanges.csv` });
    expect(csv.contents[0]).toMatchObject({ mimeType: expect.stringContaining('text/csv') });
    expect((csv.contents[0] as { text: string }).text).toBe((await http(server, '/open-data/exchanges.csv')).text);
  });

  it('answers an unknown platform with the resource-not-found error (-32002)', async () => {
    await expect(client.readResource({ uri: `${BASE}/v1/platforms/no-such-exchange` })).rejects.toMatchObject({ code: -32002 });
  });
});

describe('prompts and completions', () => {
  it('lists three prompts with their arguments', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => [p.name, p.arguments?.map((a) => `${a.name}${a.required ? '' : '?'}`)])).toEqual([
      ['compare_for_my_priorities', ['platforms', 'priorities']],
      ['check_safety', ['platform']],
      ['best_savings_for_my_balance', ['balance', 'months?']],
    ]);
  });

  it('fills a prompt with its arguments and names the tools and caveats', async () => {
    const prompt = await client.getPrompt({ name: 'compare_for_my_priorities', arguments: { platforms: 'alpha-exchange,delta-exchange', priorities: 'low fees' } });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain('alpha-exchange,delta-exchange');
    expect(text).toContain('low fees');
    expect(text).toContain('compare_platforms');
    expect(text).toContain('not investment advice');
  });

  it('completes platform arguments of prompts and templates to slugs, the last name of a list too', async () => {
    const single = await client.complete({ ref: { type: 'ref/prompt', name: 'check_safety' }, argument: { name: 'platform', value: 'al' } });
    expect(single.completion.values).toEqual(['alpha-exchange']);
    const list = await client.complete({ ref: { type: 'ref/prompt', name: 'compare_for_my_priorities' }, argument: { name: 'platforms', value: 'alpha-exchange,del' } });
    expect(list.completion.values).toEqual(['alpha-exchange,delta-exchange']);
    const template = await client.complete({ ref: { type: 'ref/resource', uri: 'http://localhost:3000/v1/platforms/{name}' }, argument: { name: 'name', value: 'save' } });
    expect(template.completion.values).toEqual(['save-one', 'save-three', 'save-two']);
  });
});
