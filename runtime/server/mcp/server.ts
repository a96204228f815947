/**
 * The MCP server for one request (stateless Streamable HTTP, JSON responses):
 * the official SDK's McpServer with the tools of ./tools.ts, whose results
 * carry the REST body as structuredContent and as JSON text, the resources of
 * ./resources.ts and the prompts of ./prompts.ts (with completions).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Served } from '../served.js';
import type { OperationResult } from '../../domain/operations/result.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { withProtocolErrorCodes } from './protocol-errors.js';
import { OPERATIONS, runTool } from '../../domain/operations/catalogue.js';

/** Instructions returned by `initialize`: what the service is, its limits and how to credit it. */
function instructions(served: Served): string {
  const site = served.model.site;
  return [
    `${site.name}: sourced, scored comparisons of crypto exchanges, hardware wallets, software wallets, US high-yield savings accounts and US brokerages.`,
    `Tools: ${OPERATIONS.map(({ tool }) => `${tool.name} (${tool.title.toLowerCase()})`).join(', ')}. Start with list_categories or search_platforms.`,
    'Resources: the category list, the methodology, each platform record and the open-data files, by their https URLs here; prompts: compare_for_my_priorities, check_safety, best_savings_for_my_balance.',
    'Every fact carries source URLs, an as_of date, a stale flag and an evidence tier: quote them, and say when data is old or weakly sourced. Scores follow the published methodology: ' + site.methodology_url + '.',
    'The data is informational, not investment advice.',
    `Credit the service with this attribution and the page URL of each result: "${site.attribution}". ${site.license}`,
  ].join('\n');
}

/** A tool result: the body as structuredContent and JSON text, or isError with the REST problem's detail. */
function toolResult(result: OperationResult): CallToolResult {
  if (result.kind === 'problem') {
    return { isError: true, content: [{ type: 'text', text: result.problem.detail }] };
  }
  const json = result.kind === 'bytes' ? result.bytes.toString('utf8') : result.json?.toString('utf8') ?? JSON.stringify(result.body);
  const body = result.kind === 'bytes' ? (JSON.parse(json) as Record<string, unknown>) : (result.body as Record<string, unknown>);
  return { structuredContent: body, content: [{ type: 'text', text: json }] };
}

/**
 * The JSON Schema validator the SDK uses for elicitation results (never used here). One for
 * every server: by default each McpServer builds its own Ajv instance, which was about 15 % of
 * the CPU of a tools/call.
 */
let sharedValidator: AjvJsonSchemaValidator | undefined;

/** The names of the tools every server registers (the operation catalogue's). */
const TOOL_NAMES: ReadonlySet<string> = new Set(OPERATIONS.map(({ tool }) => tool.name));

/** A new McpServer with every tool registered. */
export function createMcpServer(served: Served): McpServer {
  const site = served.model.site;
  sharedValidator ??= new AjvJsonSchemaValidator();
  const server = new McpServer({ name: site.name, version: site.api_version }, { instructions: instructions(served), jsonSchemaValidator: sharedValidator });
  for (const operation of OPERATIONS) {
    const { tool } = operation;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: operation.result.schema,
        annotations: { title: tool.title, readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
      },
      async (args: Record<string, unknown>) => toolResult(runTool(operation, served, args)),
    );
  }
  registerResources(server, served);
  registerPrompts(server, served);
  withProtocolErrorCodes(server, TOOL_NAMES);
  // The lists never change while a dist is served (a reload builds new servers), so no list_changed
  // notification is ever sent, and a stateless server has no subscriptions: say so (the SDK
  // advertises listChanged true on registration).
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false, subscribe: false }, prompts: { listChanged: false } });
  return server;
}

/** Most idle servers kept per served dist (in its McpState): about the number of /mcp requests served at the same time. */
const MCP_SERVER_POOL_MAX = 64;

/**
 * Answers one JSON-RPC POST: a new stateless transport per request (it cannot be reused),
 * connected to a server taken from the served dist's pool (a reload brings a new pool). A server serves one request at a time; closing
 * the transport disconnects it, and it goes back to the pool unless the request was an
 * `initialize` (which leaves the client's capabilities on the server). Building a server
 * and registering the tools for every request was about 40 % of the CPU of a tools/call
 * (see docs/performance.md).
 */
export async function handleMcp(served: Served, request: Request): Promise<Response> {
  const pool = served.mcp.idleServers;
  const server = pool.pop() ?? createMcpServer(served);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  let response: Response;
  try {
    response = await transport.handleRequest(request);
  } finally {
    await transport.close();
    if (server.server.getClientCapabilities() === undefined && !server.isConnected() && pool.length < MCP_SERVER_POOL_MAX) pool.push(server);
    else await server.close();
  }
  return response;
}
