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
  /** URLs of the sources the score was read from. */
  sources: string[];
}

export interface WeightedScore {
  criteria: CriterionContribution[];
  /** Weighted mean 0-100 before the cap, null when no weighted criterion has a score. */
  raw_score_pct: number | null;
  /** raw_score_pct limited by the cap, 0-100. */
  score_pct: number | null;
  /** The score's range under the same weights and cap (scoreRange), null without a score or when nothing applies. */
  range: ScoreRange | null;
  /** Coverage under the same weights (see `coverage`), from the same pass over the criteria. */
  coverage: Coverage;
}

const MISSING: ModelCriterionState = {
  basis: 'missing',
  score: null,
  unknown_points: 0,
  low: 0,
  high: 100,
  as_of: null,
  stale: false,
  evidence_tier: null,
  sources: [],
};

/** A criterion's state in `states`, missing when absent. */
const criterionState = (states: Readonly<Record<string, ModelCriterionState>>, key: string): ModelCriterionState => states[key] ?? MISSING;

/** A criterion's row of a weighted score, fields in the published order. */
function contributionRow(c: ModelCriterion, s: ModelCriterionState, weight: number, contribution: number | null): CriterionContribution {
  return {
    key: c.key,
    label: c.label,
    weight,
    basis: s.basis,
    score: s.score,
    contribution,
    as_of: s.as_of,
    stale: s.stale,
    evidence_tier: s.evidence_tier,
    sources: s.sources,
  };
}

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
  const sums = weightSums(criteria, states, weights, null);
  const rows = criteria.map((c): CriterionContribution => {
    const s = criterionState(states, c.key);
    const weight = weights[c.key] ?? 0;
    return contributionRow(c, s, weight, s.score === null || sums.withScore === 0 ? null : round1((weight * s.score) / sums.withScore));
  });
  const raw = rawScore(sums);
  const score = capped(raw, cap);
  return {
    criteria: rows,
    raw_score_pct: raw,
    score_pct: score,
    range: score === null ? null : scoreRange(criteria, states, weights, cap),
    coverage: coverageOf(criteria, states, weights, sums),
  };
}

/** The lowest and highest overall score (percent 0-100, one decimal) the data leaves possible. */
export interface ScoreRange {
  low: number;
  high: number;
}

/**
 * The score range (methodology.yaml "Score ranges"): the weighted mean of each criterion's
 * low end, and of its high end, over every criterion that applies (a criterion without data
 * takes the lowest and highest score its rule allows; a stale one is widened to the span of the
 * category's fresh scores; a fresh one with data gives its score, plus its unknown rubric points
 * at the high end), then the cap on both. A fully covered, fresh platform without unknown facts
 * has low = high = score_pct. Null when no criterion that applies carries weight.
 * @param states criterion states with `low`/`high` set by the build (null both: left out)
 */
export function scoreRange(
  criteria: readonly ModelCriterion[],
  states: Readonly<Record<string, ModelCriterionState>>,
  weights: Readonly<Record<string, number>>,
  cap: Cap | null,
): ScoreRange | null {
  let total = 0;
  let low = 0;
  let high = 0;
  for (const c of criteria) {
    const s = criterionState(states, c.key);
    const w = weights[c.key] ?? 0;
    if (w <= 0 || s.low === null || s.high === null) continue;
    total += w;
    low += w * s.low;
    high += w * s.high;
  }
  if (total === 0) return null;
  return { low: capped(round1(low / total), cap)!, high: capped(round1(high / total), cap)! };
}

/** What a criterion filter keeps (compare's "without stale" and "without weak" picks): the others count as missing. */
export type KeepCriterion = (state: ModelCriterionState) => boolean;

/**
 * The applied weight sums behind the weighted score and coverage, in one pass over the criteria:
 * `withScore` (weight of criteria with a score), `weighted` (sum of weight x score over them),
 * `applicable` (weight of criteria that apply: all but not-applicable ones left out).
 */
interface WeightSums {
  withScore: number;
  weighted: number;
  applicable: number;
}

function weightSums(
  criteria: readonly ModelCriterion[],
  states: Readonly<Record<string, ModelCriterionState>>,
  weights: Readonly<Record<string, number>>,
  keep: KeepCriterion | null,
): WeightSums {
  let withScore = 0;
  let weighted = 0;
  let applicable = 0;
  for (const c of criteria) {
    const s = criterionState(states, c.key);
    const w = weights[c.key] ?? 0;
    if (s.score !== null && (keep === null || keep(s))) {
      withScore += w;
      weighted += w * s.score;
      applicable += w;
    } else if (!(s.basis === 'not_applicable' && s.score === null)) {
      applicable += w;
    }
  }
  return { withScore, weighted, applicable };
}

const rawScore = (sums: WeightSums): number | null => (sums.withScore === 0 ? null : round1(sums.weighted / sums.withScore));
const capped = (raw: number | null, cap: Cap | null): number | null => (raw !== null && cap ? Math.min(raw, cap.cap) : raw);
const coveragePct = (sums: WeightSums): number => (sums.applicable === 0 ? 0 : round1((100 * sums.withScore) / sums.applicable));

/**
 * The score (capped) and coverage alone, with the criteria `keep` rejects counted as missing:
 * what compare needs to find the pick without some criteria, without building the rows.
 */
export function scoreAndCoverage(
  criteria: readonly ModelCriterion[],
  states: Readonly<Record<string, ModelCriterionState>>,
  weights: Readonly<Record<string, number>>,
  cap: Cap | null,
  keep: KeepCriterion | null,
): { score_pct: number | null; coverage: number } {
  const sums = weightSums(criteria, states, weights, keep);
  return { score_pct: capped(rawScore(sums), cap), coverage: coveragePct(sums) };
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
export function coverage(
  criteria: readonly ModelCriterion[],
  states: Readonly<Record<string, ModelCriterionState>>,
  weights: Readonly<Record<string, number>>,
): Coverage {
  return coverageOf(criteria, states, weights, weightSums(criteria, states, weights, null));
}

function coverageOf(
  criteria: readonly ModelCriterion[],
  states: Readonly<Record<string, ModelCriterionState>>,
  weights: Readonly<Record<string, number>>,
  sums: WeightSums,
): Coverage {
  const missing = criteria
    .filter((c) => criterionState(states, c.key).basis === 'missing' && (weights[c.key] ?? 0) > 0)
    .map((c) => ({ key: c.key, share_pct: round1((100 * (weights[c.key] ?? 0)) / sums.applicable) }));
  return { pct: coveragePct(sums), missing };
}

/** Default weights of a category's criteria, keyed by criterion key. */
export function defaultWeights(criteria: readonly ModelCriterion[]): Record<string, number> {
  const weights: Record<string, number> = {};
  for (const c of criteria) weights[c.key] = c.weight;
  return weights;
}
