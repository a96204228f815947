/**
 * The scoring arithmetic shared by the build (published scores) and compare
 * (custom weights). Methodology: weighted mean over criteria with data,
 * coverage over default weights, hack cap as a ceiling (sources/methodology.yaml).
 */
import type { Cap } from '../contract/api-schemas.js';
import type { ModelCriterion } from '../contract/model.js';
import { round1 } from './rounding.js';

export interface CriterionContribution {
  key: string;
  label: string;
  /** Weight applied, 0-10. */
  weight: number;
  /** Criterion score 0-100, null without data. */
  score: number | null;
  /** weight x score / sum of applied weights with data: points of the raw score (null without data). */
  contribution: number | null;
}

export interface WeightedScore {
  criteria: CriterionContribution[];
  /** Weighted mean 0-100 before the cap, null when no weighted criterion has data. */
  raw_score_pct: number | null;
  /** raw_score_pct limited by the cap, 0-100. */
  score_pct: number | null;
}

/**
 * Weighted mean of the criteria that have data, then the cap.
 * @param criteria the category's criteria in methodology order
 * @param scores criterion key -> score 0-100, only criteria with data
 * @param weights criterion key -> weight 0-10 (every criterion key present)
 * @param cap the platform's hack cap or null
 */
export function weightedScore(
  criteria: readonly ModelCriterion[],
  scores: Readonly<Record<string, number>>,
  weights: Readonly<Record<string, number>>,
  cap: Cap | null,
): WeightedScore {
  let weightWithData = 0;
  for (const c of criteria) if (scores[c.key] !== undefined) weightWithData += weights[c.key] ?? 0;
  const rows = criteria.map((c): CriterionContribution => {
    const score = scores[c.key] ?? null;
    const weight = weights[c.key] ?? 0;
    const contribution = score === null || weightWithData === 0 ? null : round1((weight * score) / weightWithData);
    return { key: c.key, label: c.label, weight, score, contribution };
  });
  if (weightWithData === 0) return { criteria: rows, raw_score_pct: null, score_pct: null };
  let sum = 0;
  for (const c of criteria) {
    const score = scores[c.key];
    if (score !== undefined) sum += (weights[c.key] ?? 0) * score;
  }
  const raw = round1(sum / weightWithData);
  return { criteria: rows, raw_score_pct: raw, score_pct: cap ? Math.min(raw, cap.cap) : raw };
}

/**
 * Coverage: percent (0-100, one decimal) of the default weight whose criteria have data.
 * Methodology "coverage"; the gate compares it with coverage_gate_pct.
 */
export function coverage(criteria: readonly ModelCriterion[], scores: Readonly<Record<string, number>>): number {
  let total = 0;
  let withData = 0;
  for (const c of criteria) {
    total += c.weight;
    if (scores[c.key] !== undefined) withData += c.weight;
  }
  return total === 0 ? 0 : round1((100 * withData) / total);
}

/** Default weights of a category's criteria, keyed by criterion key. */
export function defaultWeights(criteria: readonly ModelCriterion[]): Record<string, number> {
  return Object.fromEntries(criteria.map((c) => [c.key, c.weight]));
}
