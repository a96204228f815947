/**
 * Zod schema of dist/runtime-model.json: the search index and the inputs of
 * the computed endpoints (compare, savings, fees), written by the pipeline and
 * loaded once by the runtime. Amounts in USD, percents on the 0-100 scale.
 */
import { z } from 'zod';
import { CapSchema, CategoryIdSchema } from './api-schemas.js';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const SiteSchema = z.object({
  name: z.string(),
  base_url: z.string(),
  attribution: z.string(),
  license: z.string(),
  methodology_url: z.string(),
  api_version: z.string(),
  contact_email: z.string().optional(),
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

export const ModelCriterionSchema = z.object({ key: z.string(), label: z.string(), weight: z.number().min(0).max(10) });
export type ModelCriterion = z.infer<typeof ModelCriterionSchema>;

/** Exchange fee schedule: taker/maker percent by 30-day volume tier, and the fiat withdrawal fee when sourced. */
export const ExchangeFeeModelSchema = z.object({
  kind: z.literal('exchange'),
  product: z.string(),
  tiers: z.array(z.object({ min_volume_30d_usd: z.number(), maker_pct: z.number(), taker_pct: z.number() })),
  withdrawal_method: z.string().nullable(),
  withdrawal_fee_usd: z.number().nullable().meta({ description: 'null when the USD withdrawal fee has no source' }),
  as_of: date,
});

/** Brokerage fee schedule: stock commission, options per-contract tiers, ACATS transfer-out fee, annual account fee. */
export const BrokerageFeeModelSchema = z.object({
  kind: z.literal('brokerage'),
  online_stock_trade_usd: z.number(),
  options_tiers: z.array(z.object({ min_contracts_per_month: z.number(), per_contract_usd: z.number() })).nullable(),
  /** investments.options from the sources: false when the broker offers no options trading; null when not sourced. */
  offers_options: z.boolean().nullable(),
  full_acats_usd: z.number(),
  account_annual_usd: z.number(),
  as_of: date,
});
export const FeeModelSchema = z.discriminatedUnion('kind', [ExchangeFeeModelSchema, BrokerageFeeModelSchema]);
export type ExchangeFeeModel = z.infer<typeof ExchangeFeeModelSchema>;
export type BrokerageFeeModel = z.infer<typeof BrokerageFeeModelSchema>;
export type FeeModel = z.infer<typeof FeeModelSchema>;

/** Savings inputs: APY tiers (the whole balance earns the tier it reaches) and the opening minimum. */
export const SavingsModelSchema = z.object({
  product: z.string(),
  tiers: z.array(z.object({ min_balance_usd: z.number(), apy_pct: z.number() })),
  minimum_opening_deposit_usd: z.number().nullable(),
  as_of: date,
});
export type SavingsModel = z.infer<typeof SavingsModelSchema>;

/** One platform as the runtime sees it. `criteria` holds only criteria with data. */
export const ModelPlatformSchema = z.object({
  slug: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  category: CategoryIdSchema,
  as_of: date,
  page: z.string(),
  score_pct: z.number().nullable(),
  raw_score_pct: z.number().nullable(),
  coverage: z.number(),
  eligible: z.boolean(),
  apy: z.number().optional(),
  criteria: z.record(z.string(), z.number()),
  cap: CapSchema.nullable(),
  fees: FeeModelSchema.nullable(),
  fee_facts_missing: z.array(z.string()).meta({ description: 'Fee fact groups without a source (exchanges, brokerages)' }),
  savings: SavingsModelSchema.nullable(),
});
export type ModelPlatform = z.infer<typeof ModelPlatformSchema>;

export const RuntimeModelSchema = z.object({
  site: SiteSchema,
  rules: CompareRulesSchema,
  categories: z.array(z.object({ id: CategoryIdSchema, criteria: z.array(ModelCriterionSchema) })),
  platforms: z.array(ModelPlatformSchema),
});
export type RuntimeModel = z.infer<typeof RuntimeModelSchema>;
