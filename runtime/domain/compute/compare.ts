/**
 * Compare 2 to 6 platforms of one category: the runtime's GET /v1/compare and
 * the build's published verdicts call this one function.
 * Rules (sources/methodology.yaml): coverage gate under the applied weights,
 * hack cap, too-close margin, and the pick's sensitivity to stale and weak evidence.
 */
import type { ComparedProduct } from '../contract/comparison-schemas.js';
import type { CompareRules, ModelCriterion, ModelPlatform } from '../contract/model.js';
import { round1 } from './rounding.js';
import { scoreAndCoverage, weightedScore, type KeepCriterion } from './weighted-score.js';
import { compareNames } from './name-order.js';
import { madeOnce } from './made-once.js';
import { sortFew } from '../primitives/sort-few.js';

/** The comparison without the envelope fields (attribution, license, page, methodology). */
export interface Comparison {
  category: ModelPlatform['category'];
  profile: string | null;
  weights: Record<string, number>;
  weights_source: 'default' | 'custom';
  winner: string | null;
  winner_slug: string | null;
  too_close: boolean;
  margin_points: number | null;
  too_close_margin_points: number;
  /** True when dropping every stale criterion (as if missing) would change the pick. */
  depends_on_stale: boolean;
  /** True when dropping every criterion whose strongest evidence is weak would change the pick. */
  depends_on_weak_evidence: boolean;
  /** True when counting every unknown rubric fact as yes would change the pick. */
  depends_on_unknown: boolean;
  caveats: string[];
  explanation: string;
  products: ComparedProduct[];
}

function scoreProducts(platforms: readonly ModelPlatform[], criteria: readonly ModelCriterion[], weights: Record<string, number>, rules: CompareRules): ComparedProduct[] {
  const products = platforms.map((p): ComparedProduct => {
    const states = p.criteria;
    const scored = weightedScore(criteria, states, weights, p.cap);
    const cov = scored.coverage;
    const eligible = cov.pct >= rules.coverage_gate_pct && scored.score_pct !== null;
    let reason: string | null = null;
    if (cov.pct < rules.coverage_gate_pct) {
      const missing = cov.missing.map((m) => `${m.key} (${m.share_pct}%)`).join(', ');
      reason = `coverage ${cov.pct}% under the applied weights is under the ${rules.coverage_gate_pct}% gate; missing: ${missing || 'none'}`;
    } else if (scored.score_pct === null) {
      reason = 'no criterion with data has a weight above 0';
    }
    // the criteria with weight and a score that are stale, weakly evidenced, or have unknown rubric facts (one pass over the rows)
    const stale: string[] = [];
    const weak: string[] = [];
    const unknown: string[] = [];
    for (const c of scored.criteria) {
      if (c.weight <= 0) continue;
      if (c.score !== null && c.stale) stale.push(c.key);
      if (c.score !== null && c.evidence_tier === 'weak') weak.push(c.key);
      if ((states[c.key]?.unknown_points ?? 0) > 0) unknown.push(c.key);
    }
    return comparedProduct(p, {
      score_pct: scored.score_pct,
      raw_score_pct: scored.raw_score_pct,
      coverage: cov.pct,
      eligible,
      ineligible_reason: reason,
      missing_criteria: cov.missing,
      stale_criteria: stale,
      weak_criteria: weak,
      unknown_criteria: unknown,
      criteria: scored.criteria,
    });
  });
  return sortFew(products, byRank);
}

/** The fields of a compared product that the applied weights decide (the others are the platform's). */
type WeightedFields = Pick<
  ComparedProduct,
  'score_pct' | 'raw_score_pct' | 'coverage' | 'eligible' | 'ineligible_reason' | 'missing_criteria' | 'stale_criteria' | 'weak_criteria' | 'unknown_criteria' | 'criteria'
>;

/** A compared product, fields in the published order: the platform's own fields around the weighted ones. */
function comparedProduct(p: ModelPlatform, v: WeightedFields): ComparedProduct {
  return {
    name: p.name,
    slug: p.slug,
    score_pct: v.score_pct,
    raw_score_pct: v.raw_score_pct,
    coverage: v.coverage,
    eligible: v.eligible,
    ineligible_reason: v.ineligible_reason,
    missing_criteria: v.missing_criteria,
    stale_criteria: v.stale_criteria,
    weak_criteria: v.weak_criteria,
    unknown_criteria: v.unknown_criteria,
    cap: p.cap,
    criteria: v.criteria,
    as_of: p.as_of,
    incidents_checked: p.incidents_checked,
    incident_record_stale: p.incident_record_stale,
    page: p.page,
  };
}

/** The order of compared products: score descending (none last), then coverage descending, then name. */
const byRank = (a: Ranked, b: Ranked): number => (b.score_pct ?? -1) - (a.score_pct ?? -1) || b.coverage - a.coverage || compareNames(a.name, b.name);
type Ranked = Pick<ComparedProduct, 'score_pct' | 'coverage' | 'name'>;

/**
 * The slug of the product that would be picked if the criteria `keep` rejects had no data (or,
 * with `statesOf`, with other criterion states): the eligible one first in the products' order
 * (byRank), found in one pass over scores and coverage, without rows, arrays or a sort.
 */
function pickWithout(
  platforms: readonly ModelPlatform[],
  criteria: readonly ModelCriterion[],
  weights: Record<string, number>,
  rules: CompareRules,
  keep: KeepCriterion | null,
  statesOf: (p: ModelPlatform) => ModelPlatform['criteria'] = (p) => p.criteria,
): string | null {
  let best: (Ranked & { slug: string }) | null = null;
  for (const p of platforms) {
    const { score_pct, coverage } = scoreAndCoverage(criteria, statesOf(p), weights, p.cap, keep);
    if (coverage < rules.coverage_gate_pct || score_pct === null) continue;
    const candidate = { slug: p.slug, name: p.name, score_pct, coverage };
    if (best === null || byRank(candidate, best) < 0) best = candidate;
  }
  return best?.slug ?? null;
}

/** A platform's criterion states with every unknown rubric fact counted as yes (score + unknown_points); made once per platform. */
const unknownAsYes = madeOnce((p: ModelPlatform): ModelPlatform['criteria'] => {
  const out: ModelPlatform['criteria'] = {};
  for (const [key, s] of Object.entries(p.criteria)) out[key] = s.unknown_points > 0 && s.score !== null ? Object.assign({}, s, { score: Math.min(100, s.score + s.unknown_points) }) : s;
  return out;
});

/**
 * Scores each platform with the given weights and picks the winner.
 * - products sorted by score_pct descending (null last), then coverage descending, then name;
 * - winner: first eligible product (coverage under the applied weights >= gate and a score); null when none is;
 * - too_close: the gap to the second eligible product is under the margin (the wide margin when
 *   either of the two has coverage under wide_when_coverage_below_pct);
 * - depends_on_stale / depends_on_weak_evidence: the pick made again with every stale (weak) criterion
 *   treated as missing differs from the pick;
 * - depends_on_unknown: the pick made again with every unknown rubric fact counted as yes (each
 *   criterion's score + unknown_points, methodology 2.1.0) differs from the pick.
 * @param platforms 2-6 distinct platforms of one category (the caller checks the rules)
 * @param criteria the category's criteria
 * @param weights criterion key -> weight 0-10 for every criterion (defaults, profile and caller applied)
 * @param profile the methodology profile applied, or null for the default
 */
export function compare(
  platforms: readonly ModelPlatform[],
  criteria: readonly ModelCriterion[],
  weights: Record<string, number>,
  weightsSource: 'default' | 'custom',
  profile: string | null,
  rules: CompareRules,
): Comparison {
  const products = scoreProducts(platforms, criteria, weights, rules);
  const eligible = products.filter((p) => p.eligible);
  const [first, second] = eligible;
  const wide =
    first !== undefined &&
    second !== undefined &&
    Math.min(first.coverage, second.coverage) < rules.too_close.wide_when_coverage_below_pct;
  const marginRule = wide ? rules.too_close.wide_margin_points : rules.too_close.margin_points;
  const margin = first && second ? round1((first.score_pct ?? 0) - (second.score_pct ?? 0)) : null;
  const tooClose = margin !== null && margin < marginRule;

  const anyStale = products.some((p) => p.stale_criteria.length > 0);
  const anyWeak = products.some((p) => p.weak_criteria.length > 0);
  const winnerSlug = first?.slug ?? null;
  const staleAlternative = anyStale ? pickWithout(platforms, criteria, weights, rules, (s) => !s.stale) : winnerSlug;
  const weakAlternative = anyWeak ? pickWithout(platforms, criteria, weights, rules, (s) => s.evidence_tier !== 'weak') : winnerSlug;
  const anyUnknown = products.some((p) => p.unknown_criteria.length > 0);
  const unknownAlternative = anyUnknown ? pickWithout(platforms, criteria, weights, rules, null, unknownAsYes) : winnerSlug;
  const nameOf = (slug: string | null) => products.find((p) => p.slug === slug)?.name ?? 'no platform';
  const caveats: string[] = [];
  if (staleAlternative !== winnerSlug) {
    caveats.push(`The pick depends on stale data: without the criteria older than their freshness window, ${nameOf(staleAlternative)} would be picked instead.`);
  }
  if (weakAlternative !== winnerSlug) {
    caveats.push(`The pick depends on weak evidence: without the criteria backed only by weak sources, ${nameOf(weakAlternative)} would be picked instead.`);
  }
  if (unknownAlternative !== winnerSlug) {
    caveats.push(`The pick depends on facts the sources leave open: if they were all yes, ${nameOf(unknownAlternative)} would be picked instead.`);
  }
  for (const p of products) {
    if (p.stale_criteria.length) caveats.push(`${p.name}: stale criteria ${p.stale_criteria.join(', ')}.`);
  }
  for (const p of products) {
    if (p.unknown_criteria.length) caveats.push(`${p.name}: some facts unknown in ${p.unknown_criteria.join(', ')} (scored as no).`);
  }
  for (const p of products) {
    if (p.incident_record_stale) caveats.push(`${p.name}: incidents last searched on ${p.incidents_checked}, longer ago than the freshness window; a newer hack or fine, and the cap it would bring, may be missing.`);
  }
  return {
    category: platforms[0]!.category,
    profile,
    weights,
    weights_source: weightsSource,
    winner: first?.name ?? null,
    winner_slug: winnerSlug,
    too_close: tooClose,
    margin_points: margin,
    too_close_margin_points: marginRule,
    depends_on_stale: staleAlternative !== winnerSlug,
    depends_on_weak_evidence: weakAlternative !== winnerSlug,
    depends_on_unknown: unknownAlternative !== winnerSlug,
    caveats,
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
  if (!first) return `No platform reaches the ${gate}% coverage gate under the applied weights, so none is named winner.`;
  if (!second || margin === null) {
    return `${first.name} is the only platform that reaches the ${gate}% coverage gate under the applied weights, with ${first.score_pct}%.`;
  }
  const gap = `${first.name} scores ${first.score_pct}% against ${second.score_pct}% for ${second.name}, a gap of ${margin} points`;
  return tooClose
    ? `${gap}, under the ${marginRule}-point margin: too close to call. ${first.name} is the top pick by a hair.`
    : `${gap}, at least the ${marginRule}-point margin: ${first.name} wins.`;
}
