/**
 * The MCP tests' client: the official SDK Client connected over Streamable HTTP
 * to the served fixtures, and raw JSON-RPC posts as README "MCP endpoint for AI agents" describes them.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { serveFixtures } from './fixture-server.js';
import { http } from './helpers.js';

/**
 * Serves the fixtures for the tests of the calling file and connects an SDK client to their
 * /mcp (beforeAll); closes the client, then the server (afterAll).
 */
export function connectMcpClient() {
  const server = serveFixtures();
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  beforeAll(async () => {
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  });
  afterAll(async () => {
    await client.close();
  });

  /**
   * Calls a tool and returns the result, asserting the text content is a short summary of
   * structuredContent: under 2,000 characters, naming the page to cite and the not-advice notice.
   */
  async function call(name: string, args: Record<string, unknown> = {}) {
    const result = (await client.callTool({ name, arguments: args })) as any;
    if (!result.isError) {
      expect(result.content).toHaveLength(1);
      const text: string = result.content[0].text;
      expect(text.length, text).toBeLessThan(2000);
      expect(text).toContain(`Cite: ${result.structuredContent.page}`);
      expect(text).toContain('not investment advice');
    }
    return result;
  }

  async function rest(path: string) {
    const res = await http(server, path);
    return { status: res.status, body: res.json };
  }

  /** A raw JSON-RPC POST with only Content-Type: application/json, as README "MCP endpoint for AI agents" tells clients. */
  async function rawPost(body: string) {
    return http(server, '/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  }

  return { server, client, call, rest, rawPost };
}
