/**
 * Zod schemas of the well-known manifests the pipeline emits:
 * /.well-known/mcp.json (MCP server metadata) and /.well-known/ai-plugin.json
 * (plugin manifest, schema_version v1).
 */
import { z } from 'zod';

export const McpManifestSchema = z.object({
  name: z.string(),
  version: z.string(),
  description: z.string(),
  endpoint: z.string(),
  transport: z.literal('streamable-http'),
  protocol_versions: z.array(z.string()).min(1),
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
