/**
 * Who can be named winner, and the order of every list that ranks (sources/methodology.yaml
 * `coverage_gate_pct` and "Ranking order"; docs/methodology.md "Ranking order (2.2.0)"): category
 * lists, search, compare products and published verdicts all call these, never restate them. They
 * sit in compute/, below scoring/, because compare needs them (docs/architecture.md "Where a rule
 * or constant lives").
 */
import type { CompareRules } from '../contract/model.js';
import { compareNames } from './name-order.js';

/**
 * True when a coverage reaches the coverage gate.
 * @param coveragePct percent 0-100 of the applied weight with sourced data
 * @param gatePct methodology.yaml `coverage_gate_pct`, percent 0-100
 */
export function reachesCoverageGate(coveragePct: number, gatePct: number): boolean {
  return coveragePct >= gatePct;
}

/**
 * True when a platform can be named winner (eligible): its coverage reaches the gate and it has a
 * score (some criterion with data carries weight).
 * @param coveragePct percent 0-100 of the applied weight with sourced data
 * @param scorePct the weighted score 0-100, null when no criterion with data carries weight
 * @param gatePct methodology.yaml `coverage_gate_pct`, percent 0-100
 */
export function isEligible(coveragePct: number, scorePct: number | null, gatePct: number): boolean {
  return reachesCoverageGate(coveragePct, gatePct) && scorePct !== null;
}

/** The fields the ranking order reads (a runtime-model platform or a compared product). */
export interface Rankable {
  eligible: boolean;
  /** 0-100, null when unscored. */
  score_pct: number | null;
  /** Percent 0-100 of the applied weight with sourced data. */
  coverage: number;
  name: string;
}

/**
 * The ranking order, as a sort comparator: platforms that can be named winner (eligible) first, then
 * those under the coverage gate; within each, score descending (no score last), then coverage
 * descending, then name (compareNames).
 */
export function byRank(a: Rankable, b: Rankable): number {
  return Number(b.eligible) - Number(a.eligible) || (b.score_pct ?? -1) - (a.score_pct ?? -1) || b.coverage - a.coverage || compareNames(a.name, b.name);
}

/**
 * The too-close margin between two platforms (methodology.yaml `too_close`), in score points:
 * wide_margin_points when either coverage is under wide_when_coverage_below_pct, else margin_points.
 * Compare applies it to its two best products, the category lists to each ranked platform and the
 * one above it.
 * @param coverageA percent 0-100
 * @param coverageB percent 0-100
 */
export function tooCloseMargin(tooClose: CompareRules['too_close'], coverageA: number, coverageB: number): number {
  return Math.min(coverageA, coverageB) < tooClose.wide_when_coverage_below_pct ? tooClose.wide_margin_points : tooClose.margin_points;
}
