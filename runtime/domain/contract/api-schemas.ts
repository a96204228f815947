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

/** Evidence tier of a citation (sources/source-tiers.yaml). */
export const EvidenceTierSchema = z.enum(['primary', 'reputable', 'weak']).register(apiRegistry, {
  id: 'EvidenceTier',
  description: "primary: the platform's own page or filing, a regulator or a court; reputable: established press, an auditor, a standards body; weak: anything else (aggregators, blogs). A fact or criterion shows its strongest source's tier.",
});
export type EvidenceTier = z.infer<typeof EvidenceTierSchema>;

const stale = z.boolean().meta({ description: 'True when as_of is older than the freshness window of its fact kind on evaluation_date (methodology.yaml `freshness`)' });

export const CategoryIdSchema = z.enum(CATEGORY_IDS).register(apiRegistry, {
  id: 'CategoryId',
  description: 'Category id. Input also accepts underscores and any case (high_yield_savings); responses use this form.',
});

const SourceSchema = z
  .object({ url, title: z.string(), publisher: z.string().optional(), published: date.optional() })
  .register(apiRegistry, { id: 'Source', description: 'A citation: the page a fact or score was read from.' });

/** Fields every 200 body carries (spec "Response envelope"); with `methodology` below, the envelope of a new response schema. */
export const ENVELOPE_FIELDS = {
  methodology_version: z.string().meta({ description: 'Version (semver) of the methodology the answer was computed with' }),
  evaluation_date: date.meta({ description: 'Date on which freshness (stale flags) and incident ages were evaluated: the build date of the data' }),
  attribution: z.string().meta({ description: 'Credit line to show with the data' }),
  license: z.string().meta({ description: 'Licence of the data: free to cite and reuse with attribution (CC BY 4.0)' }),
  page: url.meta({ description: 'Human-readable page of the service for this response' }),
};
export const METHODOLOGY_URL_FIELD = url.meta({ description: 'URL of the published scoring methodology' });

const CriterionDefinitionSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    default_weight: z.number().min(0).max(10),
    group: z.string().nullable().meta({ description: 'Weight group key (e.g. fees): compare accepts it as a weight key shared among its criteria' }),
    measures: z.string(),
  })
  .register(apiRegistry, { id: 'CriterionDefinition' });

const CategorySchema = z
  .object({
    id: CategoryIdSchema,
    label: z.string(),
    description: z.string(),
    platform_count: z.number().int().min(0),
    criteria: z.array(CriterionDefinitionSchema),
    profiles: z.array(z.object({ key: z.string(), label: z.string(), description: z.string(), weights: z.record(z.string(), z.number()) })).meta({ description: 'Published weight profiles compare accepts as `profile` (weights over the defaults)' }),
    page: url,
  })
  .register(apiRegistry, { id: 'Category' });

export const CategoriesResponseSchema = z
  .object({ categories: z.array(CategorySchema), methodology: METHODOLOGY_URL_FIELD, ...ENVELOPE_FIELDS })
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
    amount_usd: z.number().positive().optional().meta({ description: 'Funds lost, or for a regulatory action the penalty alone, USD at the time' }),
    restitution_usd: z.number().positive().optional().meta({ description: 'Regulatory actions: disgorgement, restitution, refunds and ordered compliance spending, USD; apart from the penalty' }),
    customers_made_whole: z.boolean().optional(),
    sources: z.array(SourceSchema).min(1),
  })
  .register(apiRegistry, { id: 'Incident', description: 'A dated security incident or regulatory action.' });

const LicenceSchema = z
  .object({
    regulator: z.string(),
    licence: z.string(),
    jurisdiction: z.string(),
    as_of: date,
    as_of_precision: z.enum(['day', 'month', 'year']).optional().meta({ description: 'How precise as_of is: day (default); month (as_of is the 1st); year (as_of is 1 January)' }),
    sources: z.array(SourceSchema).min(1),
  })
  .register(apiRegistry, { id: 'Licence' });

const CriterionScoreSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    default_weight: z.number(),
    group: z.string().nullable().meta({ description: 'Weight group key (e.g. fees) or null' }),
    basis: z.enum(['derived', 'assessed', 'missing', 'not_applicable']).meta({
      description: 'derived: computed from facts by the methodology rule; assessed: an editor judgement against the rubric; missing: no sourced data (excluded from the mean, lowers coverage); not_applicable: the fact does not apply to the platform (score null: left out of the mean and of coverage; a number: the methodology\'s fixed score)',
    }),
    score: pct.nullable(),
    rationale: z.string().nullable(),
    as_of: date.nullable(),
    stale,
    evidence_tier: EvidenceTierSchema.nullable(),
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
    eligible: z.boolean().meta({ description: 'Coverage reaches the coverage gate of the methodology (methodology.yaml coverage_gate_pct), so the platform can be named winner' }),
    cap: CapSchema.nullable(),
    criteria: z.array(CriterionScoreSchema),
    facts: z.record(z.string(), z.unknown()).meta({ description: 'Category facts as published in the source file, each group with as_of, sources, stale and evidence_tier; a group that does not apply has not_applicable (its reason) instead of values' }),
    incident_record_stale: stale.meta({ description: 'True when the record as a whole (its incidents) was last checked longer ago than the incident_record freshness window' }),
    incidents: z.array(IncidentSchema),
    licences: z.array(LicenceSchema),
    json: url.meta({ description: 'URL of this record in the API' }),
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, { id: 'PlatformRecord', description: 'Full sourced platform record.' });

const PlatformSummarySchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    category: CategoryIdSchema,
    score_pct: pct.nullable(),
    coverage: pct,
    eligible: z.boolean(),
    apy: pct.optional().meta({ description: 'High-yield savings only: APY in percent at a 10,000 USD balance (tier-aware)' }),
    apy_as_of: date.optional(),
    apy_stale: stale.optional(),
    as_of: date,
    page: url,
  })
  .register(apiRegistry, { id: 'PlatformSummary' });

export const SearchResponseSchema = z
  .object({
    query: z.string().nullable(),
    category: CategoryIdSchema.nullable(),
    count: z.number().int().min(0).meta({ description: 'Results in this answer' }),
    total: z.number().int().min(0).meta({ description: 'Platforms matching the query and category; more than count when `limit` cut the list' }),
    results: z.array(PlatformSummarySchema),
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, { id: 'SearchResponse', description: 'Platforms matching the query, by score descending then name.' });

const ComparedCriterionSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    weight: z.number().min(0).max(10),
    basis: z.enum(['derived', 'assessed', 'missing', 'not_applicable']),
    score: pct.nullable(),
    contribution: z.number().nullable().meta({ description: 'weight x score / (sum of weights of criteria with data), points of the raw score' }),
    as_of: date.nullable(),
    stale,
    evidence_tier: EvidenceTierSchema.nullable(),
  })
  .register(apiRegistry, { id: 'ComparedCriterion' });

const ComparedProductSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    score_pct: pct.nullable(),
    raw_score_pct: pct.nullable(),
    coverage: pct.meta({ description: 'Percent of the applied weight (of criteria that apply) with sourced data' }),
    eligible: z.boolean().meta({ description: 'Coverage under the applied weights reaches the gate' }),
    ineligible_reason: z.string().nullable(),
    missing_criteria: z.array(z.object({ key: z.string(), share_pct: pct })).meta({ description: 'Criteria without data that carry applied weight, with their share of the applied weight' }),
    stale_criteria: z.array(z.string()).meta({ description: 'Weighted criteria whose data is stale' }),
    weak_criteria: z.array(z.string()).meta({ description: 'Weighted criteria backed only by weak sources' }),
    cap: CapSchema.nullable(),
    criteria: z.array(ComparedCriterionSchema),
    as_of: date,
    page: url,
  })
  .register(apiRegistry, { id: 'ComparedProduct' });

const comparisonFields = {
  category: CategoryIdSchema,
  profile: z.string().nullable().meta({ description: 'Methodology profile applied (e.g. options), null for the default' }),
  weights: z.record(z.string(), z.number()).meta({ description: 'Weights applied, by criterion key' }),
  weights_source: z.enum(['default', 'custom']),
  winner: z.string().nullable().meta({ description: 'Name of the best eligible product; null when none reaches the coverage gate' }),
  winner_slug: z.string().nullable(),
  too_close: z.boolean(),
  margin_points: z.number().nullable().meta({ description: 'Score gap between the two best eligible products, points' }),
  too_close_margin_points: z.number().meta({ description: 'Gap under which the result is too close to call' }),
  depends_on_stale: z.boolean().meta({ description: 'True when the pick would change if every stale criterion were dropped' }),
  depends_on_weak_evidence: z.boolean().meta({ description: 'True when the pick would change if every criterion backed only by weak sources were dropped' }),
  caveats: z.array(z.string()).meta({ description: 'What a reader should know before trusting the pick, in words' }),
  explanation: z.string(),
  products: z.array(ComparedProductSchema),
  methodology: METHODOLOGY_URL_FIELD,
  ...ENVELOPE_FIELDS,
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
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, { id: 'SafetyResponse', description: 'Safety record: incidents, regulatory record, security score and cap.' });

const SavingsResultSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    product: z.string(),
    apy: pct.meta({ description: 'APY used, percent: the tier the balance reaches (0 below the minimum balance to earn the APY)' }),
    interest_usd: z.number(),
    ending_balance_usd: z.number(),
    minimum_opening_deposit_usd: z.number().nullable(),
    below_minimum_opening_deposit: z.boolean().nullable(),
    minimum_balance_for_apy_usd: z.number().meta({ description: 'Lowest balance that earns any APY (the first tier)' }),
    ranked: z.boolean().meta({ description: 'False when the balance cannot open the account or earns no APY there; such results come after the ranked ones' }),
    rank_note: z.string().meta({ description: 'Why the result is placed where it is' }),
    as_of: date,
    stale,
    evidence_tier: EvidenceTierSchema,
    page: url,
  })
  .register(apiRegistry, { id: 'SavingsResult' });

const ExcludedPlatformSchema = z
  .object({ name: z.string(), slug: z.string(), reason: z.string() })
  .register(apiRegistry, { id: 'ExcludedPlatform', description: 'A platform left out of a calculation, and why (usually a fact without a source).' });

export const SavingsResponseSchema = z
  .object({
    balance_usd: z.number(),
    months: z.number().int(),
    compounding: z.string().meta({ description: 'The compounding assumption used' }),
    ranking: z.string().meta({ description: 'How results are ordered' }),
    results: z.array(SavingsResultSchema),
    excluded: z.array(ExcludedPlatformSchema),
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, { id: 'SavingsResponse', description: 'Projected interest at every high-yield savings platform, by interest descending.' });

const FeeLineItemSchema = z
  .object({
    item: z.enum(['trading', 'options_contracts', 'transfers_out', 'account_fees']),
    status: z.enum(['known', 'unknown', 'not_applicable']).meta({ description: 'known: priced from a sourced fact (or unused by the profile: 0); unknown: used by the profile, price without a source; not_applicable: the platform does not offer it' }),
    usd: z.number().nullable().meta({ description: 'USD a year; null when unknown' }),
    detail: z.string(),
    as_of: date.nullable(),
    stale: z.boolean().nullable(),
  })
  .register(apiRegistry, { id: 'FeeLineItem' });

const FeeResultSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    annual_total_usd: z.number().meta({ description: 'USD a year: the whole cost when complete, else the known lines only (unknown lines at 0)' }),
    complete: z.boolean().meta({ description: 'True when every line the profile uses is priced' }),
    unknown_items: z.array(z.string()),
    annual_total_if_unknown_typical_usd: z.number().nullable().meta({ description: "With each unknown line at the category's typical value (the median of that line among platforms where it is known, for the same profile); null when complete" }),
    ranked: z.boolean(),
    rank_note: z.string().meta({ description: 'Why the result is placed where it is' }),
    stale: z.boolean().meta({ description: 'True when any line used is priced from a stale fact' }),
    line_items: z.array(FeeLineItemSchema),
    assumptions: z.array(z.string()),
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
    results: z.array(FeeResultSchema).meta({ description: 'Every platform of the category: ranked ones cheapest first, then the unranked with the reason' }),
    not_applied: z.array(z.object({ parameter: z.string(), reason: z.string() })).meta({ description: 'Parameters accepted but not used for this category' }),
    ranking: z.string(),
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, { id: 'FeesResponse', description: 'Estimated annual fees, cheapest first.' });

const ProblemSchema = z
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
