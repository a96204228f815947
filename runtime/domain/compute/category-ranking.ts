/**
 * The places of a category's platforms in its list (methodology.yaml "Ranking order"): only the
 * platforms that can be named winner (eligible: coverage at the gate and a score) are ranked; those
 * under the gate follow, unranked, with the reason; a ranked platform whose score range overlaps the
 * range of the one above it by more than the too-close margin is flagged, since the data does not
 * settle their order.
 */
import type { CompareRules, ModelPlatform } from '../contract/model.js';
import { round1 } from './rounding.js';
import { tooCloseMargin } from './ranking-order.js';

/** The fields of a platform the places are computed from, and the ones they set. */
type Placed = Pick<
  ModelPlatform,
  'name' | 'eligible' | 'score_pct' | 'score_low_pct' | 'score_high_pct' | 'coverage' | 'rank' | 'rank_note' | 'overlaps_previous'
>;

/**
 * Points by which two score ranges overlap (percent points, one decimal; negative when apart).
 * Ranges are [low, high] on the 0-100 scale.
 */
const rangeOverlap = (a: { low: number; high: number }, b: { low: number; high: number }): number => round1(Math.min(a.high, b.high) - Math.max(a.low, b.low));

/**
 * Sets rank, rank_note and overlaps_previous on the platforms of one category, given in rank order
 * (ranking-order.ts byRank). The too-close margin is ranking-order.ts tooCloseMargin of the two
 * platforms (the rule compare applies to its two best products).
 */
export function placeCategory(rules: CompareRules, members: readonly Placed[]): void {
  const ranked = members.filter((m) => m.eligible);
  ranked.forEach((m, i) => {
    m.rank = i + 1;
    m.overlaps_previous = false;
    m.rank_note = `Rank ${i + 1} of the ${ranked.length} platforms of the category that can be named winner.`;
    const above = ranked[i - 1];
    if (!above || m.score_low_pct === null || m.score_high_pct === null || above.score_low_pct === null || above.score_high_pct === null) return;
    const overlap = rangeOverlap({ low: m.score_low_pct, high: m.score_high_pct }, { low: above.score_low_pct, high: above.score_high_pct });
    const margin = tooCloseMargin(rules.too_close, m.coverage, above.coverage);
    if (overlap > margin) {
      m.overlaps_previous = true;
      m.rank_note += ` Its score range (${m.score_low_pct}-${m.score_high_pct}%) overlaps ${above.name}'s (${above.score_low_pct}-${above.score_high_pct}%) by ${overlap} points, more than the ${margin}-point too-close margin: the data does not settle which of the two is ahead.`;
    }
  });
  for (const m of members) {
    if (m.eligible) continue;
    m.rank = null;
    m.overlaps_previous = false;
    m.rank_note =
      m.score_pct === null
        ? 'Not ranked: no criterion with data carries weight.'
        : `Not ranked: not enough data: coverage ${m.coverage}% (the gate is ${rules.coverage_gate_pct}%).`;
  }
}
