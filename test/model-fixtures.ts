/**
 * Hand-made model values for the unit tests of the scoring rules and the calculators:
 * a criterion state with a given score, four exchange criteria with their default weights, and a
 * platform of the model.
 */
import type { ModelCriterion, ModelCriterionState, ModelPlatform } from '../runtime/domain/contract/model.js';

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

/**
 * A platform of the runtime model: an eligible, fully covered savings account scored 80 with a
 * range of zero width and no facts, `extra` over it.
 */
export const modelPlatform = (slug: string, extra: Partial<ModelPlatform> = {}): ModelPlatform => ({
  slug,
  name: slug,
  aliases: [],
  category: 'high-yield-savings',
  as_of: '2026-06-30',
  incidents_checked: '2026-06-30',
  incident_record_stale: false,
  page: `https://x/${slug}`,
  score_pct: 80,
  raw_score_pct: 80,
  score_low_pct: 80,
  score_high_pct: 80,
  coverage: 100,
  eligible: true,
  rank: 1,
  rank_note: '',
  overlaps_previous: false,
  criteria: {},
  cap: null,
  fees: null,
  savings: null,
  ...extra,
});
