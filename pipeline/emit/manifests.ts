/**
 * The well-known manifests: /.well-known/mcp.json (endpoint, transport,
 * protocol versions, tools with input schemas, free limits, attribution) and
 * /.well-known/ai-plugin.json, plus the logo the plugin manifest points at.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  MCP_MODERN_PROTOCOL_VERSIONS,
  SERVER_JSON_SCHEMA_URL,
  type AiPluginManifest,
  type McpManifest,
  type ServerCard,
} from '../../runtime/domain/contract/manifests.js';
import type { Site } from '../../runtime/domain/contract/model.js';
import { SERVICE_PATHS } from '../../runtime/domain/contract/urls.js';
import { OPERATIONS } from '../../runtime/domain/operations/catalogue.js';
import { FREE_REQUESTS_PER_MINUTE } from '../../runtime/domain/contract/plans.js';

const DESCRIPTION =
  'Sourced, scored comparisons of crypto exchanges, hardware and software wallets, US high-yield savings accounts and US brokerages. Informational, not investment advice.';

/** /.well-known/mcp.json */
export function mcpManifest(site: Site): McpManifest {
  return {
    name: site.name,
    version: site.api_version,
    description: DESCRIPTION,
    endpoint: `${site.base_url}/mcp`,
    transport: 'streamable-http',
    protocol_versions: [...MCP_MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS],
    authentication: { type: 'none' },
    tools: OPERATIONS.map(({ tool: t }) => {
      const { $schema: _ignored, ...schema } = z.toJSONSchema(z.object(t.inputSchema), { target: 'draft-2020-12' }) as Record<string, unknown>;
      return { name: t.name, title: t.title, description: t.description, input_schema: schema };
    }),
    limits: {
      free: { requests_per_minute: FREE_REQUESTS_PER_MINUTE, scope: 'per client IP address, REST API and MCP endpoint together', authentication: 'none' },
    },
    openapi: `${site.base_url}${SERVICE_PATHS.openapi}`,
    attribution: site.attribution,
    license: site.license,
  };
}

/**
 * The server's name in the MCP registry: reverse-DNS of the base URL's host with one slash
 * (data.example.org -> org.example.data/open-comparison-data), as the registry requires; on a
 * local base URL the namespace is `localhost`, an address for no one else (set BASE_URL to publish).
 */
function registryName(site: Site): string {
  return `${new URL(site.base_url).hostname.split('.').reverse().join('.')}/open-comparison-data`;
}

/** /.well-known/mcp/server-card.json: this server in the MCP registry's server.json format. */
export function serverCard(site: Site): ServerCard {
  return {
    $schema: SERVER_JSON_SCHEMA_URL,
    name: registryName(site),
    title: site.name,
    description: 'Sourced, scored data on crypto exchanges, wallets, US savings accounts and brokerages',
    version: site.api_version,
    websiteUrl: `${site.base_url}/`,
    remotes: [{ type: 'streamable-http', url: `${site.base_url}/mcp` }],
  };
}

/** /.well-known/ai-plugin.json */
export function aiPluginManifest(site: Site): AiPluginManifest {
  return {
    schema_version: 'v1',
    name_for_human: 'Open Comparison Data',
    name_for_model: 'open_comparison_data',
    description_for_human: 'Compare crypto exchanges, wallets, savings accounts and brokerages with sourced scores.',
    description_for_model: `${DESCRIPTION} Use it to search platforms, read sourced records (facts with source URLs and as_of dates), safety records (hacks, breaches, regulatory actions), compare 2 to 6 platforms of one category, and estimate savings interest or annual fees. Quote sources and as_of dates, and credit: "${site.attribution}".`,
    auth: { type: 'none' },
    api: { type: 'openapi', url: `${site.base_url}${SERVICE_PATHS.openapi}` },
    logo_url: `${site.base_url}/logo.svg`,
    contact_email: site.contact_email ?? 'contact@localhost',
    legal_info_url: 'https://creativecommons.org/licenses/by/4.0/',
  };
}

/** A plain logo for the plugin manifest (SVG, no external resources). */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Open Comparison Data"><rect width="64" height="64" rx="12" fill="#1d4ed8"/><rect x="14" y="30" width="10" height="20" fill="#fff"/><rect x="27" y="20" width="10" height="30" fill="#fff"/><rect x="40" y="12" width="10" height="38" fill="#fff"/></svg>\n`;
