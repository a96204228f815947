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
import { byRank, isEligible, reachesCoverageGate, tooCloseMargin, type Rankable } from './ranking-order.js';
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
  /** True when the winner's score range reaches below an eligible rival's high end. */
  depends_on_unknown: boolean;
  caveats: string[];
  explanation: string;
  products: ComparedProduct[];
}

function scoreProducts(
  platforms: readonly ModelPlatform[],
  criteria: readonly ModelCriterion[],
  weights: Record<string, number>,
  rules: CompareRules,
): ComparedProduct[] {
  const products = platforms.map((p): ComparedProduct => {
    const states = p.criteria;
    const scored = weightedScore(criteria, states, weights, p.cap);
    const cov = scored.coverage;
    const eligible = isEligible(cov.pct, scored.score_pct, rules.coverage_gate_pct);
    let reason: string | null = null;
    if (!reachesCoverageGate(cov.pct, rules.coverage_gate_pct)) {
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
      score_low_pct: scored.range?.low ?? null,
      score_high_pct: scored.range?.high ?? null,
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
  | 'score_pct'
  | 'score_low_pct'
  | 'score_high_pct'
  | 'raw_score_pct'
  | 'coverage'
  | 'eligible'
  | 'ineligible_reason'
  | 'missing_criteria'
  | 'stale_criteria'
  | 'weak_criteria'
  | 'unknown_criteria'
  | 'criteria'
>;

/** A compared product, fields in the published order: the platform's own fields around the weighted ones. */
function comparedProduct(p: ModelPlatform, v: WeightedFields): ComparedProduct {
  return {
    name: p.name,
    slug: p.slug,
    score_pct: v.score_pct,
    score_low_pct: v.score_low_pct,
    score_high_pct: v.score_high_pct,
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

/**
 * The slug of the product that would be picked if the criteria `keep` rejects had no data: the eligible one first in the products' order
 * (byRank), found in one pass over scores and coverage, without rows, arrays or a sort.
 */
function pickWithout(
  platforms: readonly ModelPlatform[],
  criteria: readonly ModelCriterion[],
  weights: Record<string, number>,
  rules: CompareRules,
  keep: KeepCriterion | null,
): string | null {
  let best: (Rankable & { slug: string }) | null = null;
  for (const p of platforms) {
    const { score_pct, coverage } = scoreAndCoverage(criteria, p.criteria, weights, p.cap, keep);
    if (!isEligible(coverage, score_pct, rules.coverage_gate_pct)) continue;
    const candidate = { slug: p.slug, name: p.name, eligible: true, score_pct, coverage };
    if (best === null || byRank(candidate, best) < 0) best = candidate;
  }
  return best?.slug ?? null;
}

/**
 * The first eligible rival whose range's high end is above the winner's low end (methodology.yaml
 * "Score ranges"): the data left missing, unknown or stale could put it ahead. Null when none can.
 */
function rivalReaching(winner: ComparedProduct, rivals: readonly ComparedProduct[]): ComparedProduct | null {
  if (winner.score_low_pct === null) return null;
  return rivals.find((r) => r.score_high_pct !== null && r.score_high_pct > winner.score_low_pct!) ?? null;
}

/** "security 2024-11-04, trading_fees 2025-01-10": a product's stale criteria (stale_criteria) with their dates, or '' when none. */
const staleFigures = (p: ComparedProduct): string =>
  p.criteria
    .filter((c) => p.stale_criteria.includes(c.key))
    .map((c) => `${c.key} ${c.as_of}`)
    .join(', ');

/** What would be picked instead, in words: a product's name, or none when no product would reach the gate (NO_PICK). */
const instead = (alternative: string): string =>
  alternative === NO_PICK ? 'no platform would have enough data to be named winner.' : `${alternative} would be picked instead.`;
const NO_PICK = 'no platform';

/**
 * The caveats about the pick itself, each saying what the pick rests on (never that it is safe):
 * the winner's figures older than their window, its criteria backed only by weak sources, and
 * what its missing criteria and unknown facts leave open, with the pick each would change to.
 */
function pickCaveats(winner: ComparedProduct, rival: ComparedProduct | null, staleAlternative: string | null, weakAlternative: string | null): string[] {
  const out: string[] = [];
  const old = staleFigures(winner);
  if (old || staleAlternative) {
    const rest = old ? `The pick rests on figures older than their window: ${old}.` : `The pick rests on the other platforms' figures older than their window.`;
    out.push(staleAlternative ? `${rest} Without the old figures, ${instead(staleAlternative)}` : rest);
  }
  if (winner.weak_criteria.length > 0 || weakAlternative) {
    const rest =
      winner.weak_criteria.length > 0
        ? `The pick rests on criteria backed only by weak sources: ${winner.weak_criteria.join(', ')}.`
        : `The pick rests on the other platforms' criteria backed only by weak sources.`;
    out.push(weakAlternative ? `${rest} Without them, ${instead(weakAlternative)}` : rest);
  }
  const open = [...winner.missing_criteria.map((m) => `${m.key} has no data`), ...winner.unknown_criteria.map((k) => `${k} has facts the sources leave open`)];
  if (rival) {
    out.push(
      `The data does not settle the pick: ${winner.name} could score as low as ${winner.score_low_pct}% and ${rival.name} as high as ${rival.score_high_pct}%${open.length ? ` (${winner.name}: ${open.join('; ')})` : ''}.`,
    );
  } else if (open.length) {
    out.push(`${winner.name}'s score leaves out what the sources do not say: ${open.join('; ')}.`);
  }
  return out;
}

/**
 * Scores each platform with the given weights and picks the winner.
 * - products in rank order (byRank: eligible first, then score_pct descending, coverage, name);
 * - winner: first eligible product (coverage under the applied weights >= gate and a score); null when none is;
 * - too_close: the gap to the second eligible product is under the margin (the wide margin when
 *   either of the two has coverage under wide_when_coverage_below_pct);
 * - depends_on_stale / depends_on_weak_evidence: the pick made again with every stale (weak) criterion
 *   treated as missing differs from the pick;
 * - depends_on_unknown: the winner's range reaches below an eligible rival's high end (rivalReaching,
 *   methodology "Score ranges"): missing criteria, unknown facts or stale figures could reverse it.
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
  const marginRule = first && second ? tooCloseMargin(rules.too_close, first.coverage, second.coverage) : rules.too_close.margin_points;
  const margin = first && second ? round1((first.score_pct ?? 0) - (second.score_pct ?? 0)) : null;
  const tooClose = margin !== null && margin < marginRule;

  const anyStale = products.some((p) => p.stale_criteria.length > 0);
  const anyWeak = products.some((p) => p.weak_criteria.length > 0);
  const winnerSlug = first?.slug ?? null;
  const staleAlternative = anyStale ? pickWithout(platforms, criteria, weights, rules, (s) => !s.stale) : winnerSlug;
  const weakAlternative = anyWeak ? pickWithout(platforms, criteria, weights, rules, (s) => s.evidence_tier !== 'weak') : winnerSlug;
  const rival = first ? rivalReaching(first, eligible.slice(1)) : null;
  const nameOf = (slug: string | null) => products.find((p) => p.slug === slug)?.name ?? NO_PICK;
  const caveats = first
    ? pickCaveats(
        first,
        rival,
        staleAlternative !== winnerSlug ? nameOf(staleAlternative) : null,
        weakAlternative !== winnerSlug ? nameOf(weakAlternative) : null,
      )
    : [];
  for (const p of products) {
    if (p === first) continue;
    const old = staleFigures(p);
    if (old) caveats.push(`${p.name} rests on figures older than their window: ${old}.`);
  }
  for (const p of products) {
    if (p === first || p.unknown_criteria.length === 0) continue;
    caveats.push(`${p.name}: facts the sources leave open in ${p.unknown_criteria.join(', ')}, counted as no; its score could be up to ${p.score_high_pct}%.`);
  }
  for (const p of products) {
    if (p.incident_record_stale)
      caveats.push(
        `${p.name}: incidents last searched on ${p.incidents_checked}, longer ago than the freshness window; a newer hack or fine, and the cap it would bring, may be missing.`,
      );
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
    depends_on_unknown: rival !== null,
    caveats,
    explanation: explain(first, second, margin, marginRule, tooClose, rules.coverage_gate_pct, rival),
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
  rival: ComparedProduct | null,
): string {
  if (!first) return `No platform reaches the ${gate}% coverage gate under the applied weights, so none is named winner.`;
  if (!second || margin === null) {
    return `${first.name} is the only platform that reaches the ${gate}% coverage gate under the applied weights, with ${first.score_pct}%.`;
  }
  const gap = `${first.name} scores ${first.score_pct}% against ${second.score_pct}% for ${second.name}, a gap of ${margin} points`;
  return tooClose
    ? `${gap}, under the ${marginRule}-point margin: too close to call. ${first.name} is the top pick by a hair.`
    : rival
      ? `${gap}, at least the ${marginRule}-point margin: ${first.name} leads, but its score range reaches below ${rival.name}'s, so missing or old data could reverse the pick.`
      : `${gap}, at least the ${marginRule}-point margin: ${first.name} wins.`;
}
