/**
 * openapi.json: OpenAPI 3.1.0 description of every REST operation, its
 * parameters, responses and problem bodies. Components come from the zod
 * contract; parameter rules come from runtime/http/parameter-rules.ts, the same
 * constants the runtime enforces.
 */
import type { Site } from '../../runtime/contract/model.js';
import { CATEGORY_IDS } from '../../runtime/contract/categories.js';
import { LIMITS } from '../../runtime/http/parameter-rules.js';
import { componentSchemas } from './component-schemas.js';

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
  '404': problem('Unknown path or resource (problem+json; for platform names with up to three suggestions)'),
  '405': problem('Method not allowed; the Allow header lists GET, HEAD'),
};
const badRequest = problem('Invalid parameter: `errors` lists each parameter and what is allowed');

function query(name: string, description: string, schema: Json, required = false): Json {
  return { name, in: 'query', required, description, schema };
}
function pathParam(name: string, description: string): Json {
  return { name, in: 'path', required: true, description, schema: { type: 'string', minLength: 1, maxLength: LIMITS.nameMaxLength } };
}

/** Builds the OpenAPI document for the site. */
export function openApiDocument(site: Site): Json {
  const categoryEnum = [...CATEGORY_IDS];
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${site.name} API`,
      version: site.api_version,
      summary: 'Sourced, scored comparisons of crypto exchanges, wallets, US high-yield savings accounts and US brokerages.',
      description: [
        'Read-only API. Every 200 body carries `attribution`, `license` and `page`; credit the service with the attribution text and the page URL.',
        'Data is informational, not investment advice. Scores follow the published methodology: ' + site.methodology_url + '.',
        'Errors are RFC 9457 problem details (`application/problem+json`) with `type`, `title`, `status`, `detail` and, for bad parameters, `errors: [{parameter, message}]`.',
        'Query parameters: each may be given once; unknown parameters are rejected with 400 so typos are not silently ignored.',
        'Category ids are accepted in any case with hyphens or underscores (`high_yield_savings`); responses use the hyphen form.',
        'Platform names match case-insensitively on slug, name or alias; an unknown name is a 404 with up to three suggestions.',
      ].join('\n\n'),
      license: { name: 'Data: CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    },
    servers: [{ url: site.base_url }],
    tags: [
      { name: 'platforms', description: 'Categories, search, records and safety records' },
      { name: 'comparisons', description: 'Comparisons and published verdicts' },
      { name: 'calculators', description: 'Savings interest and fee estimates' },
    ],
    paths: {
      '/v1/categories': {
        get: {
          operationId: 'listCategories',
          tags: ['platforms'],
          summary: 'Categories with platform counts and criteria',
          responses: { '200': ok('CategoriesResponse', 'The five categories'), ...commonErrors },
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
          ],
          responses: { '200': ok('SearchResponse', 'Matching platforms'), '400': badRequest, ...commonErrors },
        },
      },
      '/v1/platforms/{name}': {
        get: {
          operationId: 'getPlatform',
          tags: ['platforms'],
          summary: 'Full sourced platform record',
          parameters: [pathParam('name', 'Slug, name or alias, any case')],
          responses: { '200': ok('PlatformRecord', 'The record'), '400': badRequest, ...commonErrors },
        },
      },
      '/v1/safety/{name}': {
        get: {
          operationId: 'getSafetyRecord',
          tags: ['platforms'],
          summary: 'Safety record: incidents, regulatory record, security score, cap',
          parameters: [pathParam('name', 'Slug, name or alias, any case')],
          responses: { '200': ok('SafetyResponse', 'The safety record'), '400': badRequest, ...commonErrors },
        },
      },
      '/v1/compare': {
        get: {
          operationId: 'comparePlatforms',
          tags: ['comparisons'],
          summary: 'Compare 2 to 6 platforms of one category',
          description: `Applies the ${''}coverage gate, the hack cap and the too-close rule of the methodology and shows the arithmetic. Weights not given keep their default; all applied weights may not be zero.`,
          parameters: [
            query('platforms', `${LIMITS.compareMin} to ${LIMITS.compareMax} distinct platform names (slug, name or alias) of one category, comma-separated`, { type: 'string', minLength: 1, maxLength: LIMITS.listMaxLength }, true),
            query('weights', 'Comma-separated key:weight pairs; keys are the category\'s criterion keys (GET /v1/categories), weights numbers 0 to 10', { type: 'string', maxLength: LIMITS.listMaxLength, examples: ['fees:8,security:10'] }),
          ],
          responses: { '200': ok('ComparisonResponse', 'The comparison'), '400': badRequest, ...commonErrors },
        },
      },
      '/v1/verdicts/{slug}': {
        get: {
          operationId: 'getVerdict',
          tags: ['comparisons'],
          summary: 'Published verdict of a comparison page',
          description: '`<a>-vs-<b>` with platform slugs, in either order; the body names the canonical slug (alphabetical). Unknown or cross-category pairs are 404.',
          parameters: [{ name: 'slug', in: 'path', required: true, description: '<platform_a>-vs-<platform_b>', schema: { type: 'string', pattern: '^[a-z0-9-]+-vs-[a-z0-9-]+$', maxLength: LIMITS.nameMaxLength * 2 } }],
          responses: { '200': ok('VerdictResponse', 'The verdict'), '400': badRequest, ...commonErrors },
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
          responses: { '200': ok('SavingsResponse', 'Interest by platform, highest first'), '400': badRequest, ...commonErrors },
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
          responses: { '200': ok('FeesResponse', 'Annual totals, cheapest first'), '400': badRequest, ...commonErrors },
        },
      },
    },
    components: {
      schemas: componentSchemas(),
    },
  };
}
