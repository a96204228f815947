/**
 * The calculators of methodology 2.0 (runtime/domain/compute), one function at a time:
 * fee estimates and rankings, savings rankings and projections, rounding, finding and
 * searching platforms, and compare, with hand-computed values (the comments show the arithmetic).
 */
import { describe, expect, it } from 'vitest';
import { estimateFees } from '../runtime/domain/compute/fees.js';
import { rankFeeEstimates } from '../runtime/domain/compute/fee-ranking.js';
import { rankSavings } from '../runtime/domain/compute/savings-ranking.js';
import { defaultWeights } from '../runtime/domain/compute/weighted-score.js';
import { verdictBody } from '../runtime/domain/operations/verdict.js';
import { compare } from '../runtime/domain/compute/compare.js';
import { apyForBalance, projectSavings } from '../runtime/domain/compute/savings.js';
import { buildPlatformIndex, findPlatform, nameKey, suggestNames } from '../runtime/domain/compute/platform-match.js';
import { searchPlatforms } from '../runtime/domain/compute/search.js';
import { byRank } from '../runtime/domain/compute/ranking-order.js';
import { round1 } from '../runtime/domain/compute/rounding.js';
import type { ModelCriterionState, ModelPlatform } from '../runtime/domain/contract/model.js';
import { criteria, modelPlatform as platform, state } from './model-fixtures.js';

const facts = { as_of: '2026-06-30', stale: false, evidence_tier: 'primary' as const, sources: ['https://example.com/fees'] };

describe('fee estimator', () => {
  it('prices each line from its own fact and names the unknown ones', () => {
    const e = estimateFees(
      {
        kind: 'brokerage',
        commissions: { online_stock_trade_usd: 4.95, ...facts },
        options: null,
        transfer_out: { full_acats_usd: 100, ...facts },
        account: { annual_usd: 0, ...facts },
      },
      { trades_per_month: 10, avg_trade_size: 1000, options_contracts_per_month: 5, transfers_per_year: 1 },
    );
    // 120 x 4.95 = 594 + 100 + 0 = 694 known; options unknown
    expect(e.known_total_usd).toBe(694);
    expect(e.unknown_items).toEqual(['options_contracts']);
    expect(e.line_items.map((l) => [l.item, l.status, l.usd])).toEqual([
      ['trading', 'known', 594],
      ['options_contracts', 'unknown', null],
      ['transfers_out', 'known', 100],
      ['account_fees', 'known', 0],
    ]);
  });
  it('costs an unused item at 0 whether or not its price is known', () => {
    const e = estimateFees(
      { kind: 'exchange', trading: { product: 'P', tiers: [{ min_volume_30d_usd: 0, maker_pct: 0.1, taker_pct: 0.4 }], ...facts }, withdrawal: null },
      { trades_per_month: 6, avg_trade_size: 500, options_contracts_per_month: 0, transfers_per_year: 0 },
    );
    // 36,000 x 0.4% = 144
    expect(e).toMatchObject({ known_total_usd: 144, unknown_items: [] });
  });
});

describe('savings ranking', () => {
  it('ranks fresh APYs by interest, then stale ones, then accounts the balance cannot open', () => {
    const saver = (slug: string, apy: number, min: number | null, stale: boolean) =>
      platform(slug, {
        savings: {
          product: 'S',
          tiers: [{ min_balance_usd: 0, apy_pct: apy }],
          minimum_opening_deposit_usd: min,
          as_of: stale ? '2024-01-01' : '2026-06-30',
          stale,
          evidence_tier: 'primary',
          sources: [`https://${slug}.example/rates`],
        },
      });
    const rows = rankSavings([saver('old', 5.25, 0, true), saver('high-min', 4.5, 25_000, false), saver('fresh', 4, 0, false)], 10_000, 12);
    // fresh 4%: 400.00; old 5.25% (stale): 525.00; high-min needs 25,000
    expect(rows.map((r) => [r.slug, r.interest_usd, r.ranked])).toEqual([
      ['fresh', 400, true],
      ['old', 525, true],
      ['high-min', 450, false],
    ]);
  });
});

describe('fee ranking', () => {
  const broker = (slug: string, acats: number | null) =>
    platform(slug, {
      category: 'brokerages',
      fees: {
        kind: 'brokerage',
        commissions: { online_stock_trade_usd: 0, ...facts },
        options: null,
        transfer_out: acats === null ? null : { full_acats_usd: acats, ...facts },
        account: { annual_usd: 0, ...facts },
      },
    });
  it('ranks complete estimates and lists the one with an unknown line apart, with the typical value', () => {
    const rows = rankFeeEstimates([broker('a', 50), broker('b', 100), broker('c', 75), broker('d', null)], {
      trades_per_month: 1,
      avg_trade_size: 100,
      options_contracts_per_month: 0,
      transfers_per_year: 1,
    });
    // typical transfer = median(50, 100, 75) = 75
    expect(rows.map((r) => [r.slug, r.annual_total_usd, r.ranked, r.annual_total_if_unknown_typical_usd])).toEqual([
      ['a', 50, true, null],
      ['c', 75, true, null],
      ['b', 100, true, null],
      ['d', null, false, 75],
    ]);
    // an unknown line never reads as free: no annual total, the known lines under their own name
    expect([rows[3]!.known_subtotal_usd, rows[0]!.known_subtotal_usd]).toEqual([0, 50]);
    expect(rows[3]!.rank_note).toBe(
      "Not ranked: its transfer-out fee has no source. Its known lines cost 0.00 USD a year, which would rank 1 of 4 if the unknown cost nothing. With the category's typical value for it, about 75.00 USD.",
    );
  });
});

describe('rounding', () => {
  it('rounds to one decimal, half away from zero, without binary drift', () => {
    expect(round1(74.25)).toBe(74.3);
    expect(round1(1.05)).toBe(1.1); // 1.05 is 1.0499999... in binary
    expect(round1(-2.25)).toBe(-2.3);
    expect(round1(71.42857)).toBe(71.4);
  });
});

describe('savings projection', () => {
  const model = {
    product: 'S',
    tiers: [
      { min_balance_usd: 0, apy_pct: 1 },
      { min_balance_usd: 10_000, apy_pct: 4 },
    ],
    minimum_opening_deposit_usd: 0,
    as_of: '2026-06-30',
    stale: false,
    evidence_tier: 'primary' as const,
  };
  it('gives the whole balance the APY of the highest tier it reaches, 0 below every tier', () => {
    expect(apyForBalance(model, 9_999.99)).toBe(1);
    expect(apyForBalance(model, 10_000)).toBe(4);
    expect(apyForBalance({ tiers: [{ min_balance_usd: 500, apy_pct: 3 }] }, 100)).toBe(0);
  });
  it('compounds so that one year earns exactly the APY, to the cent', () => {
    expect(projectSavings(model, 10_000, 12)).toEqual({ apy: 4, interest_usd: 400, ending_balance_usd: 10_400 });
    // 10,000 x 1.04^(6/12) = 10,198.0390... -> 10,198.04
    expect(projectSavings(model, 10_000, 6)).toEqual({ apy: 4, interest_usd: 198.04, ending_balance_usd: 10_198.04 });
    // 20,000 x 1.04^2 = 21,632.00
    expect(projectSavings(model, 20_000, 24)).toEqual({ apy: 4, interest_usd: 1_632, ending_balance_usd: 21_632 });
    // 5,000 at 1%: 5,000 x 1.01^(1/12) = 5,004.1487... -> 5,004.15
    expect(projectSavings(model, 5_000, 1)).toEqual({ apy: 1, interest_usd: 4.15, ending_balance_usd: 5_004.15 });
  });
});

describe('finding platforms by name', () => {
  const kraken = platform('kraken', { name: 'Kraken', aliases: ['Kraken Pro', 'Payward'], category: 'exchanges' });
  const coinbase = platform('coinbase', { name: 'Coinbase', aliases: ['Coinbase Advanced'], category: 'exchanges' });
  const index = buildPlatformIndex([kraken, coinbase]);
  it('matches slug, name or alias ignoring case and runs of spaces', () => {
    expect(nameKey('  Kraken   PRO ')).toBe('kraken pro');
    expect(findPlatform(index, 'PAYWARD')?.slug).toBe('kraken');
    expect(findPlatform(index, 'coinbase  advanced')?.slug).toBe('coinbase');
    expect(findPlatform(index, 'Krakn')).toBeUndefined();
  });
  it('suggests names containing the input first, then the nearest by edit distance within half its length', () => {
    expect(suggestNames(index, 'Krakn')).toEqual(['Kraken']); // one edit from "kraken"
    expect(suggestNames(index, 'coin')).toEqual(['Coinbase']); // contained in "coinbase" and "coinbase advanced": one name
    expect(suggestNames(index, 'binance')).toEqual([]); // 5 or more edits from every name, more than half of 7
  });
});

describe('search', () => {
  const rows = [
    platform('b-bank', { name: 'B Bank', score_pct: 70 }),
    platform('a-bank', { name: 'A Bank', score_pct: 70, aliases: ['Alpha Savings'] }),
    platform('c-broker', { name: 'C Broker', category: 'brokerages', score_pct: 90 }),
    platform('d-bank', { name: 'D Bank', score_pct: null }),
  ].sort(byRank);
  it('ranks by score descending, no score last, then name', () => {
    expect(rows.map((r) => r.slug)).toEqual(['c-broker', 'a-bank', 'b-bank', 'd-bank']);
  });
  it('filters by a case-insensitive fragment of slug, name or alias, and by category', () => {
    expect(searchPlatforms(rows, 'SAVINGS', null).map((r) => r.slug)).toEqual(['a-bank']);
    expect(searchPlatforms(rows, 'bank', 'high-yield-savings').map((r) => r.slug)).toEqual(['a-bank', 'b-bank', 'd-bank']);
    expect(searchPlatforms(rows, null, 'brokerages').map((r) => r.slug)).toEqual(['c-broker']);
  });
});

describe('compare', () => {
  const rules = { coverage_gate_pct: 75, too_close: { margin_points: 3, wide_margin_points: 8, wide_when_coverage_below_pct: 90 } };
  const exchange = (slug: string, criteriaStates: Record<string, ModelCriterionState>) =>
    platform(slug, { name: slug.toUpperCase(), category: 'exchanges', criteria: criteriaStates });
  const a = exchange('a', { security: state(80, { evidence_tier: 'weak' }), trading_fees: state(60), withdrawal_fees: state(100), regulation: state(70) });
  const b = exchange('b', { security: state(90), trading_fees: state(null), withdrawal_fees: state(null), regulation: state(80) });
  const c = exchange('c', { security: state(70, { stale: true }), trading_fees: state(80), withdrawal_fees: state(100), regulation: state(60) });
  const result = compare([a, b, c], criteria, defaultWeights(criteria), 'default', null, rules);
  it('scores each product under the applied weights and names the best eligible one', () => {
    // A: (3x80 + 1.5x60 + 0.5x100 + 2x70) / 7 = 520 / 7 = 74.3; C: (210 + 120 + 50 + 120) / 7 = 71.4
    // B: (270 + 160) / 5 = 86.0, but coverage 5 / 7 = 71.4% is under the 75% gate
    // those that can be named winner first (methodology 2.2.0 "Ranking order"): B follows, unranked
    expect(result.products.map((p) => [p.slug, p.score_pct, p.coverage, p.eligible])).toEqual([
      ['a', 74.3, 100, true],
      ['c', 71.4, 100, true],
      ['b', 86, 71.4, false],
    ]);
    expect(result.products[2]!.ineligible_reason).toBe(
      'coverage 71.4% under the applied weights is under the 75% gate; missing: trading_fees (21.4%), withdrawal_fees (7.1%)',
    ); // 1.5 / 7 and 0.5 / 7 of the applied weight
    expect(result.winner_slug).toBe('a');
  });
  it('calls a gap under the margin too close', () => {
    expect([result.margin_points, result.too_close_margin_points, result.too_close]).toEqual([2.9, 3, true]);
    expect(result.explanation).toBe(
      'A scores 74.3% against 71.4% for C, a gap of 2.9 points, under the 3-point margin: too close to call. A is the top pick by a hair.',
    );
  });
  it("says what the pick rests on: weak evidence that changes it, and the other products' old figures with their dates", () => {
    // without A's weak security: A = (90 + 50 + 140) / 4 = 70.0 at 57.1% coverage, ineligible, so C is picked;
    // without C's stale security: C = (120 + 50 + 120) / 4 = 72.5 at 57.1%, ineligible, and A stays the pick
    expect([result.depends_on_weak_evidence, result.depends_on_stale]).toEqual([true, false]);
    expect(result.caveats).toEqual([
      'The pick rests on criteria backed only by weak sources: security. Without them, C would be picked instead.',
      'C rests on figures older than their window: security 2026-06-30.',
    ]);
  });
  it('titles a verdict whose winner the ranges do not settle as leading, not winning', () => {
    const site = {
      name: 'S',
      base_url: 'https://s.example',
      attribution: 'a',
      license: 'l',
      methodology_url: 'https://s.example/methodology',
      api_version: '1',
      methodology_version: '2.2.0',
      evaluation_date: '2026-06-30',
      assets: { stylesheet: '', script: '', search_index: '' },
    };
    const d = exchange('d', { security: state(70), trading_fees: state(80), withdrawal_fees: state(null), regulation: state(80) });
    const e = exchange('e', { security: state(70), trading_fees: state(80), withdrawal_fees: state(60), regulation: state(70) });
    // D = (210 + 120 + 160) / 6.5 = 75.4 at 92.9% coverage, range 490 / 7 = 70.0 to 540 / 7 = 77.1;
    // E = (210 + 120 + 30 + 140) / 7 = 71.4, fully known: a gap of 4.0, over the 3-point margin, but 70.0 is under 71.4
    const verdict = verdictBody(site, rules, criteria, d, e);
    expect([verdict.winner_slug, verdict.too_close, verdict.depends_on_unknown]).toEqual(['d', false, true]);
    expect(verdict.title).toBe('D vs E: D leads, but missing or old data could reverse it');
    expect(verdict.explanation).toBe(
      "D scores 75.4% against 71.4% for E, a gap of 4 points, at least the 3-point margin: D leads, but its score range reaches below E's, so missing or old data could reverse the pick.",
    );
  });
  it("gives each product its score range, and depends_on_unknown only when the winner's low end is under an eligible rival's high end", () => {
    // A and C are fully known (ranges of zero width); B misses trading_fees (1.5) and withdrawal_fees (0.5), each 0-100:
    // low = (3x90 + 2x80) / 7 = 430 / 7 = 61.4; high = (270 + 150 + 50 + 160) / 7 = 630 / 7 = 90.0
    expect(result.products.map((p) => [p.slug, p.score_low_pct, p.score_high_pct])).toEqual([
      ['a', 74.3, 74.3],
      ['c', 71.4, 71.4],
      ['b', 61.4, 90],
    ]);
    // B reaches 90 but is under the gate, so it is no rival: A's 74.3 is above C's 71.4
    expect(result.depends_on_unknown).toBe(false);
    // with B's missing criteria at weight 0 nothing is missing; a rival with an open range: D misses regulation (2 of 7)
    const d = exchange('d', { security: state(70), trading_fees: state(80), withdrawal_fees: state(100), regulation: state(null) });
    const open = compare([a, d], criteria, { ...defaultWeights(criteria), regulation: 0.5 }, 'custom', null, rules);
    // weights 3, 1.5, 0.5, 0.5 = 5.5. A = (240 + 90 + 50 + 35) / 5.5 = 75.5; D = (210 + 120 + 50) / 5 = 76.0 at 90.9% coverage
    // D's range: low (380 + 0) / 5.5 = 69.1, high (380 + 50) / 5.5 = 78.2: D wins at 76.0 with its low end 69.1 under A's 75.5
    expect(open.products.map((p) => [p.slug, p.score_pct, p.score_low_pct, p.score_high_pct])).toEqual([
      ['d', 76, 69.1, 78.2],
      ['a', 75.5, 75.5, 75.5],
    ]);
    expect(open.depends_on_unknown).toBe(true);
    expect(open.caveats).toContain('The data does not settle the pick: D could score as low as 69.1% and A as high as 75.5% (D: regulation has no data).');
  });
});
