/**
 * openapi.json: OpenAPI 3.1.0 description of every REST operation, its
 * parameters, responses and problem bodies. Components come from the zod
 * contract; parameter rules come from runtime/domain/contract/parameter-rules.ts, the same
 * constants the runtime enforces.
 */
import type { Site } from '../../runtime/domain/contract/model.js';
import { CATEGORY_IDS } from '../../runtime/domain/contract/categories.js';
import { PROBLEM_TYPES } from '../../runtime/domain/contract/problem.js';
import { LIMITS } from '../../runtime/domain/contract/parameter-rules.js';
import { FAILED_KEY_ATTEMPTS, FREE_REQUESTS_PER_MINUTE, PAID_PLANS } from '../../runtime/domain/contract/plans.js';
import { isLocalHost } from '../../runtime/domain/contract/urls.js';
import { SERVER_JSON_SCHEMA_URL } from '../../runtime/domain/contract/manifests.js';
import { componentSchemas } from './component-schemas.js';
import { apiRegistry } from '../../runtime/domain/contract/api-schemas.js';
import { OPERATIONS, OPERATION_TAGS, type ApiOperation } from '../../runtime/domain/operations/catalogue.js';
import { balanceParameter, COMPARE_WEIGHT_PARAMETERS, FEE_ACTIVITY_PARAMETERS, MONTHS_PARAMETER, platformPathParameter, queryParameter, type ParameterSpec } from '../../runtime/domain/operations/parameter-specs.js';
import { apiHeaders, badRequest, commonErrors, fileHeaders, notModified, ok, problem, ref, siteErrors, HEADERS, type Json } from './openapi-responses.js';


/**
 * A page of the site: HTML (strict Content-Security-Policy), ETag and 304 when precomputed; not
 * counted against the API limit. A browser (Accept preferring text/html) gets its errors as pages.
 */
function sitePage(operationId: string, summary: string, description: string, parameters: readonly (ParameterSpec | Json)[] = [], extra: Json = {}, counted = false): Json {
  return {
    get: {
      operationId,
      tags: ['site'],
      summary,
      description: `${description} ${counted ? 'Rendered on request and counted against the API limit' : 'Not counted against the API limit'}; a browser gets errors as pages in the site's style.`,
      ...(counted ? {} : { security: [{}] }),
      ...(parameters.length ? { parameters } : {}),
      responses: { '200': { description: 'HTML page', headers: fileHeaders, content: { 'text/html': { schema: { type: 'string' } } } }, ...notModified, ...siteErrors, ...extra },
    },
  };
}

/** A file for crawlers, written by the build (pipeline/emit/pages/crawler-files.ts); not counted against the API limit. */
function crawlerFile(operationId: string, summary: string, description: string, mediaType: string): Json {
  return {
    get: {
      operationId,
      tags: ['site'],
      summary,
      description,
      security: [{}],
      responses: { '200': { description: summary, headers: fileHeaders, content: { [mediaType]: { schema: { type: 'string' } } } }, ...notModified, ...siteErrors },
    },
  };
}


/** JSON-RPC 2.0 envelopes of POST /mcp (the MCP specification defines the methods and results). */
const JSON_RPC_SCHEMAS = {
  JsonRpcRequest: {
    description: 'A JSON-RPC 2.0 request or notification, or a batch of them',
    oneOf: [
      { $ref: '#/components/schemas/JsonRpcMessage' },
      { type: 'array', items: { $ref: '#/components/schemas/JsonRpcMessage' }, minItems: 1 },
    ],
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


/** The OpenAPI component id of a response schema, from the contract's registry. */
function componentId(operation: ApiOperation): string {
  const id = apiRegistry.get(operation.result.schema)?.id;
  if (!id) throw new Error(`the result schema of ${operation.operationId} is not registered in apiRegistry`);
  return id;
}

/** The path items of the catalogue's operations (runtime/domain/operations/catalogue.ts): GET, counted against the API limit. */
function catalogueOperations(): Json {
  return Object.fromEntries(
    OPERATIONS.map((operation) => {
      const { result } = operation;
      const get = {
        operationId: operation.operationId,
        tags: [operation.tag],
        summary: operation.summary,
        description: `${operation.description} Also the MCP tool \`${operation.tool.name}\`.`,
        ...(operation.parameters.length ? { parameters: operation.parameters } : {}),
        responses: { '200': ok(componentId(operation), result.description, result.precomputed), ...(result.precomputed ? notModified : {}), ...commonErrors, ...(operation.parameters.length ? { '400': badRequest } : {}) },
      };
      return [operation.path, { get }];
    }),
  );
}

/** Builds the OpenAPI document for the site. */
export function openApiDocument(site: Site): Json {
  return {
    // no jsonSchemaDialect: the OpenAPI 3.1 default dialect (JSON Schema 2020-12 with the OAS vocabulary) is what the
    // schemas use, and Swagger UI shows a spurious error for an explicit one
    openapi: '3.1.0',
    info: {
      title: `${site.name} API`,
      version: site.api_version,
      summary: 'Sourced, scored comparisons of crypto exchanges, wallets, US high-yield savings accounts and US brokerages.',
      description: [
        'Read-only API. Every 200 body carries `attribution`, `license` and `page`; credit the service with the attribution text and the page URL.',
        'Data is informational, not investment advice. Scores follow the published methodology: ' + site.methodology_url + '.',
        'Errors are RFC 9457 problem details (`application/problem+json`) with `type`, `title`, `status`, `detail` and, for bad parameters, `errors: [{parameter, message}]`.',
        'Query parameters: an unknown parameter (a cache buster, a tracking tag, a typo) is ignored and named in the Ignored-Query-Parameters response header; `platforms` and `weights` may be repeated (`platforms=a&platforms=b` is `platforms=a,b`); any other parameter given twice is a 400.',
        `Limits: the free plan allows ${FREE_REQUESTS_PER_MINUTE} requests in any 60 seconds per client IP, REST and MCP together; paid plans (not on sale) send X-API-Key. Every response reports the state in the RateLimit-Policy and RateLimit header fields; a refused request gets 429 with Retry-After.`,
        'Category ids are accepted in any case with hyphens or underscores, singular or plural (`high_yield_savings`, `Exchange`); responses use the canonical id. Weight keys are accepted in any case.',
        'Platform names match case-insensitively on slug, name or alias; an unknown name is a 404 with up to three suggestions.',
      ].join('\n\n'),
      license: { name: 'Data: CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
      contact: { name: site.name, url: `${site.base_url}/`, ...(site.contact_email ? { email: site.contact_email } : {}) },
    },
    // A local base URL (the default, for development) is no address for anyone else: the document
    // then names the host that serves it (a relative server URL, OpenAPI 3.1 section 4.8.5).
    servers: [isLocalHost(site.base_url) ? { url: '/', description: 'The host serving this document' } : { url: site.base_url, description: 'The service this document was built for' }],
    // Every operation is open without a key (free plan); a paid plan's key is sent in X-API-Key.
    security: [{}, { ApiKey: [] }],
    tags: [
      ...Object.entries(OPERATION_TAGS).filter(([name]) => OPERATIONS.some((o) => o.tag === name)).map(([name, description]) => ({ name, description })),
      { name: 'mcp', description: 'Model Context Protocol endpoint for AI agents' },
      { name: 'meta', description: 'Machine-readable descriptions of the service' },
      { name: 'site', description: 'Pages for people (HTML, generated by the build; compare pages of unpublished comparisons rendered on request) and the open-data files' },
    ],
    paths: {
      ...catalogueOperations(),
      '/mcp': {
        post: {
          operationId: 'mcp',
          tags: ['mcp'],
          summary: 'MCP endpoint (JSON-RPC 2.0 over Streamable HTTP, stateless, JSON responses)',
          description: [
            'Model Context Protocol for AI agents; no authentication. Send `Content-Type: application/json`; a missing or partial `Accept` header is completed by the server, which always answers JSON.',
            `Methods: \`initialize\`, \`ping\`, \`tools/list\`, \`tools/call\` (works without a prior initialize). Tools: ${OPERATIONS.map((o) => o.tool.name).join(', ')}; their schemas are in \`tools/list\` and /.well-known/mcp.json.`,
            'A tool result carries `structuredContent` equal to the REST body of the same request and the same JSON as text; bad arguments give a result with `isError: true` and the REST problem detail.',
            `Bodies over ${LIMITS.mcpBodyMaxBytes} bytes get 413; malformed JSON gets the JSON-RPC parse error (-32700).`,
          ].join('\n\n'),
          requestBody: { required: true, content: { 'application/json': { schema: ref('JsonRpcRequest') } } },
          responses: {
            '200': { description: 'JSON-RPC response', content: { 'application/json': { schema: ref('JsonRpcResponse') } } },
            '202': { description: 'Accepted: the body held only notifications or responses' },
            '400': { description: 'JSON-RPC error (parse error -32700 or invalid request -32600)', content: { 'application/json': { schema: ref('JsonRpcResponse') } } },
            '405': problem('GET and DELETE are not allowed: the endpoint is stateless and takes POST only (Allow: POST)'),
            '406': { description: 'Not acceptable', content: { 'application/json': { schema: ref('JsonRpcResponse') } } },
            '401': { description: 'X-API-Key malformed or unknown: JSON-RPC error explaining it', content: { 'application/json': { schema: ref('JsonRpcResponse') } } },
            '413': problem(`Body over ${LIMITS.mcpBodyMaxBytes} bytes`),
            '429': { description: 'Rate limit exceeded: JSON-RPC error explaining the limit, with Retry-After', content: { 'application/json': { schema: ref('JsonRpcResponse') } } },
            '415': { description: 'Content-Type is not application/json', content: { 'application/json': { schema: ref('JsonRpcResponse') } } },
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          tags: ['meta'],
          summary: 'This OpenAPI document',
          description: 'Generated by the build from the same parameter rules and response schemas the server validates with.',
          responses: { '200': { description: 'OpenAPI 3.1.0 document', headers: apiHeaders(true), content: { 'application/json': { schema: { type: 'object' } } } }, ...notModified, ...commonErrors },
        },
      },
      '/.well-known/mcp.json': {
        get: {
          operationId: 'getMcpManifest',
          tags: ['meta'],
          summary: 'MCP server metadata: endpoint, transport, protocol versions, tools, limits, attribution',
          description: 'For agents that discover the MCP endpoint: where it is, how to call it, and the schemas of its tools.',
          responses: { '200': { description: 'MCP manifest', headers: apiHeaders(true), content: { 'application/json': { schema: { type: 'object' } } } }, ...notModified, ...commonErrors },
        },
      },
      '/.well-known/mcp/server-card.json': {
        get: {
          operationId: 'getMcpServerCard',
          tags: ['meta'],
          summary: 'MCP server card in the MCP registry\'s server.json format',
          description: `This MCP server as the MCP registry describes a remote server (${SERVER_JSON_SCHEMA_URL}): name, title, description, version and the Streamable HTTP endpoint. The same file can be published to a registry.`,
          responses: { '200': { description: 'Server card', headers: apiHeaders(true), content: { 'application/json': { schema: { type: 'object' } } } }, ...notModified, ...commonErrors },
        },
      },
      '/.well-known/ai-plugin.json': {
        get: {
          operationId: 'getAiPluginManifest',
          tags: ['meta'],
          summary: 'Plugin manifest (schema_version v1)',
          description: 'The AI plugin manifest pointing at this OpenAPI document.',
          responses: { '200': { description: 'Plugin manifest', headers: apiHeaders(true), content: { 'application/json': { schema: { type: 'object' } } } }, ...notModified, ...commonErrors },
        },
      },
      '/healthz': {
        get: {
          operationId: 'getLiveness',
          tags: ['meta'],
          summary: 'Liveness probe: the process answers',
          description: 'Never rate-limited, never cached; reads nothing from disk.',
          security: [{}],
          responses: { '200': { description: 'Alive', content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } }, example: { status: 'ok' } } } } },
        },
      },
      '/readyz': {
        get: {
          operationId: 'getReadiness',
          tags: ['meta'],
          summary: 'Readiness probe: the dist served and where rate limits are counted',
          security: [{}],
          description: 'Never rate-limited, never cached. `redis`: not_configured (no REDIS_URL: limits per instance), connected (limits shared by every instance), unreachable (Redis failed or timed out: each instance counts in its own memory until Redis answers again). The service keeps answering in every state.',
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
                      dist: { type: 'object', required: ['evaluation_date', 'methodology_version', 'platforms'], properties: { evaluation_date: { type: 'string', format: 'date' }, methodology_version: { type: 'string' }, platforms: { type: 'integer', minimum: 0 } } },
                      redis: { type: 'string', enum: ['not_configured', 'connected', 'unreachable'] },
                      rate_limits: { type: 'string', enum: ['shared', 'per_instance'] },
                    },
                  },
                  example: { status: 'ready', dist: { evaluation_date: '2026-11-25', methodology_version: '2.0.0', platforms: 109 }, redis: 'connected', rate_limits: 'shared' },
                },
              },
            },
          },
        },
      },
      '/': sitePage('getHomePage', 'Landing page', 'The categories with their counts and links to everything else.'),
      '/platforms/{slug}': sitePage('getPlatformPage', 'Platform page', 'Score, coverage, each criterion with rationale and source links, facts with as_of, incidents and regulatory record. A name or alias in place of the slug (/platforms/Ledger%20Nano%20X) redirects to the canonical page.', [platformPathParameter('slug', 'Platform slug (or a name or alias, redirected)', 'kraken')], { '301': { description: 'Moved permanently: the canonical page of the platform named', headers: { Location: { description: 'The canonical page, relative to this host', schema: { type: 'string' } } } } }),
      '/compare/{slug}': sitePage('getComparePage', 'Compare page', 'Verdict, the arithmetic, a bar chart by criterion, the too-close explanation. Published verdicts are precomputed; any other comparison of 2 to 6 platforms of one category (`<a>-vs-<b>[-vs-<c>...]`, slugs, names or aliases) is rendered on request with default weights. With `weights` or `profile` (as GET /v1/compare takes them; empty values are ignored, as an empty form field) any comparison is rendered on request with them, and a form on the page changes them.', [{ name: 'slug', in: 'path', required: true, description: '<platform_a>-vs-<platform_b>[-vs-...]', schema: { type: 'string', minLength: 1, maxLength: LIMITS.listMaxLength }, example: 'coinbase-vs-kraken' }, ...COMPARE_WEIGHT_PARAMETERS], { '400': badRequest }),
      '/categories/{id}': sitePage('getCategoryPage', 'Category page', 'The ranked table of its platforms.', [{ name: 'id', in: 'path', required: true, description: 'Category id', schema: { type: 'string', enum: [...CATEGORY_IDS] }, example: 'exchanges' }]),
      '/search': sitePage('getSearchPage', 'Search page', `Platforms whose name, alias or slug contains \`query\` (the search of GET /v1/platforms, at most 50, best score first), each linked to its page; without \`query\`, the form alone. The form in every page's header sends it.`, [queryParameter('query', `Name fragment, 1 to ${LIMITS.nameMaxLength} characters`, { type: 'string', maxLength: LIMITS.nameMaxLength }, false, 'ledger')], { '400': badRequest, '401': commonErrors['401'], '429': commonErrors['429'] }, true),
      '/savings': sitePage('getSavingsCalculatorPage', 'Savings calculator', 'The projection of GET /v1/savings-interest for `balance` and `months`, with a chart of the interest per account and a form (no script); without `balance`, the form alone.', [balanceParameter(false), MONTHS_PARAMETER], { '400': badRequest, '401': commonErrors['401'], '429': commonErrors['429'] }, true),
      '/fees': sitePage('getFeeCalculatorPage', 'Fee calculator', 'The estimate of GET /v1/fees for the category and activity given, with a chart of each costed platform\'s annual total by fee line and a form (no script); without `category`, the form alone; empty fields keep their defaults.', [queryParameter('category', '`brokerages` or `exchanges` (singular accepted)', { type: 'string' }, false, 'brokerages'), ...FEE_ACTIVITY_PARAMETERS], { '400': badRequest, '401': commonErrors['401'], '429': commonErrors['429'] }, true),
      '/methodology': sitePage('getMethodologyPage', 'The methodology', 'The published methodology, generated from methodology.yaml: criteria, weights, freshness windows, evidence tiers, the coverage gate and caps.'),
      '/docs': sitePage('getApiReferencePage', 'API reference', 'This document rendered by Swagger UI, served from the site (no outside validator is called).'),
      '/open-data': sitePage('getOpenDataPage', 'Open data', 'Every downloadable file with what it holds, records, size, SHA-256, schema and as_of range; licence and how to cite.'),
      '/problems/{name}': sitePage('getProblemTypePage', 'An error type', 'What an error type means and what to do: the page the `type` URL of a problem+json answer points at.', [{ name: 'name', in: 'path', required: true, description: 'Problem type name', schema: { type: 'string', enum: Object.keys(PROBLEM_TYPES) }, example: 'rate-limited' }]),
      '/robots.txt': crawlerFile('getRobotsTxt', 'robots.txt', 'Everything may be crawled; names the sitemap.', 'text/plain'),
      '/sitemap.xml': crawlerFile('getSitemap', 'Sitemap', 'Every page of its own under the base URL (sitemaps.org 0.9), platform pages with their record\'s as_of as lastmod.', 'application/xml'),
      '/open-data/{file}': {
        get: {
          operationId: 'getOpenDataFile',
          tags: ['site'],
          summary: 'An open-data file listed in /open-data/manifest.json (JSON, CSV, Atom, JSON Schemas under schemas/, SHA256SUMS)',
          description: 'The files of the open data, each listed with its size and SHA-256 in the manifest. Not counted against the API limit.',
          security: [{}],
          parameters: [{ name: 'file', in: 'path', required: true, description: 'File name, e.g. platforms.json, exchanges.csv, changes.atom, SHA256SUMS', schema: { type: 'string', minLength: 1 }, example: 'platforms.json' }],
          responses: {
            '200': {
              description: 'The file',
              headers: fileHeaders,
              content: {
                'application/json': { schema: { type: 'object' } },
                'text/csv': { schema: { type: 'string' } },
                'application/atom+xml': { schema: { type: 'string' } },
                'text/plain': { schema: { type: 'string' } },
              },
            },
            ...notModified,
            ...siteErrors,
          },
        },
      },
    },
    components: {
      schemas: { ...componentSchemas(), ...JSON_RPC_SCHEMAS },
      headers: HEADERS,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: `Optional. A paid plan's key (${PAID_PLANS.developer.perMinute} or ${PAID_PLANS.business.perMinute} requests per minute); without it the free plan applies. A malformed or unknown key is a 401; ${FAILED_KEY_ATTEMPTS.points} failed keys from one address in ${FAILED_KEY_ATTEMPTS.durationSeconds / 60} minutes are a 429 for keyed requests from it.`,
        },
      },
    },
  };
}
