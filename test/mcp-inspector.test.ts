/**
 * The MCP Inspector's command line (@modelcontextprotocol/inspector, `mcp-inspector --cli`), as an
 * agent builder would point it at /mcp: it lists and calls every tool, lists and reads every
 * resource (and a resource template), and lists and gets every prompt of the served fixtures.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../runtime/domain/operations/catalogue.js';
import { serveFixtures } from './fixture-server.js';
import { ROOT, tempDir } from './helpers.js';

const run = promisify(execFile);
const server = serveFixtures();
let catalog: string;

beforeAll(async () => {
  // the inspector keeps a catalogue of servers in the home folder unless told otherwise
  catalog = path.join(await tempDir('inspector'), 'mcp.json');
});

/** Runs `mcp-inspector --cli <url> <args>` and parses the JSON it prints. */
async function inspect(args: string[]): Promise<any> {
  const { stdout } = await run(path.join(ROOT, 'node_modules/.bin/mcp-inspector'), ['--cli', `${server.url}/mcp`, ...args], {
    env: { ...process.env, MCP_CATALOG_PATH: catalog },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

/** Runs the calls a few at a time (each starts a Node process). */
async function inBatches<T, R>(items: readonly T[], call: (item: T) => Promise<R>, size = 4): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(call))));
  return out;
}

/** Valid arguments for each tool over the fixtures. */
const TOOL_ARGS: Record<string, string[]> = {
  list_categories: [],
  search_platforms: ['query=exchange', 'limit=2'],
  get_platform: ['name=alpha-exchange'],
  get_platform_history: ['name=alpha-exchange'],
  list_changes: ['limit=5'],
  compare_platforms: ['platforms=alpha-exchange,beta-exchange', 'weights=fees:8,security:10'],
  get_verdict: ['slug=alpha-exchange-vs-beta-exchange'],
  check_platform_safety: ['platform=alpha-exchange'],
  estimate_savings_interest: ['balance=10000', 'months=12'],
  estimate_fees: ['category=exchange'],
  get_methodology: [],
};

describe('the MCP Inspector CLI', () => {
  it('lists every tool of the catalogue and calls each one, getting structured content and a summary citing its page', async () => {
    const listed = await inspect(['--method', 'tools/list']);
    expect(listed.tools.map((t: any) => t.name)).toEqual(OPERATIONS.map((o) => o.tool.name));
    expect(Object.keys(TOOL_ARGS).sort()).toEqual(OPERATIONS.map((o) => o.tool.name).sort());
    const results = await inBatches(
      Object.entries(TOOL_ARGS),
      async ([name, args]) => [name, await inspect(['--method', 'tools/call', '--tool-name', name, ...args.flatMap((a) => ['--tool-arg', a])])] as const,
    );
    for (const [name, result] of results) {
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      expect(result.content[0].text, name).toContain(`Cite: ${result.structuredContent.page}`);
      expect(result.structuredContent.attribution, name).toBe('Data: Fixture Comparison Data (http://localhost:3000), CC BY 4.0');
    }
    const compare = results.find(([name]) => name === 'compare_platforms')![1];
    expect(compare.structuredContent.weights_source).toBe('custom');
  }, 120_000);

  it('lists every resource and reads each one, and reads a platform through its template', async () => {
    const { resources } = await inspect(['--method', 'resources/list']);
    expect(resources.length).toBeGreaterThan(14);
    const reads = await inBatches(
      resources as Array<{ uri: string; mimeType: string }>,
      async (r) => [r, await inspect(['--method', 'resources/read', '--uri', r.uri])] as const,
    );
    for (const [resource, read] of reads) {
      expect(read.contents, resource.uri).toHaveLength(1);
      expect(read.contents[0].uri).toBe(resource.uri);
      expect(read.contents[0].text.length, resource.uri).toBeGreaterThan(0);
    }
    const { resourceTemplates } = await inspect(['--method', 'resources/templates/list']);
    const template = resourceTemplates.find((t: any) => t.uriTemplate.includes('/v1/platforms/'));
    const viaTemplate = await inspect(['--method', 'resources/read', '--uri', template.uriTemplate.replace(/\{[^}]+\}/, 'gamma-exchange')]);
    expect(JSON.parse(viaTemplate.contents[0].text).slug).toBe('gamma-exchange');
  }, 180_000);

  it('lists every prompt and gets each one with its arguments', async () => {
    const { prompts } = await inspect(['--method', 'prompts/list']);
    const args: Record<string, string[]> = {
      compare_for_my_priorities: ['platforms=alpha-exchange,beta-exchange', 'priorities=low fees'],
      check_safety: ['platform=alpha-exchange'],
      best_savings_for_my_balance: ['balance=10000'],
    };
    expect(prompts.map((p: any) => p.name).sort()).toEqual(Object.keys(args).sort());
    for (const [name, values] of Object.entries(args)) {
      const got = await inspect(['--method', 'prompts/get', '--prompt-name', name, '--prompt-args', ...values]);
      expect(got.messages[0].content.text.length, name).toBeGreaterThan(50);
    }
    const safety = await inspect(['--method', 'prompts/get', '--prompt-name', 'check_safety', '--prompt-args', 'platform=alpha-exchange']);
    expect(safety.messages[0].content.text).toContain('alpha-exchange');
  }, 120_000);
});
