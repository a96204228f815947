/**
 * The OpenAPI path items of the service's own endpoints: POST /mcp (with the JSON-RPC 2.0
 * envelope schemas), this document, the MCP and plugin manifests, and the health probes.
 */
import { LIMITS } from '../../runtime/domain/contract/parameter-rules.js';
import { SERVER_JSON_SCHEMA_URL } from '../../runtime/domain/contract/manifests.js';
import { OPERATIONS } from '../../runtime/domain/operations/catalogue.js';
import { SERVICE_PATHS } from '../../runtime/domain/contract/urls.js';
import { apiHeaders, commonErrors, notModified, problem, ref, type Json } from './openapi-responses.js';

/** JSON-RPC 2.0 envelopes of POST /mcp (the MCP specification defines the methods and results). */
export const JSON_RPC_SCHEMAS = {
  JsonRpcRequest: {
    description: 'A JSON-RPC 2.0 request or notification, or a batch of them',
    oneOf: [{ $ref: '#/components/schemas/JsonRpcMessage' }, { type: 'array', items: { $ref: '#/components/schemas/JsonRpcMessage' }, minItems: 1 }],
  },
  JsonRpcMessage: {
    type: 'object',
    required: ['jsonrpc', 'method'],
    properties: {
      jsonrpc: { const: '2.0' },
      id: { type: ['string', 'integer'] },
      method: { type: 'string', examples: ['tools/call'] },
      params: { type: 'object', examples: [{ name: 'compare_platforms', arguments: { platforms: 'kraken,coinbase' } }] },
    },
  },
  JsonRpcResponse: {
    type: 'object',
    required: ['jsonrpc'],
    properties: {
      jsonrpc: { const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      result: { type: 'object' },
      error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} } },
    },
  },
};

/** The path items of /mcp, /openapi.json, the manifests and the probes, by path. */
export function serviceOperations(): Json {
  return {
    [SERVICE_PATHS.mcp]: {
      post: {
        operationId: 'mcp',
        tags: ['mcp'],
        summary: 'MCP endpoint (JSON-RPC 2.0 over Streamable HTTP, stateless): revisions 2026-07-28 and 2025-11-25',
        description: [
          'Model Context Protocol for AI agents; no authentication. Send `Content-Type: application/json`; a missing or partial `Accept` header is completed by the server, which always answers JSON.',
          'Two protocol eras on this one endpoint (docs/mcp.md "Two protocol eras"). 2026-07-28: no initialize and no session; every request carries `_meta` with `io.modelcontextprotocol/protocolVersion`, `clientInfo` and `clientCapabilities` (and the `MCP-Protocol-Version`, `Mcp-Method` headers); `server/discover` names the supported versions, capabilities and instructions; list results and `resources/read` carry `ttlMs` (300000, the REST max-age of precomputed bodies) and `cacheScope: "public"`; no `ping` or `logging/setLevel` (-32601); an unknown resource is -32602; an unsupported version is -32022 naming the supported ones. 2025-11-25 and earlier: `initialize`, `ping`, `tools/list`, `tools/call` (works without a prior initialize); an unknown resource is -32002.',
          `Tools: ${OPERATIONS.map((o) => o.tool.name).join(', ')}; their schemas are in \`tools/list\` and /.well-known/mcp.json.`,
          'A tool result carries `structuredContent` equal to the REST body of the same request and, as text, a short summary to quote; bad arguments give a result with `isError: true` and the REST problem detail.',
          `Bodies over ${LIMITS.mcpBodyMaxBytes} bytes get 413 (by Content-Length: before the body is read); malformed JSON gets the JSON-RPC parse error (-32700).`,
          `A batch holds at most ${LIMITS.mcpBatchMax} messages (more: 400, -32600); each message counts against the rate limit, and once its answers hold ${LIMITS.mcpBatchAnswerMaxBytes} bytes the requests left are answered with error -32000 asking to send them alone. A request the rate limit refuses is answered at once, without reading its body (id null, Connection: close).`,
        ].join('\n\n'),
        requestBody: { required: true, content: { 'application/json': { schema: ref('JsonRpcRequest') } } },
        responses: {
          '200': {
            description:
              'JSON-RPC response, or the responses to the requests of a batch; for a 2026-07-28 `subscriptions/listen`, an event stream that acknowledges the subscription and is kept alive (nothing changes while a build is served, so no change notification follows)',
            content: {
              'application/json': { schema: { oneOf: [ref('JsonRpcResponse'), { type: 'array', items: ref('JsonRpcResponse') }] } },
              'text/event-stream': { schema: { type: 'string' } },
            },
          },
          '202': { description: 'Accepted: the body held only notifications or responses' },
          '400': {
            description:
              'JSON-RPC error (parse error -32700 or invalid request -32600); in the 2026-07-28 era also a missing or malformed `_meta` envelope or header mismatch (-32602, -32020) and an unsupported protocol version (-32022, `data.supported` naming every version served)',
            content: { 'application/json': { schema: ref('JsonRpcResponse') } },
          },
          '404': {
            description: "2026-07-28 era: a method the revision does not have (`ping`, `logging/setLevel`): JSON-RPC error -32601 with the request's id",
            content: { 'application/json': { schema: ref('JsonRpcResponse') } },
          },
          '405': problem('GET and DELETE are not allowed: the endpoint is stateless and takes POST only (Allow: POST)'),
          '406': { description: 'Not acceptable', content: { 'application/json': { schema: ref('JsonRpcResponse') } } },
          '401': {
            description: 'X-API-Key malformed or unknown: JSON-RPC error explaining it',
            content: { 'application/json': { schema: ref('JsonRpcResponse') } },
          },
          '403': {
            description:
              'The Host or Origin header names a host the service is not published under (DNS-rebinding protection; README "Configuration", ALLOWED_HOSTS): JSON-RPC error -32000 naming the header, with the request\'s id',
            content: { 'application/json': { schema: ref('JsonRpcResponse') } },
          },
          '413': problem(`Body over ${LIMITS.mcpBodyMaxBytes} bytes`),
          '429': {
            description: 'Rate limit exceeded: JSON-RPC error explaining the limit, with Retry-After',
            content: { 'application/json': { schema: ref('JsonRpcResponse') } },
          },
          '415': { description: 'Content-Type is not application/json', content: { 'application/json': { schema: ref('JsonRpcResponse') } } },
        },
      },
    },
    [SERVICE_PATHS.openapi]: {
      get: {
        operationId: 'getOpenApi',
        tags: ['meta'],
        summary: 'This OpenAPI document',
        description: 'Generated by the build from the same parameter rules and response schemas the server validates with.',
        responses: {
          '200': { description: 'OpenAPI 3.1.0 document', headers: apiHeaders(true), content: { 'application/json': { schema: { type: 'object' } } } },
          ...notModified,
          ...commonErrors,
        },
      },
    },
    [SERVICE_PATHS.mcpManifest]: {
      get: {
        operationId: 'getMcpManifest',
        tags: ['meta'],
        summary: 'MCP server metadata: endpoint, transport, protocol versions, tools, limits, attribution',
        description: 'For agents that discover the MCP endpoint: where it is, how to call it, and the schemas of its tools.',
        responses: {
          '200': { description: 'MCP manifest', headers: apiHeaders(true), content: { 'application/json': { schema: { type: 'object' } } } },
          ...notModified,
          ...commonErrors,
        },
      },
    },
    [SERVICE_PATHS.mcpServerCard]: {
      get: {
        operationId: 'getMcpServerCard',
        tags: ['meta'],
        summary: "MCP server card in the MCP registry's server.json format",
        description: `This MCP server as the MCP registry describes a remote server (${SERVER_JSON_SCHEMA_URL}): name, title, description, version and the Streamable HTTP endpoint. The same file can be published to a registry.`,
        responses: {
          '200': { description: 'Server card', headers: apiHeaders(true), content: { 'application/json': { schema: { type: 'object' } } } },
          ...notModified,
          ...commonErrors,
        },
      },
    },
    [SERVICE_PATHS.aiPluginManifest]: {
      get: {
        operationId: 'getAiPluginManifest',
        tags: ['meta'],
        summary: 'Plugin manifest (schema_version v1)',
        description: 'The AI plugin manifest pointing at this OpenAPI document.',
        responses: {
          '200': { description: 'Plugin manifest', headers: apiHeaders(true), content: { 'application/json': { schema: { type: 'object' } } } },
          ...notModified,
          ...commonErrors,
        },
      },
    },
    '/healthz': {
      get: {
        operationId: 'getLiveness',
        tags: ['meta'],
        summary: 'Liveness probe: the process answers',
        description: 'Never rate-limited, never cached; reads nothing from disk.',
        security: [{}],
        responses: {
          '200': {
            description: 'Alive',
            content: {
              'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } }, example: { status: 'ok' } },
            },
          },
          '405': commonErrors['405'],
        },
      },
    },
    '/readyz': {
      get: {
        operationId: 'getReadiness',
        tags: ['meta'],
        summary: 'Readiness probe: the dist served and where rate limits are counted',
        security: [{}],
        description:
          'Never rate-limited, never cached. `redis`: not_configured (no REDIS_URL: limits per instance), connected (limits shared by every instance), unreachable (Redis failed or timed out: each instance counts in its own memory until Redis answers again). The service keeps answering in every state.',
        responses: {
          '200': {
            description: 'Ready',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'dist', 'redis', 'rate_limits'],
                  properties: {
                    status: { const: 'ready' },
                    dist: {
                      type: 'object',
                      required: ['evaluation_date', 'methodology_version', 'platforms'],
                      properties: {
                        evaluation_date: { type: 'string', format: 'date' },
                        methodology_version: { type: 'string' },
                        platforms: { type: 'integer', minimum: 0 },
                      },
                    },
                    redis: { type: 'string', enum: ['not_configured', 'connected', 'unreachable'] },
                    rate_limits: { type: 'string', enum: ['shared', 'per_instance'] },
                  },
                },
                example: {
                  status: 'ready',
                  dist: { evaluation_date: '2026-11-25', methodology_version: '2.0.0', platforms: 109 },
                  redis: 'connected',
                  rate_limits: 'shared',
                },
              },
            },
          },
          '405': commonErrors['405'],
        },
      },
    },
  };
}
