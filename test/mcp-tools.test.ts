/**
 * The MCP endpoint's tools through the official SDK Client over a real socket:
 * initialize and tools/list, every tool's result against the REST body of the
 * same request, and bad arguments as isError results with the REST problem detail.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connectMcpClient } from './mcp-client.js';

const { client, call, rest, rawPost } = connectMcpClient();

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
      const res = await rawPost(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      );
      expect(res.status).toBe(200);
      expect(res.json.result.protocolVersion).toBe(version);
    }
  });

  it('lists one tool per operation of the catalogue, with titles, schemas and read-only annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'list_categories',
      'search_platforms',
      'get_platform',
      'get_platform_history',
      'list_changes',
      'compare_platforms',
      'get_verdict',
      'check_platform_safety',
      'estimate_savings_interest',
      'estimate_fees',
      'get_methodology',
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
    expect(Object.keys(fees.inputSchema.properties ?? {})).toEqual([
      'category',
      'trades_per_month',
      'avg_trade_size',
      'options_contracts_per_month',
      'transfers_per_year',
    ]);
  });
});

describe('answers sized for agents', () => {
  it('keeps tools/list under 20 KB: outline output schemas, the whole schemas named in openapi.json', async () => {
    const res = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(Buffer.byteLength(res.text)).toBeLessThan(20_000);
    const record = res.json.result.tools.find((t: any) => t.name === 'get_platform');
    expect(record.description).toContain('http://localhost:3000/openapi.json#/components/schemas/PlatformRecord');
    expect(record.outputSchema.properties.score_pct).toEqual({ type: ['number', 'null'] });
    expect(record.outputSchema.properties.page).toBeUndefined(); // a shared field, named once in the instructions
  });

  it('answers with a summary to quote: the pick, key numbers with their dates, the caveats', async () => {
    const compare = await call('compare_platforms', { platforms: ['alpha-exchange', 'delta-exchange'] });
    const text: string = compare.content[0].text;
    // each score with the range the data leaves possible, when it has width (Delta: 86.5% (range 81.7-87.2%))
    for (const p of compare.structuredContent.products) {
      const range = p.score_low_pct === p.score_high_pct ? '' : ` (range ${p.score_low_pct}-${p.score_high_pct}%)`;
      expect(text).toContain(`- ${p.name}: score ${p.score_pct}%${range}, coverage ${p.coverage}%`);
    }
    expect(text).toContain('- Delta Exchange: score 86.5% (range 81.7-87.2%), coverage 94.4%');
    expect(text).toContain(`as of ${compare.structuredContent.products[0].as_of}`);
    expect(text).toMatch(compare.structuredContent.too_close ? /Too close to call: /u : /Pick: /u);
    for (const caveat of compare.structuredContent.caveats) expect(text).toContain(caveat);
    const savings = await call('estimate_savings_interest', { balance: 10000, months: 6 });
    const saveOne = savings.structuredContent.results.find((r: any) => r.slug === 'save-one');
    expect(savings.content[0].text).toContain(`${saveOne.name}: 198.04 USD interest at ${saveOne.apy}% APY (as of ${saveOne.as_of}`);
  });

  it('suggests the nearest names when a search finds nothing', async () => {
    const result = await call('search_platforms', { query: 'alpah exchnge' });
    expect(result.structuredContent).toEqual((await rest('/v1/platforms?query=alpah%20exchnge')).body);
    expect(result.structuredContent.total).toBe(0);
    expect(result.structuredContent.suggestions[0]).toBe('Alpha Exchange');
    expect(result.content[0].text).toContain('No platform matches "alpah exchnge". Did you mean: Alpha Exchange');
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
    // those that can be named winner first; save-three (coverage 20%) follows, unranked (methodology 2.2.0)
    expect(result.structuredContent.results.map((r: any) => [r.slug, r.rank])).toEqual([
      ['save-one', 1],
      ['save-two', 2],
      ['save-three', null],
    ]);
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
    expect(result.structuredContent).toEqual(
      (await rest('/v1/fees?category=brokerage&trades_per_month=20&avg_trade_size=500&options_contracts_per_month=10&transfers_per_year=1')).body,
    );
    // three-broker's options fee is unknown: no annual total (null), never its known subtotal
    expect(result.structuredContent.results.map((r: any) => [r.annual_total_usd, r.known_subtotal_usd])).toEqual([
      [78, 78],
      [155, 155],
      [null, 1238],
    ]);
  });
});

describe('bad arguments give isError results with the REST problem detail', () => {
  it.each([
    ['get_platform', { name: 'alpah-exchange' }, '/v1/platforms/alpah-exchange'],
    ['check_platform_safety', { platform: 'nothing-at-all' }, '/v1/safety/nothing-at-all'],
    ['compare_platforms', { platforms: ['alpha-exchange'] }, '/v1/compare?platforms=alpha-exchange'],
    ['compare_platforms', { platforms: 'alpha-exchange,one-broker' }, '/v1/compare?platforms=alpha-exchange,one-broker'],
    [
      'compare_platforms',
      { platforms: 'alpha-exchange,beta-exchange', weights: 'speed:3' },
      '/v1/compare?platforms=alpha-exchange,beta-exchange&weights=speed:3',
    ],
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
    expect(result.content[0].text).toContain(problem.body.detail);
  });

  it('rejects a weight outside 0-10 given as an object', async () => {
    const result = await call('compare_platforms', { platforms: ['alpha-exchange', 'beta-exchange'], weights: { fees: 11 } });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe('weights: fees: must be from 0 to 10; got 11');
  });
});
