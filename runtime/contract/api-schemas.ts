/**
 * Zod schemas of every public JSON body: REST responses, problem details and
 * the open-data files. They are the one source of truth for shapes: the build
 * derives the OpenAPI components and the open-data JSON Schemas from them, and
 * the TypeScript types below are inferred from them.
 * Spec: ../shared/spec/interface.md, "Resources and their fields".
 */
import { z } from 'zod';
import { CATEGORY_IDS } from './categories.js';

/** Registry of named schemas; each becomes `#/components/schemas/<id>` in openapi.json. */
export const apiRegistry = z.registry<{ id: string; description?: string }>();

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ format: 'date', description: 'Calendar date, YYYY-MM-DD' });
const url = z.string().meta({ format: 'uri' });
const pct = z.number().min(0).max(100);

export const CategoryIdSchema = z.enum(CATEGORY_IDS).register(apiRegistry, {
  id: 'CategoryId',
  description: 'Category id. Input also accepts underscores and any case (high_yield_savings); responses use this form.',
});

export const SourceSchema = z
  .object({ url, title: z.string(), publisher: z.string().optional(), published: date.optional() })
  .register(apiRegistry, { id: 'Source', description: 'A citation: the page a fact or score was read from.' });

/** Fields every 200 body carries (spec "Response envelope"). */
const envelope = {
  attribution: z.string().meta({ description: 'Credit line to show with the data' }),
  license: z.string().meta({ description: 'Licence of the data: free to cite and reuse with attribution (CC BY 4.0)' }),
  page: url.meta({ description: 'Human-readable page of the service for this response' }),
};
const methodology = url.meta({ description: 'URL of the published scoring methodology' });

export const CriterionDefinitionSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    default_weight: z.number().min(0).max(10),
    measures: z.string(),
  })
  .register(apiRegistry, { id: 'CriterionDefinition' });

export const CategorySchema = z
  .object({
    id: CategoryIdSchema,
    label: z.string(),
    description: z.string(),
    platform_count: z.number().int().min(0),
    criteria: z.array(CriterionDefinitionSchema),
    page: url,
  })
  .register(apiRegistry, { id: 'Category' });

export const CategoriesResponseSchema = z
  .object({ categories: z.array(CategorySchema), methodology, ...envelope })
  .register(apiRegistry, { id: 'CategoriesResponse', description: 'The five categories with platform counts and criteria.' });

export const CapSchema = z
  .object({
    cap: pct.meta({ description: 'Highest overall score allowed, percent' }),
    reason: z.string(),
    incident: z.object({ date, class: z.string(), title: z.string() }),
  })
  .register(apiRegistry, { id: 'Cap', description: 'Hack cap applied to the overall score (methodology.yaml `caps`).' });

export const IncidentSchema = z
  .object({
    date,
    class: z.enum(['funds_lost', 'data_breach', 'regulatory_action', 'outage', 'other']),
    title: z.string(),
    summary: z.string(),
    amount_usd: z.number().positive().optional(),
    customers_made_whole: z.boolean().optional(),
    sources: z.array(SourceSchema).min(1),
  })
  .register(apiRegistry, { id: 'Incident', description: 'A dated security incident or regulatory action.' });

export const LicenceSchema = z
  .object({
    regulator: z.string(),
    licence: z.string(),
    jurisdiction: z.string(),
    as_of: date,
    as_of_precision: z.enum(['day', 'month', 'year']).optional().meta({ description: 'How precise as_of is: day (default); month (as_of is the 1st); year (as_of is 1 January)' }),
    sources: z.array(SourceSchema).min(1),
  })
  .register(apiRegistry, { id: 'Licence' });

export const CriterionScoreSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    default_weight: z.number(),
    basis: z.enum(['derived', 'assessed', 'missing']).meta({
      description: 'derived: computed from facts by the methodology rule; assessed: an editor judgement against the rubric; missing: no sourced data (excluded from the mean, lowers coverage)',
    }),
    score: pct.nullable(),
    rationale: z.string().nullable(),
    as_of: date.nullable(),
    sources: z.array(SourceSchema),
  })
  .register(apiRegistry, { id: 'CriterionScore' });

export const PlatformRecordSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    aliases: z.array(z.string()),
    category: CategoryIdSchema,
    website: url,
    summary: z.string().nullable(),
    as_of: date,
    score_pct: pct.nullable().meta({ description: 'Overall score with default weights after any cap, percent; null without data' }),
    raw_score_pct: pct.nullable().meta({ description: 'Weighted mean before the cap, percent' }),
    coverage: pct.meta({ description: 'Percent of the default weight with sourced data' }),
    eligible: z.boolean().meta({ description: 'Coverage reaches the gate (75%), so the platform can be named winner' }),
    cap: CapSchema.nullable(),
    criteria: z.array(CriterionScoreSchema),
    facts: z.record(z.string(), z.unknown()).meta({ description: 'Category facts as published in the source file; each group has as_of and sources' }),
    incidents: z.array(IncidentSchema),
    licences: z.array(LicenceSchema),
    json: url.meta({ description: 'URL of this record in the API' }),
    methodology,
    ...envelope,
  })
  .register(apiRegistry, { id: 'PlatformRecord', description: 'Full sourced platform record.' });

export const PlatformSummarySchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    category: CategoryIdSchema,
    score_pct: pct.nullable(),
    coverage: pct,
    eligible: z.boolean(),
    apy: pct.optional().meta({ description: 'High-yield savings only: APY in percent at a 10,000 USD balance (tier-aware)' }),
    as_of: date,
    page: url,
  })
  .register(apiRegistry, { id: 'PlatformSummary' });

export const SearchResponseSchema = z
  .object({
    query: z.string().nullable(),
    category: CategoryIdSchema.nullable(),
    count: z.number().int().min(0),
    results: z.array(PlatformSummarySchema),
    methodology,
    ...envelope,
  })
  .register(apiRegistry, { id: 'SearchResponse', description: 'Platforms matching the query, by score descending then name.' });

export const ComparedCriterionSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    weight: z.number().min(0).max(10),
    score: pct.nullable(),
    contribution: z.number().nullable().meta({ description: 'weight x score / (sum of weights of criteria with data), points of the raw score' }),
  })
  .register(apiRegistry, { id: 'ComparedCriterion' });

export const ComparedProductSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    score_pct: pct.nullable(),
    raw_score_pct: pct.nullable(),
    coverage: pct,
    eligible: z.boolean(),
    ineligible_reason: z.string().nullable(),
    cap: CapSchema.nullable(),
    criteria: z.array(ComparedCriterionSchema),
    as_of: date,
    page: url,
  })
  .register(apiRegistry, { id: 'ComparedProduct' });

const comparisonFields = {
  category: CategoryIdSchema,
  weights: z.record(z.string(), z.number()).meta({ description: 'Weights applied, by criterion key' }),
  weights_source: z.enum(['default', 'custom']),
  winner: z.string().nullable().meta({ description: 'Name of the best eligible product; null when none reaches the coverage gate' }),
  winner_slug: z.string().nullable(),
  too_close: z.boolean(),
  margin_points: z.number().nullable().meta({ description: 'Score gap between the two best eligible products, points' }),
  too_close_margin_points: z.number().meta({ description: 'Gap under which the result is too close to call' }),
  explanation: z.string(),
  products: z.array(ComparedProductSchema),
  methodology,
  ...envelope,
};

export const ComparisonResponseSchema = z
  .object(comparisonFields)
  .register(apiRegistry, { id: 'ComparisonResponse', description: 'Comparison of 2 to 6 platforms of one category with the arithmetic.' });

export const VerdictResponseSchema = z
  .object({
    slug: z.string().meta({ description: 'Canonical verdict slug: the two platform slugs in alphabetical order joined by -vs-' }),
    title: z.string(),
    ...comparisonFields,
  })
  .register(apiRegistry, { id: 'VerdictResponse', description: 'Verdict for a comparison page: a comparison of two platforms of one category with default weights (precomputed for the published pairs, computed on request for the others).' });

export const SafetyResponseSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    category: CategoryIdSchema,
    security_score: pct.nullable().meta({ description: 'Score of the category `security` criterion; null without data' }),
    security_basis: z.enum(['derived', 'assessed', 'missing']),
    cap: CapSchema.nullable(),
    incident_count: z.number().int().min(0),
    regulatory_action_count: z.number().int().min(0),
    incidents: z.array(IncidentSchema).meta({ description: 'Hacks, breaches, outages and other incidents, oldest first' }),
    regulatory_record: z.array(IncidentSchema).meta({ description: 'Regulatory actions, oldest first' }),
    licences: z.array(LicenceSchema),
    as_of: date,
    methodology,
    ...envelope,
  })
  .register(apiRegistry, { id: 'SafetyResponse', description: 'Safety record: incidents, regulatory record, security score and cap.' });

export const SavingsResultSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    product: z.string(),
    apy: pct.meta({ description: 'APY used, percent: the tier the balance reaches' }),
    interest_usd: z.number(),
    ending_balance_usd: z.number(),
    minimum_opening_deposit_usd: z.number().nullable(),
    below_minimum_opening_deposit: z.boolean().nullable(),
    as_of: date,
    page: url,
  })
  .register(apiRegistry, { id: 'SavingsResult' });

export const ExcludedPlatformSchema = z
  .object({ name: z.string(), slug: z.string(), reason: z.string() })
  .register(apiRegistry, { id: 'ExcludedPlatform', description: 'A platform left out of a calculation, and why (usually a fact without a source).' });

export const SavingsResponseSchema = z
  .object({
    balance_usd: z.number(),
    months: z.number().int(),
    compounding: z.string().meta({ description: 'The compounding assumption used' }),
    results: z.array(SavingsResultSchema),
    excluded: z.array(ExcludedPlatformSchema),
    methodology,
    ...envelope,
  })
  .register(apiRegistry, { id: 'SavingsResponse', description: 'Projected interest at every high-yield savings platform, by interest descending.' });

export const FeeLineItemSchema = z
  .object({
    item: z.enum(['trading', 'options_contracts', 'transfers_out', 'account_fees']),
    usd: z.number(),
    detail: z.string(),
  })
  .register(apiRegistry, { id: 'FeeLineItem' });

export const FeeResultSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    annual_total_usd: z.number(),
    line_items: z.array(FeeLineItemSchema),
    assumptions: z.array(z.string()),
    as_of: date,
    page: url,
  })
  .register(apiRegistry, { id: 'FeeResult' });

export const FeesResponseSchema = z
  .object({
    category: z.enum(['brokerage', 'exchange']),
    inputs: z.object({
      trades_per_month: z.number(),
      avg_trade_size: z.number(),
      options_contracts_per_month: z.number(),
      transfers_per_year: z.number(),
    }),
    results: z.array(FeeResultSchema),
    excluded: z.array(ExcludedPlatformSchema),
    methodology,
    ...envelope,
  })
  .register(apiRegistry, { id: 'FeesResponse', description: 'Estimated annual fees, cheapest first.' });

export const ProblemSchema = z
  .object({
    type: url,
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z
      .array(z.object({ parameter: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'For bad parameters: each parameter and what is allowed' }),
    suggestions: z.array(z.string()).optional().meta({ description: 'For unknown platform names: up to three closest names' }),
  })
  .register(apiRegistry, { id: 'Problem', description: 'RFC 9457 problem details (application/problem+json).' });

export type CategoriesResponse = z.infer<typeof CategoriesResponseSchema>;
export type Category = z.infer<typeof CategorySchema>;
export type Cap = z.infer<typeof CapSchema>;
export type CriterionScore = z.infer<typeof CriterionScoreSchema>;
export type PlatformRecord = z.infer<typeof PlatformRecordSchema>;
export type PlatformSummary = z.infer<typeof PlatformSummarySchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type ComparedProduct = z.infer<typeof ComparedProductSchema>;
export type ComparisonResponse = z.infer<typeof ComparisonResponseSchema>;
export type VerdictResponse = z.infer<typeof VerdictResponseSchema>;
export type SafetyResponse = z.infer<typeof SafetyResponseSchema>;
export type SavingsResponse = z.infer<typeof SavingsResponseSchema>;
export type FeesResponse = z.infer<typeof FeesResponseSchema>;
export type FeeResult = z.infer<typeof FeeResultSchema>;
export type Problem = z.infer<typeof ProblemSchema>;
export type ExcludedPlatform = z.infer<typeof ExcludedPlatformSchema>;
