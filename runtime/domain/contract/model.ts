/**
 * Zod schema of dist/runtime-model.json: the search index and the inputs of
 * the computed endpoints (compare, savings, fees), written by the pipeline and
 * loaded once by the runtime. Amounts in USD, percents on the 0-100 scale.
 */
import { z } from 'zod';
import { CapSchema, CategoryIdSchema, EvidenceTierSchema } from './api-schemas.js';
import { ChangeEventSchema, HistoryStatusSchema } from './history-schemas.js';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The site's assets by URL path under the site root, content-hashed names (pipeline/emit/site-assets.ts). */
const SiteAssetsSchema = z.object({ stylesheet: z.string(), script: z.string(), search_index: z.string() });
export type SiteAssets = z.infer<typeof SiteAssetsSchema>;

const SiteSchema = z.object({
  name: z.string(),
  base_url: z.string(),
  attribution: z.string(),
  license: z.string(),
  methodology_url: z.string(),
  api_version: z.string(),
  methodology_version: z.string().meta({ description: 'methodology.yaml version, set by the build' }),
  evaluation_date: date.meta({ description: 'Evaluation date of the build (freshness, incident ages)' }),
  contact_email: z.string().optional(),
  assets: SiteAssetsSchema.meta({ description: "The pages' stylesheet, the search box's script and its names, by content-hashed path" }),
});
export type Site = z.infer<typeof SiteSchema>;

/** Rules of methodology.yaml the runtime applies (coverage gate and too-close margins). */
export const CompareRulesSchema = z.object({
  coverage_gate_pct: z.number().min(0).max(100),
  too_close: z.object({
    margin_points: z.number().min(0),
    wide_margin_points: z.number().min(0),
    wide_when_coverage_below_pct: z.number().min(0).max(100),
  }),
});
export type CompareRules = z.infer<typeof CompareRulesSchema>;

export const ModelCriterionSchema = z.object({
  key: z.string(),
  label: z.string(),
  weight: z.number().min(0).max(10),
  group: z.string().nullable().meta({ description: 'Weight group key (e.g. fees) or null' }),
});
export type ModelCriterion = z.infer<typeof ModelCriterionSchema>;

/** A named weight set of a category (methodology.yaml `profiles`), over the default weights. */
export const ModelProfileSchema = z.object({ key: z.string(), label: z.string(), description: z.string(), weights: z.record(z.string(), z.number()) });
export type ModelProfile = z.infer<typeof ModelProfileSchema>;

/** Freshness and evidence of one fact group or criterion on the evaluation date. */
const factState = {
  as_of: date,
  stale: z.boolean(),
  evidence_tier: EvidenceTierSchema,
  /** URLs of the sources the values were read from (every row of an answer names them). */
  sources: z.array(z.string()),
};

/**
 * One criterion of one platform. basis: derived / assessed (scored), missing (no sourced data:
 * lowers coverage), not_applicable (recorded as not applying: score null = excluded from the
 * mean and from coverage; a number = the methodology's fixed score).
 */
const ModelCriterionStateSchema = z.object({
  basis: z.enum(['derived', 'assessed', 'missing', 'not_applicable']),
  score: z.number().min(0).max(100).nullable(),
  /** Points unknown rubric facts could add (0 when none): compare's depends_on_unknown. */
  unknown_points: z.number().min(0).max(100),
  /** Lowest and highest score the data leaves possible (methodology.yaml "Score ranges"); null both when left out (not applicable, excluded). */
  low: z.number().min(0).max(100).nullable(),
  high: z.number().min(0).max(100).nullable(),
  as_of: date.nullable(),
  stale: z.boolean(),
  evidence_tier: EvidenceTierSchema.nullable(),
  /** URLs of the sources the score was read from. */
  sources: z.array(z.string()),
});
export type ModelCriterionState = z.infer<typeof ModelCriterionStateSchema>;

const notApplicable = z.object({ not_applicable: z.string(), ...factState });

/** Exchange fee facts: the taker/maker schedule by 30-day volume tier and the fiat withdrawal fee; null = unknown. */
const ExchangeFeeModelSchema = z.object({
  kind: z.literal('exchange'),
  trading: z
    .object({
      product: z.string(),
      tiers: z.array(z.object({ min_volume_30d_usd: z.number(), maker_pct: z.number(), taker_pct: z.number() })),
      ...factState,
    })
    .nullable(),
  withdrawal: z.union([z.object({ method: z.string(), fee_usd: z.number(), ...factState }), notApplicable]).nullable(),
});

/** Brokerage fee facts: stock commission, options per-contract tiers, ACATS transfer-out fee, annual account fee; null = unknown. */
const BrokerageFeeModelSchema = z.object({
  kind: z.literal('brokerage'),
  commissions: z.object({ online_stock_trade_usd: z.number(), ...factState }).nullable(),
  options: z
    .union([z.object({ tiers: z.array(z.object({ min_contracts_per_month: z.number(), per_contract_usd: z.number() })), ...factState }), notApplicable])
    .nullable(),
  transfer_out: z.object({ full_acats_usd: z.number(), ...factState }).nullable(),
  account: z.object({ annual_usd: z.number(), ...factState }).nullable(),
});
const FeeModelSchema = z.discriminatedUnion('kind', [ExchangeFeeModelSchema, BrokerageFeeModelSchema]);
export type ExchangeFeeModel = z.infer<typeof ExchangeFeeModelSchema>;
export type BrokerageFeeModel = z.infer<typeof BrokerageFeeModelSchema>;
export type FeeModel = z.infer<typeof FeeModelSchema>;

/**
 * Savings inputs: APY tiers (the whole balance earns the tier it reaches; the first tier's
 * min_balance_usd is the minimum balance to earn any APY) and the opening minimum (null = unknown).
 */
const SavingsModelSchema = z.object({
  product: z.string(),
  tiers: z.array(z.object({ min_balance_usd: z.number(), apy_pct: z.number() })),
  minimum_opening_deposit_usd: z.number().nullable(),
  ...factState,
});
export type SavingsModel = z.infer<typeof SavingsModelSchema>;

/** One platform as the runtime sees it. `criteria` has every criterion key of the category. */
const ModelPlatformSchema = z.object({
  slug: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  category: CategoryIdSchema,
  as_of: date,
  /** When the incident list was last searched, and whether that is older than the incident_record window. */
  incidents_checked: date,
  incident_record_stale: z.boolean(),
  page: z.string(),
  score_pct: z.number().nullable(),
  raw_score_pct: z.number().nullable(),
  /** Score range with default weights (methodology.yaml "Score ranges"), null without a score. */
  score_low_pct: z.number().nullable(),
  score_high_pct: z.number().nullable(),
  coverage: z.number(),
  eligible: z.boolean(),
  /** Place among the category's platforms that can be named winner (1 = first), null when under the gate. */
  rank: z.number().int().min(1).nullable(),
  /** Why the platform is placed where it is in its category's list, in words. */
  rank_note: z.string(),
  /** True when its range overlaps the range of the ranked platform above it by more than the too-close margin. */
  overlaps_previous: z.boolean(),
  apy: z.number().optional(),
  criteria: z.record(z.string(), ModelCriterionStateSchema),
  cap: CapSchema.nullable(),
  fees: FeeModelSchema.nullable(),
  savings: SavingsModelSchema.nullable(),
});
export type ModelPlatform = z.infer<typeof ModelPlatformSchema>;

export const RuntimeModelSchema = z.object({
  site: SiteSchema,
  rules: CompareRulesSchema,
  categories: z.array(z.object({ id: CategoryIdSchema, criteria: z.array(ModelCriterionSchema), profiles: z.array(ModelProfileSchema) })),
  platforms: z.array(ModelPlatformSchema),
  history: HistoryStatusSchema.meta({ description: 'Whether the build read the git history of its sources (docs/history.md)' }),
  changes: z.array(ChangeEventSchema).meta({ description: "The changes GET /v1/changes lists, newest first (the feed's events)" }),
});
export type RuntimeModel = z.infer<typeof RuntimeModelSchema>;
