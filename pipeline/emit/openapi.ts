/**
 * openapi.json: OpenAPI 3.1.0 description of every REST operation, its
 * parameters, responses and problem bodies. Components come from the zod
 * contract; parameter rules come from runtime/http/parameter-rules.ts, the same
 * constants the runtime enforces.
 */
import type { Site } from '../../runtime/contract/model.js';
import { CATEGORY_IDS } from '../../runtime/contract/categories.js';
import { PROBLEM_TYPES } from '../../runtime/http/problem.js';
import { LIMITS } from '../../runtime/http/parameter-rules.js';
import { FAILED_KEY_ATTEMPTS, FREE_REQUESTS_PER_MINUTE, PAID_PLANS } from '../../runtime/contract/plans.js';
import { isLocalHost } from '../../runtime/contract/urls.js';
import { componentSchemas } from './component-schemas.js';
import { PUBLISHED_VERDICT_TOP_K } from './api-bodies.js';

type Json = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
});
const ok = (schema: string, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(schema) } },
});
const commonErrors = {
  '400': problem('Invalid parameters: an unknown or repeated parameter, more than 20 parameters, or an undecodable URL; `errors` lists each parameter and what is allowed'),
  '401': problem('X-API-Key is malformed or unknown (leave it out for the free plan)'),
  '404': problem('Unknown path or resource (problem+json; for platform names with up to three suggestions)'),
  '405': problem('Method not allowed; the Allow header lists GET, HEAD'),
  '406': problem('Accept rules out application/json'),
  '429': {
    ...problem('Rate limit exceeded: see Retry-After and the RateLimit / RateLimit-Policy header fields'),
    headers: { 'Retry-After': { description: 'Seconds until a request is admitted again', schema: { type: 'integer', minimum: 1 } } },
  },
};
/** Precomputed bodies carry a strong ETag; a matching If-None-Match gets 304. */
const notModified = { '304': { description: 'Not modified: If-None-Match matched the ETag of this precomputed body' } };
const badRequest = problem('Invalid parameter: `errors` lists each parameter and what is allowed');

/** A page of the site: HTML (strict Content-Security-Policy), ETag and 304 when precomputed. */
function sitePage(operationId: string, summary: string, parameters: Json[] = [], extra: Json = {}): Json {
  const { '400': _b, '406': _n, ...errors } = commonErrors;
  return {
    get: {
      operationId,
      tags: ['site'],
      summary,
      ...(parameters.length ? { parameters } : {}),
      responses: { '200': { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } }, ...notModified, ...errors, ...extra },
    },
  };
}

function query(name: string, description: string, schema: Json, required = false): Json {
  return { name, in: 'query', required, description, schema };
}
function pathParam(name: string, description: string): Json {
  return { name, in: 'path', required: true, description, schema: { type: 'string', minLength: 1, maxLength: LIMITS.nameMaxLength } };
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

/** Builds the OpenAPI document for the site. */
export function openApiDocument(site: Site): Json {
  const categoryEnum = [...CATEGORY_IDS];
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
    },
    // A local base URL (the default, for development) is no address for anyone else: the document
    // then names the host that serves it (a relative server URL, OpenAPI 3.1 section 4.8.5).
    servers: [isLocalHost(site.base_url) ? { url: '/', description: 'The host serving this document' } : { url: site.base_url, description: 'The service this document was built for' }],
    // Every operation is open without a key (free plan); a paid plan's key is sent in X-API-Key.
    security: [{}, { ApiKey: [] }],
    tags: [
      { name: 'platforms', description: 'Categories, search, records and safety records' },
      { name: 'comparisons', description: 'Comparisons and published verdicts' },
      { name: 'calculators', description: 'Savings interest and fee estimates' },
      { name: 'mcp', description: 'Model Context Protocol endpoint for AI agents' },
      { name: 'meta', description: 'Machine-readable descriptions of the service' },
      { name: 'site', description: 'Pages for people (HTML, generated by the build; compare pages of unpublished comparisons rendered on request) and the open-data files' },
    ],
    paths: {
      '/v1/categories': {
        get: {
          operationId: 'listCategories',
          tags: ['platforms'],
          summary: 'Categories with platform counts and criteria',
          responses: { '200': ok('CategoriesResponse', 'The five categories'), ...notModified, ...commonErrors },
        },
      },
      '/v1/platforms': {
        get: {
          operationId: 'searchPlatforms',
          tags: ['platforms'],
          summary: 'Search platforms',
          description: '`query` is a case-insensitive fragment of name, alias or slug; both parameters are optional and no parameter lists every platform. Results by score descending (no score last), then name.',
          parameters: [
            query('query', `Name fragment, 1 to ${LIMITS.nameMaxLength} characters`, { type: 'string', minLength: 1, maxLength: LIMITS.nameMaxLength }),
            query('category', 'Category id (any case, hyphens or underscores)', { type: 'string', enum: categoryEnum }),
            query('limit', `Most results to return, 1 to ${LIMITS.searchLimitMax}; absent: every match (\`total\` counts them all)`, { type: 'integer', minimum: 1, maximum: LIMITS.searchLimitMax }),
          ],
          responses: { '200': ok('SearchResponse', 'Matching platforms'), ...commonErrors, '400': badRequest },
        },
      },
      '/v1/platforms/{name}': {
        get: {
          operationId: 'getPlatform',
          tags: ['platforms'],
          summary: 'Full sourced platform record',
          parameters: [pathParam('name', 'Slug, name or alias, any case')],
          responses: { '200': ok('PlatformRecord', 'The record'), ...notModified, ...commonErrors, '400': badRequest },
        },
      },
      '/v1/safety/{name}': {
        get: {
          operationId: 'getSafetyRecord',
          tags: ['platforms'],
          summary: 'Safety record: incidents, regulatory record, security score, cap',
          parameters: [pathParam('name', 'Slug, name or alias, any case')],
          responses: { '200': ok('SafetyResponse', 'The safety record'), ...notModified, ...commonErrors, '400': badRequest },
        },
      },
      '/v1/compare': {
        get: {
          operationId: 'comparePlatforms',
          tags: ['comparisons'],
          summary: 'Compare 2 to 6 platforms of one category',
          description: `Applies the coverage gate (under the applied weights), the hack cap and the too-close rule of the methodology and shows the arithmetic, with each criterion's as_of, stale flag and evidence tier, and whether the pick depends on stale or weak evidence. Weights not given keep their default (or the profile's); all applied weights may not be zero.`,
          parameters: [
            query('platforms', `${LIMITS.compareMin} to ${LIMITS.compareMax} distinct platform names (slug, name or alias) of one category, comma-separated`, { type: 'string', minLength: 1, maxLength: LIMITS.listMaxLength }, true),
            query('weights', 'Comma-separated key:weight pairs; keys are the category\'s criterion keys or weight groups such as fees (GET /v1/categories; a group weight is shared among its criteria in proportion to their weights), weights numbers 0 to 10', { type: 'string', maxLength: LIMITS.listMaxLength, examples: ['fees:8,security:10'] }),
            query('profile', 'A published weight profile of the category (methodology.yaml profiles), e.g. options for brokerages', { type: 'string', maxLength: LIMITS.nameMaxLength, examples: ['options'] }),
          ],
          responses: { '200': ok('ComparisonResponse', 'The comparison'), ...commonErrors, '400': badRequest },
        },
      },
      '/v1/verdicts/{slug}': {
        get: {
          operationId: 'getVerdict',
          tags: ['comparisons'],
          summary: 'Verdict of a comparison page',
          description: `\`<a>-vs-<b>\` with platform slugs, in either order; the body names the canonical slug (alphabetical). Any two platforms of one category have a verdict: pairs among the ${PUBLISHED_VERDICT_TOP_K} best of each category by score are precomputed (ETag, max-age=300), other pairs are computed on request with the same body (max-age=60, no ETag). Unknown or cross-category pairs are 404.`,
          parameters: [{ name: 'slug', in: 'path', required: true, description: '<platform_a>-vs-<platform_b>', schema: { type: 'string', pattern: '^[a-z0-9-]+-vs-[a-z0-9-]+$', maxLength: LIMITS.nameMaxLength * 2 } }],
          responses: { '200': ok('VerdictResponse', 'The verdict'), ...notModified, ...commonErrors, '400': badRequest },
        },
      },
      '/v1/savings-interest': {
        get: {
          operationId: 'estimateSavingsInterest',
          tags: ['calculators'],
          summary: 'Projected interest at every high-yield savings platform',
          parameters: [
            query('balance', `Balance in USD, above 0 and at most ${LIMITS.balanceMax}, at most 2 decimals`, { type: 'string', pattern: '^\\d+(\\.\\d{1,2})?$' }, true),
            query('months', `Whole months ${LIMITS.monthsMin} to ${LIMITS.monthsMax}; default ${LIMITS.monthsDefault}`, { type: 'string', pattern: '^\\d+$', default: String(LIMITS.monthsDefault) }),
          ],
          responses: { '200': ok('SavingsResponse', 'Interest by platform, highest first'), ...commonErrors, '400': badRequest },
        },
      },
      '/mcp': {
        post: {
          operationId: 'mcp',
          tags: ['mcp'],
          summary: 'MCP endpoint (JSON-RPC 2.0 over Streamable HTTP, stateless, JSON responses)',
          description: [
            'Model Context Protocol for AI agents; no authentication. Send `Content-Type: application/json`; a missing or partial `Accept` header is completed by the server, which always answers JSON.',
            'Methods: `initialize`, `ping`, `tools/list`, `tools/call` (works without a prior initialize). Tools: list_categories, search_platforms, get_platform, compare_platforms, get_verdict, check_platform_safety, estimate_savings_interest, estimate_fees; their schemas are in `tools/list` and /.well-known/mcp.json.',
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
          responses: { '200': { description: 'OpenAPI 3.1.0 document', content: { 'application/json': { schema: { type: 'object' } } } }, ...commonErrors },
        },
      },
      '/.well-known/mcp.json': {
        get: {
          operationId: 'getMcpManifest',
          tags: ['meta'],
          summary: 'MCP server metadata: endpoint, transport, protocol versions, tools, limits, attribution',
          responses: { '200': { description: 'MCP manifest', content: { 'application/json': { schema: { type: 'object' } } } }, ...commonErrors },
        },
      },
      '/.well-known/ai-plugin.json': {
        get: {
          operationId: 'getAiPluginManifest',
          tags: ['meta'],
          summary: 'Plugin manifest (schema_version v1)',
          responses: { '200': { description: 'Plugin manifest', content: { 'application/json': { schema: { type: 'object' } } } }, ...commonErrors },
        },
      },
      '/healthz': {
        get: {
          operationId: 'getLiveness',
          tags: ['meta'],
          summary: 'Liveness probe: the process answers',
          description: 'Never rate-limited, never cached; reads nothing from disk.',
          responses: { '200': { description: 'Alive', content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } }, example: { status: 'ok' } } } } },
        },
      },
      '/readyz': {
        get: {
          operationId: 'getReadiness',
          tags: ['meta'],
          summary: 'Readiness probe: the dist served and where rate limits are counted',
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
      '/': sitePage('getHomePage', 'Landing page: categories with counts and links to everything else'),
      '/platforms/{slug}': sitePage('getPlatformPage', 'Platform page: score, coverage, each criterion with rationale and source links, facts with as_of, incidents and regulatory record', [pathParam('slug', 'Platform slug')]),
      '/compare/{slug}': sitePage('getComparePage', 'Compare page: verdict, the arithmetic, a bar chart by criterion, the too-close explanation. Published verdicts are precomputed; any other comparison of 2 to 6 platforms of one category (`<a>-vs-<b>[-vs-<c>...]`, slugs, names or aliases) is rendered on request with default weights', [{ name: 'slug', in: 'path', required: true, description: '<platform_a>-vs-<platform_b>[-vs-...]', schema: { type: 'string', minLength: 1, maxLength: LIMITS.listMaxLength } }], { '400': badRequest }),
      '/categories/{id}': sitePage('getCategoryPage', 'Category page: the ranked table of its platforms', [{ name: 'id', in: 'path', required: true, description: 'Category id', schema: { type: 'string', enum: [...CATEGORY_IDS] } }]),
      '/methodology': sitePage('getMethodologyPage', 'The published methodology, generated from methodology.yaml'),
      '/docs': sitePage('getApiReferencePage', 'This API reference, rendered by Swagger UI served from the site'),
      '/open-data': sitePage('getOpenDataPage', 'Every downloadable file with what it holds, records, size, SHA-256, schema and as_of range; licence and how to cite'),
      '/problems/{name}': sitePage('getProblemTypePage', 'What an error type means and what to do: the page the `type` URL of a problem+json answer points at', [{ name: 'name', in: 'path', required: true, description: 'Problem type name', schema: { type: 'string', enum: Object.keys(PROBLEM_TYPES) } }]),
      '/open-data/{file}': {
        get: {
          operationId: 'getOpenDataFile',
          tags: ['site'],
          summary: 'An open-data file listed in /open-data/manifest.json (JSON, CSV, Atom, JSON Schemas under schemas/, SHA256SUMS)',
          parameters: [{ name: 'file', in: 'path', required: true, description: 'File name, e.g. platforms.json, exchanges.csv, changes.atom, SHA256SUMS', schema: { type: 'string', minLength: 1 } }],
          responses: {
            '200': {
              description: 'The file',
              content: {
                'application/json': { schema: { type: 'object' } },
                'text/csv': { schema: { type: 'string' } },
                'application/atom+xml': { schema: { type: 'string' } },
                'text/plain': { schema: { type: 'string' } },
              },
            },
            ...notModified,
            '401': commonErrors['401'],
            '404': commonErrors['404'],
            '405': commonErrors['405'],
            '429': commonErrors['429'],
          },
        },
      },
      '/v1/fees': {
        get: {
          operationId: 'estimateFees',
          tags: ['calculators'],
          summary: 'Estimated annual fees at brokerages or exchanges',
          parameters: [
            query('category', '`brokerage` or `exchange` (also `brokerages`, `exchanges`; any case)', { type: 'string', enum: ['brokerage', 'exchange', 'brokerages', 'exchanges'] }, true),
            ...LIMITS.feeParameters.map((p) =>
              query(p.name, `${p.description}; ${p.integer ? 'integer' : 'number, at most 2 decimals'} ${p.min} to ${p.max}; default ${p.default}`, { type: 'string', default: String(p.default) }),
            ),
          ],
          responses: { '200': ok('FeesResponse', 'Annual totals, cheapest first'), ...commonErrors, '400': badRequest },
        },
      },
    },
    components: {
      schemas: { ...componentSchemas(), ...JSON_RPC_SCHEMAS },
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
