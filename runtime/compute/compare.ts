/**
 * Compare 2 to 6 platforms of one category: the runtime's GET /v1/compare and
 * the build's published verdicts call this one function.
 * Rules (sources/methodology.yaml): coverage gate, hack cap, too-close margin.
 */
import type { ComparedProduct } from '../contract/api-schemas.js';
import type { CompareRules, ModelCriterion, ModelPlatform } from '../contract/model.js';
import { round1 } from './rounding.js';
import { weightedScore } from './weighted-score.js';

/** The comparison without the envelope fields (attribution, license, page, methodology). */
export interface Comparison {
  category: ModelPlatform['category'];
  weights: Record<string, number>;
  weights_source: 'default' | 'custom';
  winner: string | null;
  winner_slug: string | null;
  too_close: boolean;
  margin_points: number | null;
  too_close_margin_points: number;
  explanation: string;
  products: ComparedProduct[];
}

/**
 * Scores each platform with the given weights and picks the winner.
 * - products sorted by score_pct descending (null last), then coverage descending, then name;
 * - winner: first eligible product (coverage >= gate and a score); null when none is eligible;
 * - too_close: the gap to the second eligible product is under the margin (the wide margin when
 *   either of the two has coverage under wide_when_coverage_below_pct).
 * @param platforms 2-6 distinct platforms of one category (the caller checks the rules)
 * @param criteria the category's criteria (default weights)
 * @param weights criterion key -> weight 0-10 for every criterion
 */
export function compare(
  platforms: readonly ModelPlatform[],
  criteria: readonly ModelCriterion[],
  weights: Record<string, number>,
  weightsSource: 'default' | 'custom',
  rules: CompareRules,
): Comparison {
  const products = platforms.map((p): ComparedProduct => {
    const scored = weightedScore(criteria, p.criteria, weights, p.cap);
    const eligible = p.coverage >= rules.coverage_gate_pct && scored.score_pct !== null;
    let reason: string | null = null;
    if (p.coverage < rules.coverage_gate_pct) {
      reason = `coverage ${p.coverage}% is under the ${rules.coverage_gate_pct}% gate`;
    } else if (scored.score_pct === null) {
      reason = 'no criterion with data has a weight above 0';
    }
    return {
      name: p.name,
      slug: p.slug,
      score_pct: scored.score_pct,
      raw_score_pct: scored.raw_score_pct,
      coverage: p.coverage,
      eligible,
      ineligible_reason: reason,
      cap: p.cap,
      criteria: scored.criteria,
      as_of: p.as_of,
      page: p.page,
    };
  });
  products.sort(
    (a, b) =>
      (b.score_pct ?? -1) - (a.score_pct ?? -1) || b.coverage - a.coverage || a.name.localeCompare(b.name, 'en'),
  );
  const eligible = products.filter((p) => p.eligible);
  const [first, second] = eligible;
  const wide =
    first !== undefined &&
    second !== undefined &&
    Math.min(first.coverage, second.coverage) < rules.too_close.wide_when_coverage_below_pct;
  const marginRule = wide ? rules.too_close.wide_margin_points : rules.too_close.margin_points;
  const margin = first && second ? round1((first.score_pct ?? 0) - (second.score_pct ?? 0)) : null;
  const tooClose = margin !== null && margin < marginRule;
  return {
    category: platforms[0]!.category,
    weights,
    weights_source: weightsSource,
    winner: first?.name ?? null,
    winner_slug: first?.slug ?? null,
    too_close: tooClose,
    margin_points: margin,
    too_close_margin_points: marginRule,
    explanation: explain(first, second, margin, marginRule, tooClose, rules.coverage_gate_pct),
    products,
  };
}

function explain(
  first: ComparedProduct | undefined,
  second: ComparedProduct | undefined,
  margin: number | null,
  marginRule: number,
  tooClose: boolean,
  gate: number,
): string {
  if (!first) return `No platform reaches the ${gate}% coverage gate, so none is named winner.`;
  if (!second || margin === null) {
    return `${first.name} is the only platform that reaches the ${gate}% coverage gate, with ${first.score_pct}%.`;
  }
  const gap = `${first.name} scores ${first.score_pct}% against ${second.score_pct}% for ${second.name}, a gap of ${margin} points`;
  return tooClose
    ? `${gap}, under the ${marginRule}-point margin: too close to call. ${first.name} is the top pick by a hair.`
    : `${gap}, at least the ${marginRule}-point margin: ${first.name} wins.`;
}
