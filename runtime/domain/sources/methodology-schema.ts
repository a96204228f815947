/**
 * Zod schema of sources/methodology.yaml: the criteria of each category and
 * the rules (coverage gate, hack caps, too-close margin). The meaning of each
 * rule kind is documented at the top of methodology.yaml and applied by
 * runtime/domain/scoring/criterion-rules.ts.
 */
import { z } from 'zod';
import { CATEGORY_IDS } from '../contract/categories.js';
import { INCIDENT_CLASSES } from './platform-schema.js';

const factPath = z.string().regex(/^[a-z_]+\.[a-z_]+$/, { message: 'expected <fact group>.<field>, e.g. device.secure_element' });

const feeScenario = z.strictObject({
  trades_per_month: z.number().int().min(0),
  avg_trade_size: z.number().min(0).meta({ description: 'USD' }),
  options_contracts_per_month: z.number().int().min(0),
  transfers_per_year: z
    .number()
    .min(0)
    .meta({ description: 'Full transfers out a year; a fraction amortises one transfer over a holding period (0.2 = one in 5 years)' }),
});

/** Line items of the fee estimator (runtime/domain/compute/fees.ts), which a scenario_cost rule may select. */
const FEE_LINE_ITEMS = ['trading', 'options_contracts', 'transfers_out', 'account_fees'] as const;

/** Fact kinds with a freshness window (methodology.yaml `freshness`). */
const FACT_KINDS = ['apy', 'fee_schedule', 'device_price', 'product_facts', 'licence', 'assessment', 'incident_record'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

const RuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('assessed'), rubric: z.string().min(1) }),
  z.strictObject({
    kind: z.literal('rubric'),
    points: z
      .array(
        z.strictObject({
          fact: factPath.optional(),
          any_of: z.array(factPath).min(2).optional().meta({ description: 'Documented equivalents: the points are earned when any of these facts is true' }),
          points: z.number().min(0).max(100),
        }),
      )
      .min(1),
  }),
  z.strictObject({ kind: z.literal('enum'), fact: factPath, scores: z.record(z.string(), z.number().min(0).max(100)) }),
  z.strictObject({ kind: z.literal('linear'), fact: factPath, best: z.number(), worst: z.number() }),
  z.strictObject({
    kind: z.literal('scenario_cost'),
    scenario: feeScenario,
    items: z.array(z.enum(FEE_LINE_ITEMS)).min(1).meta({ description: 'Line items of the estimate this criterion scores' }),
    best: z.number().min(0),
    worst: z.number().min(0),
  }),
  z.strictObject({ kind: z.literal('apy_relative'), reference_balance_usd: z.number().positive() }),
]);
export type Rule = z.infer<typeof RuleSchema>;

const CriterionSchema = z.strictObject({
  key: z.string().regex(/^[a-z_]+$/, { message: 'expected lowercase letters and underscores' }),
  label: z.string().min(1),
  weight: z.number().min(0).max(10),
  group: z
    .string()
    .regex(/^[a-z_]+$/)
    .optional()
    .meta({ description: 'Weight group key (e.g. fees): a caller weight on the group is shared among its criteria in proportion to their default weights' }),
  measures: z.string().min(1),
  rule: RuleSchema,
  not_applicable: z
    .union([z.literal('exclude'), z.strictObject({ score: z.number().min(0).max(100), reason: z.string().min(1) })])
    .optional()
    .meta({
      description:
        'How a fact group recorded as not_applicable scores: exclude (left out of the mean and of coverage) or a fixed score; absent = not_applicable is not allowed',
    }),
});
export type Criterion = z.infer<typeof CriterionSchema>;

const ProfileSchema = z.strictObject({
  key: z.string().regex(/^[a-z_]+$/),
  label: z.string().min(1),
  description: z.string().min(1),
  weights: z.record(z.string(), z.number().min(0).max(10)).meta({ description: 'Criterion key -> weight, over the default weights' }),
});

const MethodologyCategorySchema = z.strictObject({
  label: z.string().min(1),
  description: z.string().min(1),
  fact_kinds: z.record(z.string(), z.enum(FACT_KINDS)).meta({ description: 'Fact group -> fact kind, which sets its freshness window' }),
  criteria: z.array(CriterionSchema).min(1),
  profiles: z.array(ProfileSchema).optional(),
});

const CapRuleSchema = z.strictObject({
  class: z.enum(INCIDENT_CLASSES),
  customers_made_whole: z.boolean().optional(),
  min_amount_usd: z
    .number()
    .positive()
    .optional()
    .meta({ description: 'The incident amount_usd (loss, or the penalty alone for a regulatory action; restitution_usd never counts) is at least this' }),
  within_years: z.number().positive(),
  cap: z.number().min(0).max(100),
  reason: z.string().min(1),
});
export type CapRule = z.infer<typeof CapRuleSchema>;

const freshnessWindow = z.strictObject({
  days: z.number().int().min(1, { message: 'a freshness window must be at least 1 day' }),
  reason: z.string().min(1),
});

export const MethodologySchema = z.strictObject({
  version: z.string().regex(/^\d+\.\d+\.\d+$/, { message: 'expected a semantic version MAJOR.MINOR.PATCH, e.g. 2.0.0' }),
  changelog: z
    .array(
      z.strictObject({
        version: z.string().regex(/^\d+\.\d+\.\d+$/),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        changes: z.array(z.string().min(1)).min(1),
      }),
    )
    .min(1)
    .meta({ description: 'Newest first; the first entry is the current version' }),
  freshness: z.strictObject(Object.fromEntries(FACT_KINDS.map((k) => [k, freshnessWindow])) as Record<FactKind, typeof freshnessWindow>),
  evidence: z.strictObject({
    numeric_weak_only: z.enum(['warning', 'error']).meta({ description: 'What the build does with a numeric fact backed only by weak sources' }),
  }),
  coverage_gate_pct: z.number().min(0).max(100),
  too_close: z.strictObject({
    margin_points: z.number().min(0),
    wide_margin_points: z.number().min(0),
    wide_when_coverage_below_pct: z.number().min(0).max(100),
  }),
  caps: z.array(CapRuleSchema),
  categories: z.strictObject(
    Object.fromEntries(CATEGORY_IDS.map((id) => [id, MethodologyCategorySchema])) as Record<(typeof CATEGORY_IDS)[number], typeof MethodologyCategorySchema>,
  ),
});
export type Methodology = z.infer<typeof MethodologySchema>;
