/**
 * Zod schemas of the well-known manifests the pipeline emits:
 * /.well-known/mcp.json (MCP server metadata), /.well-known/mcp/server-card.json (the MCP
 * registry's server.json format) and /.well-known/ai-plugin.json (plugin manifest, schema_version v1).
 */
import { z } from 'zod';

export const McpManifestSchema = z.object({
  name: z.string(),
  version: z.string(),
  description: z.string(),
  endpoint: z.string(),
  transport: z.literal('streamable-http'),
  protocol_versions: z
    .array(z.string())
    .min(1)
    .meta({ description: 'MCP revisions /mcp serves: the 2026-07-28 era (per-request _meta, server/discover) first, then the 2025 era (initialize)' }),
  authentication: z.object({ type: z.literal('none') }),
  tools: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      input_schema: z.record(z.string(), z.unknown()),
    }),
  ),
  limits: z.object({
    free: z.object({ requests_per_minute: z.number().int(), scope: z.string(), authentication: z.string() }),
  }),
  openapi: z.string(),
  attribution: z.string(),
  license: z.string(),
});
export type McpManifest = z.infer<typeof McpManifestSchema>;

/** The `server.json` schema of the MCP registry this card follows (modelcontextprotocol.io/registry). */
export const SERVER_JSON_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/**
 * An MCP server card in the MCP registry's server.json format (schema 2025-12-11): a remote
 * server reached over Streamable HTTP. The registry limits the description to 100 characters and
 * wants a reverse-DNS `name` with one slash.
 */
export const ServerCardSchema = z.object({
  $schema: z.literal(SERVER_JSON_SCHEMA_URL),
  name: z.string().regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  title: z.string().max(100),
  description: z.string().min(1).max(100),
  version: z.string(),
  websiteUrl: z.string(),
  remotes: z.array(z.object({ type: z.literal('streamable-http'), url: z.string() })).min(1),
});
export type ServerCard = z.infer<typeof ServerCardSchema>;

export const AiPluginManifestSchema = z.object({
  schema_version: z.literal('v1'),
  name_for_human: z.string().max(20),
  name_for_model: z.string().regex(/^[a-z0-9_]{1,50}$/),
  description_for_human: z.string().max(100),
  description_for_model: z.string().max(8000),
  auth: z.object({ type: z.literal('none') }),
  api: z.object({ type: z.literal('openapi'), url: z.string() }),
  logo_url: z.string(),
  contact_email: z.string(),
  legal_info_url: z.string(),
});
export type AiPluginManifest = z.infer<typeof AiPluginManifestSchema>;

/**
 * The MCP revisions of the 2026-07-28 era /mcp serves (runtime/server/mcp/modern.ts, through the
 * 2.x SDK, whose own list it must equal: test/mcp-modern.test.ts compares them with server/discover).
 */
export const MCP_MODERN_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28'];
