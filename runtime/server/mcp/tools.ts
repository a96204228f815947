/**
 * The MCP tools, one for each operation of the catalogue (runtime/domain/operations/catalogue.ts),
 * registered on either era's McpServer (./sdk-kit.ts): each result carries the REST body as
 * structuredContent and a short summary as text (the tool's summarise); and the
 * server's instructions.
 */
import type { Served } from '../served.js';
import type { OperationResult } from '../../domain/operations/result.js';
import { OPERATIONS, runTool, type ApiOperation } from '../../domain/operations/catalogue.js';
import { apiRegistry } from '../../domain/contract/api-schemas.js';
import { SERVICE_PATHS } from '../../domain/contract/urls.js';
import { madeOnce } from '../../domain/compute/made-once.js';
import { outlineSchema, SHARED_FIELDS } from './tool-schemas.js';
import type { McpRegistry } from './sdk-kit.js';

/** A tool result as both SDKs take it (MCP CallToolResult). */
interface ToolResult {
  [key: string]: unknown;
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ type: 'text'; text: string }>;
}

/** The server's instructions (`initialize` and `server/discover`): what the service is, its limits and how to credit it; made once per served dist. */
export const instructions = madeOnce((served: Served): string => {
  const site = served.model.site;
  return [
    `${site.name}: sourced, scored comparisons of crypto exchanges, hardware wallets, software wallets, US high-yield savings accounts and US brokerages.`,
    `Tools: ${OPERATIONS.map(({ tool }) => `${tool.name} (${tool.title.toLowerCase()})`).join(', ')}. Start with list_categories or search_platforms.`,
    'Resources: the category list, the methodology, each platform record and the open-data files, by their https URLs here; prompts: compare_for_my_priorities, check_safety, best_savings_for_my_balance.',
    `Each tool result's text is a short summary to quote; structuredContent holds the whole answer (the REST body of the same request), always with ${SHARED_FIELDS.join(', ')} besides the fields its output schema outlines.`,
    'Every fact carries source URLs, an as_of date, a stale flag and an evidence tier: quote them, and say when data is old or weakly sourced. Scores follow the published methodology: ' +
      site.methodology_url +
      '.',
    'The data is informational, not investment advice.',
    `Credit the service with this attribution and the page URL of each result: "${site.attribution}". ${site.license}`,
  ].join('\n');
});

/**
 * A tool result: the REST body as structuredContent and a short summary of it as text
 * (its tool's summarise, operations/catalogue.ts), or isError with the REST problem's detail (and its suggestions).
 */
function toolResult(tool: ApiOperation['tool'], result: OperationResult): ToolResult {
  if (result.kind === 'problem') {
    const { detail, suggestions } = result.problem;
    return { isError: true, content: [{ type: 'text', text: suggestions?.length ? `${detail} Did you mean: ${suggestions.join(', ')}?` : detail }] };
  }
  const body = result.kind === 'bytes' ? (JSON.parse(result.bytes.toString('utf8')) as Record<string, unknown>) : (result.body as Record<string, unknown>);
  return { structuredContent: body, content: [{ type: 'text', text: tool.summarise(body) }] };
}

/** Each operation's outline output schema (./tool-schemas.ts), made once. */
const outlineOf = madeOnce((operation: ApiOperation) => outlineSchema(operation.result.schema));

/** A tool's description with where its whole output schema is published (openapi.json components). */
function describeTool(operation: ApiOperation, base: string): string {
  const id = apiRegistry.get(operation.result.schema)?.id;
  return id ? `${operation.tool.description} Full output schema: ${base}${SERVICE_PATHS.openapi}#/components/schemas/${id}` : operation.tool.description;
}

/** Registers a tool for each operation of the catalogue on `server`. */
export function registerTools(server: McpRegistry, served: Served): void {
  const base = served.model.site.base_url;
  for (const operation of OPERATIONS) {
    const { tool } = operation;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: describeTool(operation, base),
        inputSchema: tool.inputSchema,
        outputSchema: outlineOf(operation),
        annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
      },
      async (args: Record<string, unknown>) => toolResult(tool, runTool(operation, served, args)),
    );
  }
}
