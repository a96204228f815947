/**
 * Zod schema of sources/methodology.yaml: the criteria of each category and
 * the rules (coverage gate, hack caps, too-close margin). The meaning of each
 * rule kind is documented at the top of methodology.yaml and applied by
 * pipeline/score/criterion-rules.ts.
 */
import { z } from 'zod';
import { CATEGORY_IDS } from '../../runtime/contract/categories.js';
import { INCIDENT_CLASSES } from './platform-schema.js';

const factPath = z
  .string()
  .regex(/^[a-z_]+\.[a-z_]+$/, { message: 'expected <fact group>.<field>, e.g. device.secure_element' });

const feeScenario = z.strictObject({
  trades_per_month: z.number().int().min(0),
  avg_trade_size: z.number().positive(),
  options_contracts_per_month: z.number().int().min(0),
  transfers_per_year: z.number().int().min(0),
});

export const ruleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('assessed'), rubric: z.string().min(1) }),
  z.strictObject({
    kind: z.literal('rubric'),
    points: z.array(z.strictObject({ fact: factPath, points: z.number().min(0).max(100) })).min(1),
  }),
  z.strictObject({ kind: z.literal('enum'), fact: factPath, scores: z.record(z.string(), z.number().min(0).max(100)) }),
  z.strictObject({ kind: z.literal('linear'), fact: factPath, best: z.number(), worst: z.number() }),
  z.strictObject({ kind: z.literal('scenario_cost'), scenario: feeScenario, best: z.number().min(0), worst: z.number().min(0) }),
  z.strictObject({ kind: z.literal('apy_relative'), reference_balance_usd: z.number().positive() }),
]);
export type Rule = z.infer<typeof ruleSchema>;

export const criterionSchema = z.strictObject({
  key: z.string().regex(/^[a-z_]+$/, { message: 'expected lowercase letters and underscores' }),
  label: z.string().min(1),
  weight: z.number().min(0).max(10),
  measures: z.string().min(1),
  rule: ruleSchema,
});
export type Criterion = z.infer<typeof criterionSchema>;

const categorySchema = z.strictObject({
  label: z.string().min(1),
  description: z.string().min(1),
  criteria: z.array(criterionSchema).min(1),
});

export const capRuleSchema = z.strictObject({
  class: z.enum(INCIDENT_CLASSES),
  customers_made_whole: z.boolean().optional(),
  min_amount_usd: z.number().positive().optional(),
  within_years: z.number().positive(),
  cap: z.number().min(0).max(100),
  reason: z.string().min(1),
});
export type CapRule = z.infer<typeof capRuleSchema>;

export const methodologySchema = z.strictObject({
  version: z.string().min(1),
  coverage_gate_pct: z.number().min(0).max(100),
  too_close: z.strictObject({
    margin_points: z.number().min(0),
    wide_margin_points: z.number().min(0),
    wide_when_coverage_below_pct: z.number().min(0).max(100),
  }),
  caps: z.array(capRuleSchema),
  categories: z.strictObject(
    Object.fromEntries(CATEGORY_IDS.map((id) => [id, categorySchema])) as Record<(typeof CATEGORY_IDS)[number], typeof categorySchema>,
  ),
});
export type Methodology = z.infer<typeof methodologySchema>;
