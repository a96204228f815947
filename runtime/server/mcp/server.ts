/**
 * The MCP server of the 2025-11-25 era (and the revisions before it) for one request (stateless
 * Streamable HTTP, JSON responses): the official SDK 1.x's McpServer with the tools of ./tools.ts,
 * the resources of ./resources.ts and the prompts of ./prompts.ts (with completions). The
 * 2026-07-28 era is served by ./modern.ts from the same registrations.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Served } from '../served.js';
import { registerEverything } from './registrations.js';
import { withProtocolErrorCodes } from './protocol-errors.js';
import { instructions } from './tools.js';
import { OPERATIONS } from '../../domain/operations/catalogue.js';
import type { McpKit } from './sdk-kit.js';

/** The 1.x SDK's classes for the registrations (./sdk-kit.ts). */
const SDK1_KIT: McpKit = {
  ResourceTemplate: ResourceTemplate as unknown as McpKit['ResourceTemplate'],
  completable: completable as unknown as McpKit['completable'],
  error: (code, message, data) => new McpError(code, message, data),
};

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
  registerEverything(server, served, SDK1_KIT);
  withProtocolErrorCodes(server, TOOL_NAMES);
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
