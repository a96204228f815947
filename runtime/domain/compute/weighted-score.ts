/**
 * The scoring arithmetic shared by the build (published scores) and compare
 * (custom weights). Methodology (sources/methodology.yaml, "Unknown, not
 * applicable, stale" and "Coverage and the gate"): weighted mean over criteria
 * with a score; coverage over the applied weights of the criteria that apply;
 * the hack cap as a ceiling.
 */
import type { Cap, EvidenceTier } from '../contract/api-schemas.js';
import type { ModelCriterion, ModelCriterionState } from '../contract/model.js';
import { round1 } from './rounding.js';

interface CriterionContribution {
  key: string;
  label: string;
  /** Weight applied, 0-10. */
  weight: number;
  basis: ModelCriterionState['basis'];
  /** Criterion score 0-100, null without data or when not applicable and excluded. */
  score: number | null;
  /** weight x score / sum of applied weights with a score: points of the raw score (null without a score). */
  contribution: number | null;
  as_of: string | null;
  stale: boolean;
  evidence_tier: EvidenceTier | null;
}

export interface WeightedScore {
  criteria: CriterionContribution[];
  /** Weighted mean 0-100 before the cap, null when no weighted criterion has a score. */
  raw_score_pct: number | null;
  /** raw_score_pct limited by the cap, 0-100. */
  score_pct: number | null;
}

const MISSING: ModelCriterionState = { basis: 'missing', score: null, as_of: null, stale: false, evidence_tier: null };

/**
 * Weighted mean of the criteria that have a score, then the cap.
 * @param criteria the category's criteria in methodology order
 * @param states criterion key -> state (absent keys count as missing)
 * @param weights criterion key -> weight 0-10 (absent keys weigh 0)
 * @param cap the platform's hack cap or null
 */
export function weightedScore(
  criteria: readonly ModelCriterion[],
  states: Readonly<Record<string, ModelCriterionState>>,
  weights: Readonly<Record<string, number>>,
  cap: Cap | null,
): WeightedScore {
  let weightWithScore = 0;
  let sum = 0;
  for (const c of criteria) {
    const score = states[c.key]?.score;
    if (score === null || score === undefined) continue;
    const w = weights[c.key] ?? 0;
    weightWithScore += w;
    sum += w * score;
  }
  const rows = criteria.map((c): CriterionContribution => {
    const s = states[c.key] ?? MISSING;
    const weight = weights[c.key] ?? 0;
    const contribution = s.score === null || weightWithScore === 0 ? null : round1((weight * s.score) / weightWithScore);
    return { key: c.key, label: c.label, weight, basis: s.basis, score: s.score, contribution, as_of: s.as_of, stale: s.stale, evidence_tier: s.evidence_tier };
  });
  if (weightWithScore === 0) return { criteria: rows, raw_score_pct: null, score_pct: null };
  const raw = round1(sum / weightWithScore);
  return { criteria: rows, raw_score_pct: raw, score_pct: cap ? Math.min(raw, cap.cap) : raw };
}

/** Coverage under applied weights, with the criteria that lower it. */
export interface Coverage {
  /** Percent 0-100, one decimal: applied weight with data / applied weight of the criteria that apply; 0 when nothing applies. */
  pct: number;
  /** Criteria without data that carry applied weight, each with its share (percent 0-100, one decimal) of the applicable applied weight. */
  missing: Array<{ key: string; share_pct: number }>;
}

/**
 * Coverage (methodology "Coverage and the gate"): a criterion weighted 0 neither helps nor hurts;
 * a criterion not applicable and excluded (basis not_applicable, score null) is left out of both sides.
 */
export function coverage(criteria: readonly ModelCriterion[], states: Readonly<Record<string, ModelCriterionState>>, weights: Readonly<Record<string, number>>): Coverage {
  let total = 0;
  let withData = 0;
  for (const c of criteria) {
    const s = states[c.key] ?? MISSING;
    const w = weights[c.key] ?? 0;
    if (s.basis === 'not_applicable' && s.score === null) continue;
    total += w;
    if (s.score !== null) withData += w;
  }
  const missing = criteria
    .filter((c) => (states[c.key] ?? MISSING).basis === 'missing' && (weights[c.key] ?? 0) > 0)
    .map((c) => ({ key: c.key, share_pct: round1((100 * (weights[c.key] ?? 0)) / total) }));
  return { pct: total === 0 ? 0 : round1((100 * withData) / total), missing };
}

/** Default weights of a category's criteria, keyed by criterion key. */
export function defaultWeights(criteria: readonly ModelCriterion[]): Record<string, number> {
  return Object.fromEntries(criteria.map((c) => [c.key, c.weight]));
}
