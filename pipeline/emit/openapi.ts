/**
 * openapi.json: OpenAPI 3.1.0 description of every REST operation, its
 * parameters, responses and problem bodies. Components come from the zod
 * contract; parameter rules come from runtime/domain/contract/parameter-rules.ts, the same
 * constants the runtime enforces.
 */
import type { Site } from '../../runtime/domain/contract/model.js';
import { FAILED_KEY_ATTEMPTS, FREE_REQUESTS_PER_MINUTE, PAID_PLANS } from '../../runtime/domain/contract/plans.js';
import { isLocalHost } from '../../runtime/domain/contract/urls.js';
import { componentSchemas } from './component-schemas.js';
import { apiRegistry } from '../../runtime/domain/contract/api-schemas.js';
import { OPERATIONS, OPERATION_TAGS, type ApiOperation } from '../../runtime/domain/operations/catalogue.js';
import { badRequest, commonErrors, HEADERS, notModified, ok, type Json } from './openapi-responses.js';
import { sitePaths } from './openapi-site-paths.js';
import { JSON_RPC_SCHEMAS, serviceOperations } from './openapi-service-paths.js';

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
        responses: {
          '200': ok(componentId(operation), result.description, result.precomputed),
          ...(result.precomputed ? notModified : {}),
          ...commonErrors,
          ...(operation.parameters.length ? { '400': badRequest } : {}),
        },
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
    servers: [
      isLocalHost(site.base_url)
        ? { url: '/', description: 'The host serving this document' }
        : { url: site.base_url, description: 'The service this document was built for' },
    ],
    // Every operation is open without a key (free plan); a paid plan's key is sent in X-API-Key.
    security: [{}, { ApiKey: [] }],
    tags: [
      ...Object.entries(OPERATION_TAGS)
        .filter(([name]) => OPERATIONS.some((o) => o.tag === name))
        .map(([name, description]) => ({ name, description })),
      { name: 'mcp', description: 'Model Context Protocol endpoint for AI agents' },
      { name: 'meta', description: 'Machine-readable descriptions of the service' },
      {
        name: 'site',
        description: 'Pages for people (HTML, generated by the build; compare pages of unpublished comparisons rendered on request) and the open-data files',
      },
    ],
    paths: {
      ...catalogueOperations(),
      ...serviceOperations(),
      ...sitePaths(),
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
