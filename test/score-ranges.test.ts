/**
 * Score ranges, ranking order and stale rates (methodology 2.2.0, sources/methodology.yaml "Score
 * ranges" and "Ranking order"), with hand-computed values: a platform with one unknown criterion, a
 * stale APY among fresh ones, every APY stale, and two ranges overlapping within the margin.
 */
import { describe, expect, it } from 'vitest';
import { scoreRange, weightedScore } from '../runtime/domain/compute/weighted-score.js';
import { placeCategory } from '../runtime/domain/compute/category-ranking.js';
import { noCurrentPick, rankSavings } from '../runtime/domain/compute/savings-ranking.js';
import { apyCeilings, ruleBounds } from '../runtime/domain/scoring/criterion-rules.js';
import type { ModelPlatform } from '../runtime/domain/contract/model.js';
import { criteria, modelPlatform, state } from './model-fixtures.js';

const weights = { security: 3, trading_fees: 1.5, withdrawal_fees: 0.5, regulation: 2 };

describe('score range', () => {
  it('gives a fully known, fresh platform a range of zero width', () => {
    const states = { security: state(80), trading_fees: state(60), withdrawal_fees: state(100), regulation: state(70) };
    // (240 + 90 + 50 + 140) / 7 = 74.3
    expect(weightedScore(criteria, states, weights, null)).toMatchObject({ score_pct: 74.3, range: { low: 74.3, high: 74.3 } });
  });
  it('spreads one unknown criterion over the lowest and highest score its rule allows', () => {
    const states = { security: state(80), trading_fees: state(null), withdrawal_fees: state(100), regulation: state(70) };
    // score (240 + 50 + 140) / 5.5 = 78.2 leaves trading_fees out; its 1.5 of 7 weight at 0: 430 / 7 = 61.4, at 100: 580 / 7 = 82.9
    expect(weightedScore(criteria, states, weights, null)).toMatchObject({ score_pct: 78.2, range: { low: 61.4, high: 82.9 } });
  });
  it('widens a criterion by its own low and high ends (a stale one, unknown rubric points) and caps both ends', () => {
    const states = { security: state(80, { low: 40, high: 90 }), trading_fees: state(60), withdrawal_fees: state(100), regulation: state(70, { high: 85 }) };
    // low (120 + 90 + 50 + 140) / 7 = 57.1; high (270 + 90 + 50 + 170) / 7 = 82.9, capped at 80
    expect(scoreRange(criteria, states, weights, { cap: 80, reason: 'r', incident: { date: '2025-01-01', class: 'funds_lost', title: 't' } })).toEqual({
      low: 57.1,
      high: 80,
    });
    // a criterion left out (not applicable, excluded: low and high null) counts on neither side
    expect(scoreRange(criteria, { ...states, withdrawal_fees: state(null, { basis: 'not_applicable', low: null, high: null }) }, weights, null)).toEqual({
      low: 53.8,
      high: 81.5,
    }); // 350 / 6.5, 530 / 6.5
  });
  it('bounds each rule kind by the scores it can give', () => {
    expect(
      ruleBounds({
        kind: 'rubric',
        points: [
          { fact: 'a.x', points: 40 },
          { fact: 'a.y', points: 30 },
        ],
      } as never),
    ).toEqual({ low: 0, high: 70 });
    expect(ruleBounds({ kind: 'enum', fact: 'a.x', scores: { full: 100, partial: 50, none: 10 } } as never)).toEqual({ low: 10, high: 100 });
    expect(ruleBounds({ kind: 'linear', fact: 'a.x', best: 0, worst: 10 } as never)).toEqual({ low: 0, high: 100 });
  });
});

type Placed = Parameters<typeof placeCategory>[1][number];
const placed = (name: string, eligible: boolean, score: number, low: number, high: number, coverage = 100): Placed => ({
  name,
  eligible,
  score_pct: score,
  score_low_pct: low,
  score_high_pct: high,
  coverage,
  rank: null,
  rank_note: '',
  overlaps_previous: false,
});
const rules = { coverage_gate_pct: 75, too_close: { margin_points: 3, wide_margin_points: 5, wide_when_coverage_below_pct: 90 } };

describe('ranking order', () => {
  it('ranks only the platforms that can be named winner, and says why the others are not ranked', () => {
    const list = [placed('A', true, 80, 80, 80), placed('B', true, 70, 70, 70), placed('C', false, 100, 20, 100, 40)];
    placeCategory(rules, list);
    expect(list.map((p) => [p.name, p.rank, p.overlaps_previous])).toEqual([
      ['A', 1, false],
      ['B', 2, false],
      ['C', null, false],
    ]);
    expect(list[2]!.rank_note).toBe('Not ranked: not enough data: coverage 40% (the gate is 75%).');
  });
  it('flags neighbours whose ranges overlap by more than the too-close margin, not those within it', () => {
    // A 78-84 and B 76-81 overlap by 81 - 78 = 3 points: not more than the 3-point margin;
    // B 76-81 and C 72-80 overlap by 80 - 76 = 4 points: flagged
    const list = [placed('A', true, 82, 78, 84), placed('B', true, 79, 76, 81), placed('C', true, 75, 72, 80)];
    placeCategory(rules, list);
    expect(list.map((p) => p.overlaps_previous)).toEqual([false, false, true]);
    expect(list[2]!.rank_note).toBe(
      "Rank 3 of the 3 platforms of the category that can be named winner. Its score range (72-80%) overlaps B's (76-81%) by 4 points, more than the 3-point too-close margin: the data does not settle which of the two is ahead.",
    );
    // under 90% coverage the wide 5-point margin applies: 4 points is within it
    const wide = [placed('B', true, 79, 76, 81), placed('C', true, 75, 72, 80, 85)];
    placeCategory(rules, wide);
    expect(wide[1]!.overlaps_previous).toBe(false);
  });
});

describe('stale APYs', () => {
  const apy = (slug: string, rate: number, asOf: string, stale: boolean) => ({ slug, name: slug.toUpperCase(), apy: rate, as_of: asOf, stale });
  it('holds one stale APY to the lowest score of the newer ones', () => {
    // best fresh 4.0: fresh 4.0 -> 100, fresh 3.6 -> 90; stale 5.25 (2023) -> 131 capped 100, held to 90 (F2, newer)
    const ceilings = apyCeilings([apy('f1', 4, '2026-10-01', false), apy('f2', 3.6, '2026-09-01', false), apy('old', 5.25, '2023-09-06', true)], 4);
    expect([...ceilings]).toEqual([['old', { score: 90, name: 'F2', as_of: '2026-09-01' }]]);
  });
  it('orders every score by date when all APYs are stale', () => {
    // no fresh APY: the best (5.25) sets the scale. 2026-02-24 4.0 -> 76.2; 2025-03-26 4.4 -> 83.8 held to 76.2;
    // 2023-09-06 5.25 -> 100 held to 76.2; an APY of 0 at the balance sets no ceiling
    const ceilings = apyCeilings(
      [apy('lc', 4, '2026-02-24', true), apy('zero', 0, '2026-03-01', true), apy('ob', 4.4, '2025-03-26', true), apy('nt', 5.25, '2023-09-06', true)],
      5.25,
    );
    expect([...ceilings].map(([slug, c]) => [slug, c.score, c.name])).toEqual([
      ['ob', 76.2, 'LC'],
      ['nt', 76.2, 'LC'],
    ]);
  });

  const saver = (slug: string, rate: number, asOf: string, stale: boolean, eligible = true): ModelPlatform =>
    modelPlatform(slug, {
      as_of: asOf,
      incidents_checked: asOf,
      coverage: eligible ? 100 : 40,
      eligible,
      rank: eligible ? 1 : null,
      rank_note: eligible ? '' : 'Not ranked: not enough data: coverage 40% (the gate is 75%).',
      savings: {
        product: 'S',
        tiers: [{ min_balance_usd: 0, apy_pct: rate }],
        minimum_opening_deposit_usd: 0,
        as_of: asOf,
        stale,
        evidence_tier: 'primary',
        sources: [`https://${slug}.example/rates`],
      },
    });
  it('ranks fresh rates by interest, then stale rates newest first, then the unranked', () => {
    const rows = rankSavings(
      [
        saver('old-high', 5.25, '2023-09-06', true),
        saver('fresh', 4, '2026-10-01', false),
        saver('newer-stale', 3.7, '2025-03-26', true),
        saver('gate', 4.5, '2026-10-01', false, false),
      ],
      10_000,
      12,
    );
    // 10,000 at 4% = 400.00; 3.7% = 370.00; 5.25% = 525.00; 4.5% = 450.00
    expect(rows.map((r) => [r.slug, r.interest_usd, r.ranked])).toEqual([
      ['fresh', 400, true],
      ['newer-stale', 370, true],
      ['old-high', 525, true],
      ['gate', 450, false],
    ]);
    expect(rows[3]!.rank_note).toBe('Not ranked: not enough data: coverage 40% (the gate is 75%).');
    expect(rows[0]!.sources).toEqual(['https://fresh.example/rates']);
    expect(noCurrentPick(rows)).toBe(false);
  });
  it('has no current pick when every ranked rate is stale', () => {
    const rows = rankSavings([saver('old-high', 5.25, '2023-09-06', true), saver('newer', 3.7, '2025-03-26', true)], 10_000, 12);
    expect(rows.map((r) => r.slug)).toEqual(['newer', 'old-high']);
    expect(noCurrentPick(rows)).toBe(true);
  });
});
