/**
 * The scoring rules of methodology 2.0 (runtime/domain/scoring, and the weighting of
 * runtime/domain/compute and runtime/domain/operations), one function at a time,
 * with hand-computed values (the comments show the arithmetic).
 */
import { describe, expect, it } from 'vitest';
import { capFor } from '../runtime/domain/scoring/caps.js';
import { linearScore } from '../runtime/domain/scoring/criterion-rules.js';
import { carriesNumber, ownHosts, strongestTier, tierOfUrl, type TierLists } from '../runtime/domain/scoring/evidence-tiers.js';
import { ageInDays, evaluationDateOf, isStale } from '../runtime/domain/scoring/freshness.js';
import type { CapRule } from '../runtime/domain/sources/methodology-schema.js';
import { coverage, weightedScore } from '../runtime/domain/compute/weighted-score.js';
import { resolveWeights } from '../runtime/domain/operations/compare.js';
import { criteria, state } from './model-fixtures.js';

const defaults = { security: 3, trading_fees: 1.5, withdrawal_fees: 0.5, regulation: 2 };

describe('linear rule', () => {
  it('maps best to 100, worst to 0 and clamps outside', () => {
    expect(linearScore(72, 0, 300)).toBe(76); // (300 - 72) / 300 = 0.76
    expect(linearScore(75, 50, 400)).toBe(92.9); // (400 - 75) / 350 = 0.9286
    expect(linearScore(-5, 0, 10)).toBe(100);
    expect(linearScore(12, 0, 10)).toBe(0);
  });
});

describe('weighted score and coverage under applied weights', () => {
  const states = { security: state(80), trading_fees: state(null), withdrawal_fees: state(null), regulation: state(60) };
  it('leaves missing criteria out of the mean', () => {
    // (80 x 3 + 60 x 2) / 5 = 72
    expect(weightedScore(criteria, states, defaults, null)).toMatchObject({ raw_score_pct: 72, score_pct: 72 });
    expect(
      weightedScore(criteria, states, defaults, { cap: 50, reason: 'r', incident: { date: '2025-01-01', class: 'funds_lost', title: 't' } }).score_pct,
    ).toBe(50);
  });
  it('computes coverage over the applied weights, with the missing criteria and their shares', () => {
    // defaults: 5 of 7 = 71.4
    expect(coverage(criteria, states, defaults)).toEqual({
      pct: 71.4,
      missing: [
        { key: 'trading_fees', share_pct: 21.4 },
        { key: 'withdrawal_fees', share_pct: 7.1 },
      ],
    });
    // fees weighted 0: 5 of 5 = 100; a criterion weighted 0 neither helps nor hurts
    expect(coverage(criteria, states, { ...defaults, trading_fees: 0, withdrawal_fees: 0 })).toEqual({ pct: 100, missing: [] });
  });
  it('leaves a not-applicable criterion out of both sides, and counts a fixed not-applicable score as data', () => {
    const na = { ...states, trading_fees: state(90), withdrawal_fees: state(null, { basis: 'not_applicable', as_of: '2026-06-30', evidence_tier: 'primary' }) };
    // 6.5 of 6.5 (withdrawal excluded) = 100
    expect(coverage(criteria, na, defaults).pct).toBe(100);
    const fixed = { ...na, withdrawal_fees: state(100, { basis: 'not_applicable' }) };
    // (80x3 + 90x1.5 + 100x0.5 + 60x2) / 7 = 545 / 7 = 77.9
    expect(weightedScore(criteria, fixed, defaults, null).raw_score_pct).toBe(77.9);
  });
});

describe('weights: groups and profiles', () => {
  it('shares a group weight in proportion to the weights before it', () => {
    const r = resolveWeights(criteria, [], 'fees:8', undefined);
    // 8 x 1.5 / 2 = 6, 8 x 0.5 / 2 = 2
    expect(r).toMatchObject({ ok: true, value: { weights: { security: 3, trading_fees: 6, withdrawal_fees: 2, regulation: 2 }, custom: true, profile: null } });
  });
  it('applies a profile over the defaults, then the caller over the profile', () => {
    const profiles = [{ key: 'strict', label: 'Strict', description: 'd', weights: { withdrawal_fees: 1.5 } }];
    const r = resolveWeights(criteria, profiles, 'fees:6', 'strict');
    // group base 1.5 + 1.5 = 3: 6 x 1.5 / 3 = 3 each
    expect(r).toMatchObject({ ok: true, value: { weights: { trading_fees: 3, withdrawal_fees: 3 }, profile: 'strict' } });
  });
});

describe('freshness', () => {
  it('is stale only beyond the window', () => {
    expect(ageInDays('2026-02-28', '2026-06-28')).toBe(120);
    expect(isStale('2026-02-28', 120, '2026-06-28')).toBe(false);
    expect(isStale('2026-02-27', 120, '2026-06-28')).toBe(true);
  });
  it('evaluates on SOURCE_DATE_EPOCH when set, else on the given day', () => {
    expect(evaluationDateOf('1782777600', '2031-01-01')).toBe('2026-06-30');
    expect(evaluationDateOf(undefined, '2031-01-01')).toBe('2031-01-01');
    expect(() => evaluationDateOf('soon', '2031-01-01')).toThrow(/whole number/);
  });
});

describe('evidence tiers', () => {
  const lists: TierLists = {
    tiers: new Map([
      ['sec.gov', 'primary'],
      ['reuters.com', 'reputable'],
    ]),
    unreliable: new Map([['farm.example', 'content farm']]),
  };
  const own = ownHosts('https://www.schwab.com', ['aboutschwab.com', 'github.com/schwab']);
  it('reads the tier from the host: own hosts and path prefixes primary, listed domains their tier, others weak', () => {
    expect(tierOfUrl('https://international.schwab.com/x', own, lists)).toBe('primary');
    expect(tierOfUrl('https://github.com/schwab/repo', own, lists)).toBe('primary');
    expect(tierOfUrl('https://github.com/other/repo', own, lists)).toBe('weak');
    expect(tierOfUrl('https://www.sec.gov/litigation/x', own, lists)).toBe('primary');
    expect(tierOfUrl('https://www.reuters.com/a', own, lists)).toBe('reputable');
    expect(tierOfUrl('https://blog.farm.example/a', own, lists)).toBe('weak');
    expect(
      strongestTier(
        [
          { url: 'https://x.example/a', title: 't' },
          { url: 'https://reuters.com/b', title: 't' },
        ],
        own,
        lists,
      ),
    ).toBe('reputable');
  });
  it('lets a number rest on a primary source or a dated reputable one', () => {
    expect(carriesNumber([{ url: 'https://reuters.com/b', title: 't' }], own, lists)).toBe(false);
    expect(carriesNumber([{ url: 'https://reuters.com/b', title: 't', published: '2026-01-02' }], own, lists)).toBe(true);
    expect(carriesNumber([{ url: 'https://www.schwab.com/pricing', title: 't' }], own, lists)).toBe(true);
  });
});

describe('caps', () => {
  const rules: CapRule[] = [
    { class: 'funds_lost', customers_made_whole: false, within_years: 2, cap: 50, reason: 'lost' },
    { class: 'funds_lost', customers_made_whole: true, within_years: 2, cap: 80, reason: 'reimbursed' },
    { class: 'regulatory_action', min_amount_usd: 100_000_000, within_years: 3, cap: 70, reason: 'big penalty' },
  ];
  const base = { title: 't', summary: 's', sources: [{ url: 'https://x.example', title: 't' }] };
  it('treats a pledge recorded as made whole like a reimbursement, and unknown as not made whole', () => {
    expect(capFor([{ ...base, date: '2025-01-01', class: 'funds_lost', customers_made_whole: true }], rules, '2026-06-30')?.cap).toBe(80);
    expect(capFor([{ ...base, date: '2025-01-01', class: 'funds_lost' }], rules, '2026-06-30')?.cap).toBe(50);
  });
  it('counts the penalty alone toward the regulatory threshold, never restitution', () => {
    // 135 million penalty: capped; 40 million penalty + 150 million restitution: not capped
    expect(capFor([{ ...base, date: '2025-01-01', class: 'regulatory_action', amount_usd: 135_000_000 }], rules, '2026-06-30')?.cap).toBe(70);
    expect(
      capFor([{ ...base, date: '2025-01-01', class: 'regulatory_action', amount_usd: 40_000_000, restitution_usd: 150_000_000 }], rules, '2026-06-30'),
    ).toBeNull();
  });
});
