/**
 * The 2026-07-28 era of MCP on the one /mcp endpoint (docs/mcp.md "Two protocol eras"): requests
 * that carry the revision's `_meta` envelope (`io.modelcontextprotocol/protocolVersion`,
 * `clientInfo`, `clientCapabilities`) or name a modern revision in MCP-Protocol-Version are
 * answered by the official SDK 2.x (@modelcontextprotocol/server): its createMcpHandler classifies
 * the request (isLegacyRequest), validates the envelope and the standard headers, answers
 * `server/discover`, the revision's UnsupportedProtocolVersionError and MissingRequiredClientCapability
 * errors, -32602 for an unknown resource, and fills `ttlMs` and `cacheScope` of cacheable results
 * from the hints given here. Every other request stays with the 1.x SDK (./server.ts), which
 * serves 2025-11-25 and earlier with `initialize`; both eras register the same tools, resources and
 * prompts (./registrations.ts).
 */
import { completable, createMcpHandler, isLegacyRequest, McpServer, ProtocolError, ResourceTemplate } from '@modelcontextprotocol/server';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Served } from '../served.js';
import { PRECOMPUTED_MAX_AGE_SECONDS } from '../../domain/contract/cache-control.js';
import { LIMITS } from '../../domain/contract/parameter-rules.js';
import { madeOnce } from '../../domain/compute/made-once.js';
import { registerEverything } from './registrations.js';
import { instructions } from './tools.js';
import type { McpKit } from './sdk-kit.js';

/** The 2.x SDK's classes for the registrations (./sdk-kit.ts). */
const SDK2_KIT: McpKit = {
  ResourceTemplate: ResourceTemplate as unknown as McpKit['ResourceTemplate'],
  completable: completable as unknown as McpKit['completable'],
  error: (code, message, data) => new ProtocolError(code, message, data),
};

/**
 * The caching hint of every cacheable result (MCP 2026-07-28 "Caching": tools/list, prompts/list,
 * resources/list, resources/templates/list, resources/read, server/discover). The data changes
 * only with a new build, swapped in by a reload, so the hint is the REST API's policy for
 * precomputed bodies (CACHE_CONTROL.precomputed, whose max-age is PRECOMPUTED_MAX_AGE_SECONDS): the same freshness, and
 * public, since no answer depends on who asks.
 */
const CACHE_HINT = { ttlMs: PRECOMPUTED_MAX_AGE_SECONDS * 1000, cacheScope: 'public' } as const;

/** The caching hint of each cacheable method's result (CACHE_HINT). */
const CACHE_HINTS = Object.fromEntries(
  ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read', 'server/discover'].map((m) => [m, CACHE_HINT]),
);

/** A 2.x McpServer for one modern request, with every tool, resource and prompt of the served dist. */
function createModernServer(served: Served): McpServer {
  const site = served.model.site;
  const server = new McpServer({ name: site.name, version: site.api_version }, { instructions: instructions(served), cacheHints: CACHE_HINTS });
  registerEverything(server, served, SDK2_KIT);
  return server;
}

/** Most subscriptions/listen streams open at once per served dist; past it the SDK answers -32603 "Subscription limit reached". */
const MODERN_MAX_SUBSCRIPTIONS = 256;

/** The served dist's modern handler, made on first use (a reload gets a new Served value, hence a new handler). */
const handlerOf = madeOnce((served: Served) =>
  createMcpHandler(() => createModernServer(served), {
    legacy: 'reject', // 2025-era requests never reach it: ./endpoint.ts sends them to the 1.x SDK
    maxRequestBodySize: LIMITS.mcpBodyMaxBytes,
    // subscriptions/listen streams are acknowledged and kept alive, but carry no change notification:
    // nothing changes while a dist is served (a reload makes a new handler; the old streams stay open until their clients close them); bounded, as each holds a connection
    maxSubscriptions: MODERN_MAX_SUBSCRIPTIONS,
  }),
);

/** True when the SDK 2.x classifies the request as 2026-07-28 era or later (its envelope claim or a modern MCP-Protocol-Version). */
export async function isModernRequest(request: Request, parsedBody: unknown): Promise<boolean> {
  return !(await isLegacyRequest(request, parsedBody, { maxRequestBodySize: LIMITS.mcpBodyMaxBytes }));
}

/**
 * The protocol versions the endpoint serves, modern first: the 2.x SDK's own list names only the
 * modern ones, while this dual-era endpoint also serves every 2025-era version the 1.x SDK
 * negotiates (MCP 2026-07-28 "Versioning": a dual-era server lists both, e.g. `["2026-07-28", "2025-11-25"]`).
 */
function servedVersions(modern: readonly string[]): string[] {
  return [...modern, ...SUPPORTED_PROTOCOL_VERSIONS.filter((v) => !modern.includes(v))];
}

/**
 * Answers a modern request (see the module comment). `server/discover`'s `supportedVersions` and
 * the data of an UnsupportedProtocolVersionError (-32022) name the 2025-era versions too (servedVersions).
 */
export async function answerModern(served: Served, request: Request): Promise<Response> {
  const response = await handlerOf(served).fetch(request);
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return response;
  const text = await response.text();
  if (!text.includes('"supportedVersions"') && !text.includes(`"code":${UNSUPPORTED_PROTOCOL_VERSION}`)) return new Response(text, response);
  const message = JSON.parse(text) as { result?: { supportedVersions?: string[] }; error?: { code: number; data?: { supported?: string[] } } };
  if (Array.isArray(message.result?.supportedVersions)) message.result.supportedVersions = servedVersions(message.result.supportedVersions);
  if (message.error?.code === UNSUPPORTED_PROTOCOL_VERSION && Array.isArray(message.error.data?.supported))
    message.error.data.supported = servedVersions(message.error.data.supported);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(message), { status: response.status, headers });
}

/** The JSON-RPC code of UnsupportedProtocolVersionError (MCP 2026-07-28 schema, "Error codes"). */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;
