/**
 * Hand-made model values for the unit tests of the scoring rules and the calculators:
 * a criterion state with a given score, and four exchange criteria with their default weights.
 */
import type { ModelCriterion, ModelCriterionState } from '../runtime/domain/contract/model.js';

export const state = (score: number | null, extra: Partial<ModelCriterionState> = {}): ModelCriterionState => ({
  basis: score === null ? 'missing' : 'derived',
  score,
  unknown_points: 0,
  low: score ?? 0,
  high: score ?? 100,
  as_of: score === null ? null : '2026-06-30',
  stale: false,
  evidence_tier: score === null ? null : 'primary',
  sources: [],
  ...extra,
});
export const criteria: ModelCriterion[] = [
  { key: 'security', label: 'Security', weight: 3, group: null },
  { key: 'trading_fees', label: 'Trading fees', weight: 1.5, group: 'fees' },
  { key: 'withdrawal_fees', label: 'Withdrawal fee', weight: 0.5, group: 'fees' },
  { key: 'regulation', label: 'Regulation', weight: 2, group: null },
];
