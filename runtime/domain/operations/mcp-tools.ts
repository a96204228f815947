/**
 * The MCP tools: the six of the interface spec ("MCP endpoint") plus the two
 * calculators. Each tool calls the same operation as its REST endpoint, so a
 * tool's structuredContent equals the REST body for the same request.
 */
import { z } from 'zod';
import type { Dataset } from '../dataset.js';
import {
  CategoriesResponseSchema,
  ComparisonResponseSchema,
  FeesResponseSchema,
  PlatformRecordSchema,
  SafetyResponseSchema,
  SavingsResponseSchema,
  SearchResponseSchema,
  VerdictResponseSchema,
} from '../contract/api-schemas.js';
import { CATEGORY_IDS } from '../contract/categories.js';
import { LIMITS } from '../contract/parameter-rules.js';
import { comparePlatforms } from './compare.js';
import { feeEstimates } from './fees.js';
import { getPlatform, getSafety, getVerdict, listCategories } from './records.js';
import type { OperationResult } from './result.js';
import { savingsInterest } from './savings.js';
import { search } from './search.js';

/** A number given as a JSON number or as a string; either way checked by the REST rule as text. */
const numberOrString = (description: string) => z.union([z.number(), z.string()]).describe(description);
const text = (n: number | string | undefined): string | undefined => (n === undefined ? undefined : String(n));

const platformName = z.string().describe('Platform slug, name or alias, any case (e.g. "kraken", "Ledger Nano X")');

/** One tool: its MCP metadata and the operation it runs. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodRawShape;
  outputSchema: z.ZodObject;
  run: (bundle: Dataset, args: Record<string, any>) => OperationResult;
}

const categoryList = CATEGORY_IDS.join(', ');

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'list_categories',
    title: 'List categories',
    description: `Lists the five categories (${categoryList}) with their platform counts and scoring criteria (key, label, default weight 0-10). Use it first to learn the category ids and the criterion keys that compare_platforms accepts as weights.`,
    inputSchema: {},
    outputSchema: CategoriesResponseSchema,
    run: (b) => listCategories(b),
  },
  {
    name: 'search_platforms',
    title: 'Search platforms',
    description: `Finds platforms by a case-insensitive fragment of name, alias or slug, optionally within one category (${categoryList}; underscores accepted). Returns summaries with score_pct (0-100), coverage (percent of criteria weight with sourced data), eligible, apy for savings, as_of and page URL, best score first. Both arguments are optional; none lists everything.`,
    inputSchema: {
      query: z.string().optional().describe(`Name fragment, 1-${LIMITS.nameMaxLength} characters`),
      category: z.string().optional().describe(`Category id: ${categoryList}`),
      limit: z.union([z.number().int(), z.string()]).optional().describe(`Most results to return, 1 to ${LIMITS.searchLimitMax}; absent: every match (total counts them all)`),
    },
    outputSchema: SearchResponseSchema,
    run: (b, a) => search(b, { query: a.query, category: a.category, limit: a.limit === undefined ? undefined : String(a.limit) }),
  },
  {
    name: 'get_platform',
    title: 'Get a platform record',
    description: 'Returns the full sourced record of one platform: facts (fees, APY tiers, custody, ...) each with as_of and source URLs, per-criterion scores with their basis (derived from facts or assessed), rationale and sources, overall score, coverage, hack cap, incidents and licences. Unknown names return an error with up to three suggestions.',
    inputSchema: { name: platformName },
    outputSchema: PlatformRecordSchema,
    run: (b, a) => getPlatform(b, a.name),
  },
  {
    name: 'compare_platforms',
    title: 'Compare platforms',
    description: `Compares ${LIMITS.compareMin} to ${LIMITS.compareMax} platforms of one category and shows the arithmetic: per criterion score, weight, contribution, as_of, stale flag and evidence tier, raw score, hack cap, coverage and eligibility under the applied weights (the methodology's coverage gate, see get_platform or the methodology page), the winner, whether the result is too close to call, and whether the pick depends on stale or weak evidence (caveats). Optional weights (0-10) per criterion key or weight group (fees) override the defaults (see list_categories for the keys); optional profile selects a published weight set (brokerages: options).`,
    inputSchema: {
      platforms: z.union([z.string(), z.array(z.string())]).describe('Platform names, 2 to 6 of one category: a list, a JSON array in a string, or a comma-separated string'),
      weights: z
        .union([z.string(), z.record(z.string(), z.number())])
        .optional()
        .describe('Criterion weights 0-10: "fees:8,security:10" or {"fees": 8, "security": 10}'),
      profile: z.string().optional().describe('A methodology profile of the category, e.g. "options" for brokerages (an options investor)'),
    },
    outputSchema: ComparisonResponseSchema,
    run: (b, a) => comparePlatforms(b, { platforms: a.platforms, weights: a.weights, profile: a.profile }),
  },
  {
    name: 'get_verdict',
    title: 'Get a verdict',
    description: 'Returns the verdict of a comparison page, a comparison of any two platforms of one category with default weights. The slug is "<platform_a>-vs-<platform_b>" in either order, e.g. "coinbase-vs-kraken".',
    inputSchema: { slug: z.string().describe('"<platform_a>-vs-<platform_b>", e.g. "coinbase-vs-kraken"') },
    outputSchema: VerdictResponseSchema,
    run: (b, a) => getVerdict(b, a.slug),
  },
  {
    name: 'check_platform_safety',
    title: 'Check platform safety',
    description: 'Returns the safety record of one platform: hacks, thefts, breaches and outages, the regulatory record (fines, settlements, orders), each dated with amount and sources, licences, the security score and any hack cap on its overall score.',
    inputSchema: { platform: platformName },
    outputSchema: SafetyResponseSchema,
    run: (b, a) => getSafety(b, a.platform),
  },
  {
    name: 'estimate_savings_interest',
    title: 'Estimate savings interest',
    description: `Projects the interest a USD balance earns at every high-yield savings account over 1 to 120 months (default 12), at the APY tier the balance reaches, rounded to cents; highest interest first. Balance above 0 and at most ${LIMITS.balanceMax}, at most 2 decimals. Assumes a constant APY and no deposits or withdrawals.`,
    inputSchema: {
      balance: numberOrString('Balance in USD, e.g. 10000 or "2500.50"'),
      months: numberOrString(`Whole months ${LIMITS.monthsMin}-${LIMITS.monthsMax}, default ${LIMITS.monthsDefault}`).optional(),
    },
    outputSchema: SavingsResponseSchema,
    run: (b, a) => savingsInterest(b, { balance: text(a.balance), months: text(a.months) }),
  },
  {
    name: 'estimate_fees',
    title: 'Estimate annual fees',
    description: `Estimates the annual fees in USD at every brokerage or exchange for a trading profile, with line items (trading or commissions, options contracts, transfers out, account fees) and the assumptions used; cheapest first. Defaults: ${LIMITS.feeParameters.map((p) => `${p.name} ${p.default}`).join(', ')}.`,
    inputSchema: {
      category: z.string().describe('"brokerage" or "exchange"'),
      ...Object.fromEntries(
        LIMITS.feeParameters.map((p) => [p.name, numberOrString(`${p.description}; ${p.min} to ${p.max}, default ${p.default}`).optional()]),
      ),
    },
    outputSchema: FeesResponseSchema,
    run: (b, a) =>
      feeEstimates(b, {
        category: a.category,
        ...Object.fromEntries(LIMITS.feeParameters.map((p) => [p.name, text(a[p.name])])),
      }),
  },
];
