/**
 * JSON-RPC error codes as the MCP 2025-11-25 revision expects them, where the SDK (1.32) answers
 * otherwise (issue 40):
 * - params that do not match the method's request schema (tools/call `arguments` not an object, a
 *   missing `name`, prompts/get arguments not strings, a resources/read `uri` that is not a URL):
 *   -32602 Invalid params naming each field, where the SDK's Protocol answers -32603 with the
 *   schema library's error text (JSON-RPC 2.0 section 5.1);
 * - resources/read of a URI no resource or template serves: -32002 Resource not found
 *   (MCP "Resources", error handling), where McpServer answers -32602;
 * - tools/call of a tool the server does not have: -32602 (MCP "Tools", error handling: unknown
 *   tools are protocol errors), where McpServer answers a tool result with isError.
 * Arguments of a known tool that fail its input schema stay a tool result with isError (MCP
 * "Tools", error handling: input validation errors are tool execution errors, so the model can
 * correct them).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { RESOURCE_NOT_FOUND } from './resources.js';

/** A request handler as the SDK's Protocol keeps it (by method name). */
type Handler = (request: unknown, extra: unknown) => Promise<unknown>;

/** Issues of a failed schema parse (a zod error: an Error with an `issues` array), or undefined for any other error. */
function schemaIssues(error: unknown): Array<{ path: PropertyKey[]; message: string }> | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  return error instanceof Error && !(error instanceof McpError) && Array.isArray(issues)
    ? (issues as Array<{ path: PropertyKey[]; message: string }>)
    : undefined;
}

/** The error to answer for `error` thrown by the handler of `method` (see the module comment). */
function protocolError(method: string, error: unknown): unknown {
  const issues = schemaIssues(error);
  if (issues)
    return new McpError(
      ErrorCode.InvalidParams,
      `Invalid params: ${issues
        .slice(0, 5)
        .map((i) => `${i.path.map(String).join('.') || '(params)'}: ${i.message}`)
        .join('; ')}`,
    );
  if (method !== 'resources/read') return error;
  if (error instanceof TypeError)
    return new McpError(ErrorCode.InvalidParams, 'Invalid params: params.uri must be an absolute URL; resources/list names every resource');
  if (error instanceof McpError && error.code === ErrorCode.InvalidParams && / not found$/.test(error.message)) {
    return new McpError(RESOURCE_NOT_FOUND, `${error.message.replace(/^MCP error -?\d+: /, '')}; resources/list names every resource`);
  }
  return error;
}

/**
 * Wraps every request handler registered on `server` so its errors carry the codes above.
 * @param toolNames the names of the tools registered on it Call it
 * once every tool, resource and prompt is registered (McpServer installs its handlers on first registration).
 * The handlers are reached through the Protocol's handler table (`_requestHandlers`, not public API
 * in SDK 1.32): the schema parse that fails runs there, before any handler the SDK lets us set.
 */
export function withProtocolErrorCodes(server: McpServer, toolNames: ReadonlySet<string>): void {
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  for (const [method, handler] of handlers) {
    handlers.set(method, async (request, extra) => {
      const tool = method === 'tools/call' ? (request as { params?: { name?: unknown } }).params?.name : undefined;
      if (typeof tool === 'string' && !toolNames.has(tool))
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${tool.slice(0, 100)}"; tools/list names every tool`);
      try {
        return await handler(request, extra);
      } catch (error) {
        throw protocolError(method, error);
      }
    });
  }
}
