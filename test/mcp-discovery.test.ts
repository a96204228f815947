/**
 * What an agent finds besides the tools, through the official SDK Client over a
 * real socket: the well-known manifests and server card, the resources (the same
 * bytes as GET), and the prompts and completions.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { http } from './helpers.js';
import { connectMcpClient } from './mcp-client.js';

const { server, client, rest } = connectMcpClient();

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
    expect(body.protocol_versions).toEqual(['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS]);
    const { tools } = await client.listTools();
    expect(body.tools.map((t: any) => t.name)).toEqual(tools.map((t) => t.name));
    expect(body.tools.find((t: any) => t.name === 'compare_platforms').input_schema.required).toEqual(['platforms']);
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

describe('discovery', () => {
  it("publishes a server card in the MCP registry's server.json format, naming the Streamable HTTP endpoint", async () => {
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
    const prompt = await client.getPrompt({
      name: 'compare_for_my_priorities',
      arguments: { platforms: 'alpha-exchange,delta-exchange', priorities: 'low fees' },
    });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain('alpha-exchange,delta-exchange');
    expect(text).toContain('low fees');
    expect(text).toContain('compare_platforms');
    expect(text).toContain('not investment advice');
  });

  it('completes platform arguments of prompts and templates to slugs, the last name of a list to its slug alone', async () => {
    const single = await client.complete({ ref: { type: 'ref/prompt', name: 'check_safety' }, argument: { name: 'platform', value: 'al' } });
    expect(single.completion.values).toEqual(['alpha-exchange']);
    const list = await client.complete({
      ref: { type: 'ref/prompt', name: 'compare_for_my_priorities' },
      argument: { name: 'platforms', value: 'alpha-exchange,del' },
    });
    expect(list.completion.values).toEqual(['delta-exchange']);
    const template = await client.complete({
      ref: { type: 'ref/resource', uri: 'http://localhost:3000/v1/platforms/{name}' },
      argument: { name: 'name', value: 'save' },
    });
    expect(template.completion.values).toEqual(['save-one', 'save-three', 'save-two']);
  });
});
