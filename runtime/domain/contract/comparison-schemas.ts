/**
 * Zod schemas of the comparison bodies: GET /v1/compare, /v1/verdicts/{slug} and
 * /v1/safety/{name} (and their MCP tools). Shared fields and the registry: ./api-schemas.ts.
 */
import { z } from 'zod';
import { LIMITS } from './parameter-rules.js';
import {
  apiRegistry,
  CapSchema,
  CategoryIdSchema,
  date,
  ENVELOPE_FIELDS,
  EvidenceTierSchema,
  IncidentSchema,
  LicenceSchema,
  METHODOLOGY_URL_FIELD,
  pct,
  SCORE_RANGE_FIELDS,
  stale,
  url,
} from './api-schemas.js';

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
    sources: z.array(url).meta({ description: 'URLs of the sources the score was read from (empty without data)' }),
  })
  .register(apiRegistry, { id: 'ComparedCriterion' });

const ComparedProductSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    score_pct: pct.nullable(),
    ...SCORE_RANGE_FIELDS,
    raw_score_pct: pct.nullable(),
    coverage: pct.meta({ description: 'Percent of the applied weight (of criteria that apply) with sourced data' }),
    eligible: z.boolean().meta({ description: 'Coverage under the applied weights reaches the gate' }),
    ineligible_reason: z.string().nullable(),
    missing_criteria: z
      .array(z.object({ key: z.string(), share_pct: pct }))
      .meta({ description: 'Criteria without data that carry applied weight, with their share of the applied weight' }),
    stale_criteria: z.array(z.string()).meta({ description: 'Weighted criteria whose data is stale' }),
    weak_criteria: z.array(z.string()).meta({ description: 'Weighted criteria backed only by weak sources' }),
    unknown_criteria: z
      .array(z.string())
      .meta({ description: 'Weighted criteria whose score leaves out facts the sources do not settle (recorded as unknown): the score is a lower bound' }),
    cap: CapSchema.nullable(),
    criteria: z.array(ComparedCriterionSchema),
    as_of: date,
    incidents_checked: date.meta({ description: 'When the incident list (which sets the hack cap) was last searched' }),
    incident_record_stale: stale.meta({
      description:
        'True when the incidents were last searched longer ago than the incident_record freshness window: a newer hack or fine, and its cap, may be missing',
    }),
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
  depends_on_unknown: z.boolean().meta({
    description:
      'True when the winner\'s score range reaches below the high end of an eligible rival\'s range (methodology "Score ranges"): missing criteria, unknown facts or stale figures could reverse the pick',
  }),
  caveats: z.array(z.string()).meta({
    description:
      'What the pick rests on, in words: the figures older than their window (with their dates), the criteria backed only by weak sources, the missing criteria and unknown facts, and whether any of them could change the pick',
  }),
  explanation: z.string(),
  products: z.array(ComparedProductSchema),
  methodology: METHODOLOGY_URL_FIELD,
  ...ENVELOPE_FIELDS,
};

export const ComparisonResponseSchema = z.object(comparisonFields).register(apiRegistry, {
  id: 'ComparisonResponse',
  description: `Comparison of ${LIMITS.compareMin} to ${LIMITS.compareMax} platforms of one category with the arithmetic.`,
});

export const VerdictResponseSchema = z
  .object({
    slug: z.string().meta({ description: 'Canonical verdict slug: the two platform slugs in alphabetical order joined by -vs-' }),
    title: z.string(),
    ...comparisonFields,
  })
  .register(apiRegistry, {
    id: 'VerdictResponse',
    description:
      'Verdict for a comparison page: a comparison of two platforms of one category with default weights (precomputed for the published pairs, computed on request for the others).',
  });

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

export type ComparedProduct = z.infer<typeof ComparedProductSchema>;
export type ComparisonResponse = z.infer<typeof ComparisonResponseSchema>;
export type VerdictResponse = z.infer<typeof VerdictResponseSchema>;
export type SafetyResponse = z.infer<typeof SafetyResponseSchema>;
