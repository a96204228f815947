/**
 * The operation catalogue: every API operation defined once, with its path, parameters,
 * result schema, description, examples and MCP tool (every operation counts against the rate
 * limits). The server registers its routes and MCP tools from this list, the build emits the
 * OpenAPI operations, the MCP manifest and server card from it: a new operation is one new
 * entry here. (Over 250 lines on purpose: the list is the point, read as one page.)
 */
import { z } from 'zod';
import type { Dataset } from '../dataset.js';
import {
  apiRegistry,
  CategoriesResponseSchema,
  CategoryIdSchema,
  ENVELOPE_FIELDS,
  METHODOLOGY_URL_FIELD,
  PlatformRecordSchema,
  SearchResponseSchema,
} from '../contract/api-schemas.js';
import { ComparisonResponseSchema, SafetyResponseSchema, VerdictResponseSchema } from '../contract/comparison-schemas.js';
import { FeesResponseSchema, SavingsResponseSchema } from '../contract/calculator-schemas.js';
import { CACHE_CONTROL } from '../contract/cache-control.js';
import { CATEGORY_IDS } from '../contract/categories.js';
import { CompareRulesSchema, ModelCriterionSchema, ModelProfileSchema } from '../contract/model.js';
import { LIMITS, NUMBER_PARAMETERS, PATH_PARAMETERS, SINCE_PARAMETER, SUMMARY_PARAMETER, TEXT_PARAMETERS } from '../contract/parameter-rules.js';
import { PUBLISHED_VERDICT_TOP_K } from '../contract/published-verdicts.js';
import { comparePlatforms } from './compare.js';
import { feeEstimates } from './fees.js';
import {
  categoryInput,
  COMPARE_INPUT_SPECS,
  dateInput,
  FEE_INPUT_SPECS,
  flagInput,
  KIND_INPUT,
  numberInput,
  operationInputs,
  pathInput,
  textInput,
  type ParameterSpec,
} from './parameter-specs.js';
import { getVerdict, platformDocument, precomputedAt } from './records.js';
import { body, envelope, type OperationResult } from './result.js';
import { savingsInterest } from './savings.js';
import { search } from './search.js';
import { listChanges } from './history.js';
import { ChangesResponseSchema, PlatformHistoryResponseSchema } from '../contract/history-schemas.js';
import {
  categoriesSummary,
  changesSummary,
  comparisonSummary,
  feesSummary,
  historySummary,
  methodologySummary,
  platformSummary,
  safetySummary,
  savingsSummary,
  searchSummary,
} from './tool-summaries.js';

/** Parameter values of a REST request as text (undefined: not given), by parameter name. */
export type OperationInput = Record<string, string | undefined>;

/** An operation exposed as an MCP tool: its name, title and description for agents, and its input. */
interface ToolSpec {
  name: string;
  title: string;
  description: string;
  /** Tool arguments (zod shape): JSON types where REST has text (numbers, arrays, objects). */
  inputSchema: z.ZodRawShape;
  /**
   * The text of a result (docs/mcp.md "Answers sized for agents"): a few lines to quote, made from the REST body
   * (typed by the operation's result schema; `any` here because each operation has its own).
   */
  summarise: (body: any) => string;
  /** Runs the operation for tool arguments; default: each argument as text under the parameter of the same name. */
  call?: (dataset: Dataset, args: Record<string, any>, path: string) => OperationResult;
}

/** The groups operations are listed under (OpenAPI tags), with what each holds. */
export const OPERATION_TAGS = {
  platforms: 'Categories, search, records and safety records',
  comparisons: 'Comparisons and published verdicts',
  calculators: 'Savings interest and fee estimates',
  methodology: 'The scoring methodology as data',
  history: 'What changed in the data, and when (from the version history of the sources)',
} as const;

/** One read-only operation of the API; every operation is counted against the API rate limit (contract/plans.ts), REST and MCP together. */
export interface ApiOperation {
  /** OpenAPI operationId. */
  operationId: string;
  /**
   * Path template (OpenAPI), e.g. /v1/platforms/{name}, under API_PREFIX, with at most one `{...}` parameter as a
   * whole segment; written here only: the server routes and counts by it, pages, the build and the precomputed
   * table take it from API_PATHS below.
   */
  path: string;
  tag: keyof typeof OPERATION_TAGS;
  summary: string;
  description: string;
  parameters: readonly ParameterSpec[];
  result: {
    /** The zod schema of the 200 body, registered in the contract's apiRegistry (its id names the OpenAPI component). */
    schema: z.ZodObject;
    description: string;
    /** True when the build writes the body (ETag, 304): a precomputed answer. */
    precomputed: boolean;
  };
  tool: ToolSpec;
  /**
   * Runs it over a loaded dataset: a body, precomputed bytes, or a problem (bad parameter, unknown name).
   * `path` is the operation's own `path`, from which it makes its links and finds its precomputed bytes (Dataset.api).
   */
  run: (dataset: Dataset, input: OperationInput, path: string) => OperationResult;
}

const categoryList = CATEGORY_IDS.join(', ');
/** Tool arguments as the REST parameters' text. */
const asText = (args: Record<string, unknown>): OperationInput =>
  Object.fromEntries(Object.entries(args).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));

/** GET /v1/methodology: the rules compare applies, as data (the runtime model's copy of methodology.yaml). */
const MethodologySummarySchema = z
  .object({
    coverage_gate_pct: CompareRulesSchema.shape.coverage_gate_pct.meta({
      description: 'Least coverage (percent of applied criterion weight with sourced data) a platform needs to be named winner',
    }),
    too_close: CompareRulesSchema.shape.too_close.meta({
      description:
        "Score margins (points) under which a comparison is too close to call; the wide margin applies when a platform's coverage is below the given percent",
    }),
    categories: z.array(z.object({ id: CategoryIdSchema, criteria: z.array(ModelCriterionSchema), profiles: z.array(ModelProfileSchema) })),
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, {
    id: 'MethodologySummary',
    description: "The coverage gate, the too-close margins, and each category's criteria with default weights and profiles.",
  });

/** GET /v1/platforms and search_platforms. */
const SEARCH_INPUTS = operationInputs([textInput(TEXT_PARAMETERS.searchQuery), categoryInput('hardware-wallets'), numberInput(NUMBER_PARAMETERS.searchLimit)]);

/** GET /v1/changes and list_changes. */
const CHANGES_INPUTS = operationInputs([
  dateInput(SINCE_PARAMETER),
  categoryInput('high-yield-savings'),
  textInput(TEXT_PARAMETERS.changesPlatform),
  numberInput(NUMBER_PARAMETERS.changesLimit),
  numberInput(NUMBER_PARAMETERS.changesOffset),
  KIND_INPUT,
  flagInput(SUMMARY_PARAMETER),
]);

/** GET /v1/savings-interest and estimate_savings_interest. */
const SAVINGS_INPUTS = operationInputs([numberInput(NUMBER_PARAMETERS.balance, true), numberInput(NUMBER_PARAMETERS.months)]);

/** GET /v1/fees and estimate_fees. */
const FEES_INPUTS = operationInputs(FEE_INPUT_SPECS);

/** GET /v1/compare and compare_platforms. */
const COMPARE_INPUTS = operationInputs(COMPARE_INPUT_SPECS);

/** GET /v1/platforms/{name} and get_platform, and the platform's history. */
const PLATFORM_INPUTS = operationInputs([pathInput(PATH_PARAMETERS.platform, 'kraken')]);

/** GET /v1/safety/{name}; its tool names the argument `platform`. */
const SAFETY_INPUT = pathInput(PATH_PARAMETERS.platform, 'coinbase');

/** GET /v1/verdicts/{slug} and get_verdict. */
const VERDICT_INPUTS = operationInputs([pathInput(PATH_PARAMETERS.verdictSlug, 'coinbase-vs-kraken')]);

const OPERATION_LIST = [
  {
    operationId: 'listCategories',
    path: '/v1/categories',
    tag: 'platforms',
    summary: 'Categories with platform counts and criteria',
    description: `The five categories with their platform counts and scoring criteria (key, label, default weight ${LIMITS.weightMin}-${LIMITS.weightMax}, weight group): the keys \`weights\` of GET /v1/compare accepts. Precomputed by the build.`,
    parameters: [],
    result: { schema: CategoriesResponseSchema, description: 'The five categories', precomputed: true },
    tool: {
      name: 'list_categories',
      summarise: categoriesSummary,
      title: 'List categories',
      description: `The five categories (${categoryList}) with platform counts and criteria (key, label, default weight ${LIMITS.weightMin}-${LIMITS.weightMax}): the weight keys compare_platforms takes. Call first.`,
      inputSchema: {},
    },
    run: (d, _, path) => precomputedAt(d, path),
  },
  {
    operationId: 'searchPlatforms',
    path: '/v1/platforms',
    tag: 'platforms',
    summary: 'Search platforms',
    description:
      '`query` is a case-insensitive fragment of name, alias or slug; both parameters are optional and no parameter lists every platform. Platforms that can be named winner first, by score descending, then those under the coverage gate (rank null, with the reason in rank_note); each score with its range (score_low_pct to score_high_pct).',
    parameters: SEARCH_INPUTS.parameters,
    result: { schema: SearchResponseSchema, description: 'Matching platforms', precomputed: false },
    tool: {
      name: 'search_platforms',
      summarise: searchSummary,
      title: 'Search platforms',
      description:
        'Finds platforms by a fragment of name, alias or slug (any case), optionally in one category. Rows: score_pct with its range (score_low_pct-score_high_pct: what missing or old data leaves possible), rank (null under the coverage gate, with rank_note), coverage, APY for savings with its as_of, page; ranked platforms first. No match: nearest names in `suggestions`.',
      inputSchema: SEARCH_INPUTS.inputSchema,
    },
    run: (d, q) => search(d, q),
  },
  {
    operationId: 'getPlatform',
    path: '/v1/platforms/{name}',
    tag: 'platforms',
    summary: 'Full sourced platform record',
    description:
      'Every fact (fees, APY tiers, custody, ...) with its as_of, stale flag, evidence tier and sources; each criterion score with its basis (derived from facts, assessed, missing or not applicable), rationale and sources; the overall score, coverage, hack cap, incidents and licences. An unknown name is a 404 with up to three suggestions. Precomputed by the build.',
    parameters: PLATFORM_INPUTS.parameters,
    result: { schema: PlatformRecordSchema, description: 'The record', precomputed: true },
    tool: {
      name: 'get_platform',
      summarise: platformSummary,
      title: 'Get a platform record',
      description:
        "One platform's full sourced record: facts with as_of and source URLs, criterion scores with basis and rationale, overall score, coverage, hack cap, incidents, licences. Unknown names: error with suggestions.",
      inputSchema: PLATFORM_INPUTS.inputSchema,
    },
    run: (d, q, path) => platformDocument(d, path, q.name ?? ''),
  },
  {
    operationId: 'getPlatformHistory',
    path: '/v1/platforms/{name}/history',
    tag: 'history',
    summary: "A platform's timelines: each fact, incidents, the score",
    description:
      "Every fact's timeline (value, as_of, sources, commit date), each change told apart as a change in the world (a new value with a newer as_of) or a correction of our data (the same or an older as_of); incidents recorded, corrected or removed; the overall score after each change to its category, per methodology version. Derived from the git history of the sources by the build (docs/history.md); `history.available` is false when the build had none. Precomputed by the build.",
    parameters: PLATFORM_INPUTS.parameters,
    result: { schema: PlatformHistoryResponseSchema, description: 'The timelines', precomputed: true },
    tool: {
      name: 'get_platform_history',
      summarise: historySummary,
      title: 'Get a platform history',
      description:
        'How one platform\'s data changed: each fact\'s timeline (fact_changed = in the world, fact_corrected = our fix), incidents, and the score after each change. For "when did this APY or fee change".',
      inputSchema: PLATFORM_INPUTS.inputSchema,
    },
    run: (d, q, path) => platformDocument(d, path, q.name ?? ''),
  },
  {
    operationId: 'listChanges',
    path: '/v1/changes',
    tag: 'history',
    summary: 'Changes to the data since a date',
    description: `Changes committed to the sources on or after \`since\` (UTC date), newest first: facts changed (in the world) or corrected (our data), reconfirmed or re-sourced, platforms added or removed, incidents, score changes and methodology versions, each with old and new values, as_of dates and sources. Optional \`category\` and \`platform\` filters; \`limit\` (1 to ${LIMITS.changesLimitMax}, default ${LIMITS.changesLimitDefault}) and \`offset\` (0 to ${LIMITS.changesOffsetMax}) page through them, \`next\` links the next page; a page holds at most ${LIMITS.changesPageMaxBytes} bytes of changes, so it may end before \`limit\`: follow \`next\`. The facts of a platform added or removed in the same commit are left out (see its history).`,
    parameters: CHANGES_INPUTS.parameters,
    result: { schema: ChangesResponseSchema, description: 'The changes, newest first', precomputed: false },
    tool: {
      name: 'list_changes',
      summarise: changesSummary,
      title: 'List changes since a date',
      description: `What changed on or after a date (YYYY-MM-DD), newest first, filtered by category, platform and kind; summary=true adds counts per kind and platform and the largest moves. limit 1-${LIMITS.changesLimitMax} (default ${LIMITS.changesLimitDefault}), offset 0-${LIMITS.changesOffsetMax} for paging; a page holds at most ${LIMITS.changesPageMaxBytes} bytes of changes (follow next).`,
      inputSchema: CHANGES_INPUTS.inputSchema,
    },
    run: (d, q, path) => listChanges(d, q, path),
  },
  {
    operationId: 'comparePlatforms',
    path: '/v1/compare',
    tag: 'comparisons',
    summary: `Compare ${LIMITS.compareMin} to ${LIMITS.compareMax} platforms of one category`,
    description: `Applies the coverage gate (under the applied weights), the hack cap and the too-close rule of the methodology and shows the arithmetic, with each criterion's as_of, stale flag and evidence tier, and whether the pick depends on stale or weak evidence. Weights not given keep their default (or the profile's); all applied weights may not be zero.`,
    parameters: COMPARE_INPUTS.parameters,
    result: { schema: ComparisonResponseSchema, description: 'The comparison', precomputed: false },
    tool: {
      name: 'compare_platforms',
      summarise: comparisonSummary,
      title: 'Compare platforms',
      description: `Compares ${LIMITS.compareMin}-${LIMITS.compareMax} platforms of one category with the arithmetic: per-criterion score, weight, as_of, stale flag, evidence tier; coverage gate, hack cap, winner, too-close rule and caveats. Optional weights ${LIMITS.weightMin}-${LIMITS.weightMax} per criterion key or group (list_categories) and profile.`,
      inputSchema: COMPARE_INPUTS.inputSchema,
      call: (d, a) => comparePlatforms(d, a),
    },
    run: (d, q) => comparePlatforms(d, q),
  },
  {
    operationId: 'getVerdict',
    path: '/v1/verdicts/{slug}',
    tag: 'comparisons',
    summary: 'Verdict of a comparison page',
    description: `\`<a>-vs-<b>\` with platform slugs, in either order; the body names the canonical slug (alphabetical). Any two platforms of one category have a verdict: pairs among the ${PUBLISHED_VERDICT_TOP_K} best of each category by score are precomputed (ETag, \`${CACHE_CONTROL.precomputed}\`), other pairs are computed on request with the same body (\`${CACHE_CONTROL.computed}\`, no ETag). Unknown or cross-category pairs are 404.`,
    parameters: VERDICT_INPUTS.parameters,
    result: { schema: VerdictResponseSchema, description: 'The verdict', precomputed: true },
    tool: {
      name: 'get_verdict',
      summarise: comparisonSummary,
      title: 'Get a verdict',
      description: 'The verdict of any two platforms of one category with default weights; slug "<a>-vs-<b>" in either order, e.g. "coinbase-vs-kraken".',
      inputSchema: VERDICT_INPUTS.inputSchema,
    },
    run: (d, q, path) => getVerdict(d, path, q.slug ?? ''),
  },
  {
    operationId: 'getSafetyRecord',
    path: '/v1/safety/{name}',
    tag: 'platforms',
    summary: 'Safety record: incidents, regulatory record, security score, cap',
    description:
      'Incidents (hacks, outages, regulatory actions, with amounts and sources), the security and regulation criteria, and the hack cap that limits the overall score after an unresolved loss of customer funds. Precomputed by the build.',
    parameters: [SAFETY_INPUT.parameter],
    result: { schema: SafetyResponseSchema, description: 'The safety record', precomputed: true },
    tool: {
      name: 'check_platform_safety',
      summarise: safetySummary,
      title: 'Check platform safety',
      description:
        "One platform's safety record: hacks, breaches, outages and regulatory actions with dates, amounts and sources, licences, security score and any hack cap.",
      inputSchema: { platform: SAFETY_INPUT.argument },
      call: (d, a, path) => platformDocument(d, path, String(a.platform)),
    },
    run: (d, q, path) => platformDocument(d, path, q.name ?? ''),
  },
  {
    operationId: 'estimateSavingsInterest',
    path: '/v1/savings-interest',
    tag: 'calculators',
    summary: 'Projected interest at every high-yield savings platform',
    description:
      'Interest on `balance` USD over `months` at the APY each account pays that balance, held constant (ending balance = balance x (1 + APY/100)^(months/12), decimal arithmetic, rounded to the cent), each with the APY used, its as_of and stale flag. Fresh APYs rank first by interest, then stale ones; accounts the balance cannot open or earn the APY at come last, unranked, with the reason. A projection at published rates, which change.',
    parameters: SAVINGS_INPUTS.parameters,
    result: { schema: SavingsResponseSchema, description: 'Interest by platform, highest first', precomputed: false },
    tool: {
      name: 'estimate_savings_interest',
      summarise: savingsSummary,
      title: 'Estimate savings interest',
      description: `Interest a USD balance (above 0, at most ${NUMBER_PARAMETERS.balance.max}) earns at every high-yield savings account over ${NUMBER_PARAMETERS.months.min}-${NUMBER_PARAMETERS.months.max} months (default ${NUMBER_PARAMETERS.months.default}), at the APY tier it reaches, held constant; fresh APYs first, stale ones after, newest first; no_current_pick when no APY is fresh. Rows carry the APY's as_of and sources.`,
      inputSchema: SAVINGS_INPUTS.inputSchema,
    },
    run: (d, q) => savingsInterest(d, q),
  },
  {
    operationId: 'estimateFees',
    path: '/v1/fees',
    tag: 'calculators',
    summary: 'Estimated annual fees at brokerages or exchanges',
    description:
      "Annual cost of the described activity at each platform of the category, itemised per fee line (trading, options contracts, transfers), each line with its as_of and stale flag. Platforms with every line priced (and coverage at the gate) are ranked cheapest first; the others follow unranked, with their unknown lines named, no annual total (null) but the known subtotal, and the total with each unknown line at the category's typical value.",
    parameters: FEES_INPUTS.parameters,
    result: { schema: FeesResponseSchema, description: 'Annual totals, cheapest first', precomputed: false },
    tool: {
      name: 'estimate_fees',
      summarise: feesSummary,
      title: 'Estimate annual fees',
      description: `Annual fees in USD at every brokerage or exchange for a trading profile, itemised with as_of and sources; cheapest first among platforms that can be named winner. An unknown line makes annual_total_usd null (known_subtotal_usd holds the priced lines). Defaults: ${LIMITS.feeParameters.map((p) => `${p.name} ${p.default}`).join(', ')}.`,
      inputSchema: FEES_INPUTS.inputSchema,
    },
    run: (d, q) => feeEstimates(d, q),
  },
  {
    operationId: 'getMethodology',
    path: '/v1/methodology',
    tag: 'methodology',
    summary: 'The scoring rules as data',
    description:
      'The methodology version, the coverage gate, the too-close margins, and per category the criteria with their default weights and weight groups and the published weight profiles: what GET /v1/compare applies. The full text, with freshness windows, evidence tiers and caps, is the methodology page.',
    parameters: [],
    result: { schema: MethodologySummarySchema, description: 'The methodology summary', precomputed: false },
    tool: {
      name: 'get_methodology',
      summarise: methodologySummary,
      title: 'Get the methodology',
      description:
        'The scoring rules as data: methodology version, coverage gate, too-close margins, and per category the criteria and weight profiles. Explains eligibility and too-close results.',
      inputSchema: {},
    },
    run: (d) => {
      const { site, rules, categories } = d.model;
      return body({ coverage_gate_pct: rules.coverage_gate_pct, too_close: rules.too_close, categories, ...envelope(site, site.methodology_url) });
    },
  },
] as const satisfies readonly ApiOperation[];

/** Every operation, in the order the OpenAPI document, the MCP tool list and the docs show them. */
export const OPERATIONS: readonly ApiOperation[] = OPERATION_LIST;

/** The operationId of an operation of the catalogue. */
export type OperationId = (typeof OPERATION_LIST)[number]['operationId'];

/**
 * Each operation's path template by operationId (e.g. API_PATHS.getPlatform is '/v1/platforms/{name}'), read
 * from the list above: the one place pages, the build, the precomputed table, the MCP resources and the webhooks
 * take API paths from (with contract/urls.ts apiPath for a templated one).
 */
export const API_PATHS = Object.fromEntries(OPERATIONS.map((o) => [o.operationId, o.path])) as {
  readonly [O in (typeof OPERATION_LIST)[number] as O['operationId']]: O['path'];
};

/** The operation behind a tool call: the tool's own mapping, or its arguments as text. */
export function runTool(operation: ApiOperation, dataset: Dataset, args: Record<string, unknown>): OperationResult {
  return operation.tool.call ? operation.tool.call(dataset, args, operation.path) : operation.run(dataset, asText(args), operation.path);
}
