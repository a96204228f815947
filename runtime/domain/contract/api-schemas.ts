/**
 * Zod schemas of every public JSON body: REST responses, problem details and
 * the open-data files. They are the one source of truth for shapes: the build
 * derives the OpenAPI components and the open-data JSON Schemas from them, and
 * the TypeScript types below are inferred from them. This file holds the registry, the
 * shared fields and the record, search and problem bodies; comparison-schemas.ts and
 * calculator-schemas.ts hold the comparison and calculator bodies.
 * Spec: ../shared/spec/interface.md, "Resources and their fields".
 */
import { z } from 'zod';
import { CATEGORY_IDS } from './categories.js';

/** Registry of named schemas; each becomes `#/components/schemas/<id>` in openapi.json. */
export const apiRegistry = z.registry<{ id: string; description?: string }>();

/** A calendar date, YYYY-MM-DD. */
export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ format: 'date', description: 'Calendar date, YYYY-MM-DD' });
/** An absolute URL. */
export const url = z.string().meta({ format: 'uri' });
/** A percentage, 0-100. */
export const pct = z.number().min(0).max(100);

/** Evidence tier of a citation (sources/source-tiers.yaml). */
export const EvidenceTierSchema = z.enum(['primary', 'reputable', 'weak']).register(apiRegistry, {
  id: 'EvidenceTier',
  description:
    "primary: the platform's own page or filing, a regulator or a court; reputable: established press, an auditor, a standards body; weak: anything else (aggregators, blogs). A fact or criterion shows its strongest source's tier.",
});
export type EvidenceTier = z.infer<typeof EvidenceTierSchema>;

export const stale = z
  .boolean()
  .meta({ description: 'True when as_of is older than the freshness window of its fact kind on evaluation_date (methodology.yaml `freshness`)' });

export const CategoryIdSchema = z.enum(CATEGORY_IDS).register(apiRegistry, {
  id: 'CategoryId',
  description: 'Category id. Input also accepts underscores and any case (high_yield_savings); responses use this form.',
});

/** A citation: the page a fact or score was read from, with its own evidence tier (registered as CitedSource). */
const CitedSourceSchema = z
  .object({ url, title: z.string(), publisher: z.string().optional(), published: date.optional(), evidence_tier: EvidenceTierSchema })
  .register(apiRegistry, {
    id: 'CitedSource',
    description:
      "A citation: the page a fact or score was read from, with its own evidence tier (sources/source-tiers.yaml; the platform's own pages are primary).",
  });
export type CitedSource = z.infer<typeof CitedSourceSchema>;

/** The score range beside a score_pct (methodology.yaml "Score ranges"). */
export const SCORE_RANGE_FIELDS = {
  score_low_pct: pct.nullable().meta({
    description:
      'Lowest score the data leaves possible, percent: criteria without data at the lowest score their rule allows, stale criteria at the low end of the category\'s fresh scores (methodology "Score ranges"); equals score_pct when every criterion is known and fresh; null without a score',
  }),
  score_high_pct: pct.nullable().meta({
    description:
      "Highest score the data leaves possible, percent: criteria without data at the highest score their rule allows, unknown rubric facts as yes, stale criteria at the high end of the category's fresh scores; null without a score",
  }),
};

/** The place of a platform in its category's list (methodology.yaml "Ranking order"). */
const RANK_FIELDS = {
  rank: z.number().int().min(1).nullable().meta({
    description:
      'Place among the platforms of the category that can be named winner (eligible), 1 first; null when under the coverage gate (listed after the ranked ones, unranked)',
  }),
  rank_note: z.string().meta({
    description:
      'Why the platform is placed where it is, in words: its rank, or the reason it is not ranked ("not enough data: coverage 40%"), and when its range overlaps the one above it by more than the too-close margin',
  }),
  overlaps_previous: z.boolean().meta({
    description:
      'True when its score range overlaps the range of the ranked platform above it by more than the too-close margin: the data does not settle their order',
  }),
};

/** Fields every 200 body carries (README "REST API": attribution, license, page, methodology); with `methodology` below, the envelope of a new response schema. */
export const ENVELOPE_FIELDS = {
  methodology_version: z.string().meta({ description: 'Version (semver) of the methodology the answer was computed with' }),
  evaluation_date: date.meta({ description: 'Date on which freshness (stale flags) and incident ages were evaluated: the build date of the data' }),
  attribution: z.string().meta({ description: 'Credit line to show with the data' }),
  license: z.string().meta({ description: 'Licence of the data: free to cite and reuse with attribution (CC BY 4.0)' }),
  page: url.meta({ description: 'Human-readable page of the service for this response' }),
  ignored_parameters: z.array(z.string()).optional().meta({
    description:
      'Query parameters the operation does not take, ignored (as in the Ignored-Query-Parameters header); present only when there were any. A near miss of a known parameter is a 400 instead.',
  }),
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
    profiles: z
      .array(z.object({ key: z.string(), label: z.string(), description: z.string(), weights: z.record(z.string(), z.number()) }))
      .meta({ description: 'Published weight profiles compare accepts as `profile` (weights over the defaults)' }),
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
    restitution_usd: z
      .number()
      .positive()
      .optional()
      .meta({ description: 'Regulatory actions: disgorgement, restitution, refunds and ordered compliance spending, USD; apart from the penalty' }),
    customers_made_whole: z.boolean().optional(),
    sources: z.array(CitedSourceSchema).min(1),
  })
  .register(apiRegistry, { id: 'Incident', description: 'A dated security incident or regulatory action.' });

export const LicenceSchema = z
  .object({
    regulator: z.string(),
    licence: z.string(),
    jurisdiction: z.string(),
    as_of: date,
    as_of_precision: z
      .enum(['day', 'month', 'year'])
      .optional()
      .meta({ description: 'How precise as_of is: day (default); month (as_of is the 1st); year (as_of is 1 January)' }),
    sources: z.array(CitedSourceSchema).min(1),
  })
  .register(apiRegistry, { id: 'Licence' });

const CriterionScoreSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    default_weight: z.number(),
    group: z.string().nullable().meta({ description: 'Weight group key (e.g. fees) or null' }),
    basis: z.enum(['derived', 'assessed', 'missing', 'not_applicable']).meta({
      description:
        "derived: computed from facts by the methodology rule; assessed: an editor judgement against the rubric; missing: no sourced data (excluded from the mean, lowers coverage); not_applicable: the fact does not apply to the platform (score null: left out of the mean and of coverage; a number: the methodology's fixed score)",
    }),
    score: pct.nullable(),
    unknown_points: pct.meta({
      description:
        'Rubric points that facts the sources leave open (recorded as null, unknown) could add: the score is a lower bound by this much. 0 when nothing the rule reads is unknown (methodology 2.1.0).',
    }),
    score_low: pct.nullable().meta({
      description:
        'Lowest score of the criterion the data leaves possible: without data, the lowest its rule allows; stale, the lower of its score and the category\'s lowest fresh score; else its score. Null when not applicable and left out (methodology "Score ranges")',
    }),
    score_high: pct.nullable().meta({
      description:
        "Highest score of the criterion the data leaves possible: without data, the highest its rule allows; else its score plus unknown_points, and when stale at least the category's highest fresh score. Null when left out",
    }),
    rationale: z.string().nullable(),
    as_of: date.nullable(),
    stale,
    evidence_tier: EvidenceTierSchema.nullable(),
    sources: z.array(CitedSourceSchema),
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
    as_of: date.meta({ description: 'Date of the newest fact of the record (each fact group, criterion and source has its own as_of)' }),
    score_pct: pct.nullable().meta({ description: 'Overall score with default weights after any cap, percent; null without data' }),
    ...SCORE_RANGE_FIELDS,
    raw_score_pct: pct.nullable().meta({ description: 'Weighted mean before the cap, percent' }),
    coverage: pct.meta({ description: 'Percent of the default weight with sourced data' }),
    eligible: z
      .boolean()
      .meta({ description: 'Coverage reaches the coverage gate of the methodology (methodology.yaml coverage_gate_pct), so the platform can be named winner' }),
    ...RANK_FIELDS,
    cap: CapSchema.nullable(),
    criteria: z.array(CriterionScoreSchema),
    facts: z.record(z.string(), z.unknown()).meta({
      description:
        'Category facts as published in the source file, each group with as_of, sources (each with its evidence_tier), stale and evidence_tier; a group that does not apply has not_applicable (its reason) instead of values',
    }),
    incidents_checked: date.meta({ description: "When the incident list was last searched (the source file's incidents_checked, else the record's as_of)" }),
    incident_record_stale: stale.meta({
      description: 'True when the incident list was last searched (incidents_checked) longer ago than the incident_record freshness window',
    }),
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
    ...SCORE_RANGE_FIELDS,
    coverage: pct,
    eligible: z.boolean(),
    ...RANK_FIELDS,
    apy: pct.optional().meta({ description: 'High-yield savings only: APY in percent at a 10,000 USD balance (tier-aware)' }),
    apy_as_of: date.optional(),
    apy_stale: stale.optional(),
    as_of: date.meta({ description: 'Date of the newest fact of the record' }),
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
    suggestions: z
      .array(z.string())
      .optional()
      .meta({ description: 'When nothing matches `query`: up to three platform names nearest to it (edit distance), to search for instead' }),
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, {
    id: 'SearchResponse',
    description:
      'Platforms matching the query: those that can be named winner first, by score descending, then those under the coverage gate, unranked (rank null, with the reason); equal scores by coverage descending, then name.',
  });

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
export type Problem = z.infer<typeof ProblemSchema>;
