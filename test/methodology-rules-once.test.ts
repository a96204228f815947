/**
 * The methodology rules each written once (issue 39): the coverage gate and eligibility
 * and the ranking order (compute/ranking-order.ts), the sharing of a weight group (scoring/weight-groups.ts), the day
 * arithmetic of freshness, caps and time charts (contract/calendar.ts), and the evaluation date's
 * refusal of a bad SOURCE_DATE_EPOCH as the build CLI reports it. Values are hand-computed.
 */
import { describe, expect, it } from 'vitest';
import { byRank, isEligible, reachesCoverageGate, tooCloseMargin } from '../runtime/domain/compute/ranking-order.js';
import { shareGroupWeight, weightGroups } from '../runtime/domain/scoring/weight-groups.js';
import { addDays, dayNumber } from '../runtime/domain/contract/calendar.js';
import { FIXTURE_SOURCES, runCli } from './helpers.js';

describe('coverage gate and eligibility', () => {
  it('reaches the gate at exactly the gate, not a tenth under it', () => {
    expect(reachesCoverageGate(75, 75)).toBe(true);
    expect(reachesCoverageGate(74.9, 75)).toBe(false);
    expect(reachesCoverageGate(100, 75)).toBe(true);
  });
  it('is eligible only with coverage at the gate and a score', () => {
    expect(isEligible(75, 61.3, 75)).toBe(true);
    expect(isEligible(74.9, 99, 75)).toBe(false);
    expect(isEligible(100, null, 75)).toBe(false); // no criterion with data carries weight
    expect(isEligible(0, 0, 0)).toBe(true); // a gate of 0 admits any scored platform, even a score of 0
  });
});

describe('ranking order', () => {
  it('puts eligible first, then score descending (none last), then coverage descending, then name', () => {
    const rows = [
      { name: 'Under Gate', eligible: false, score_pct: 99, coverage: 40 },
      { name: 'Beta', eligible: true, score_pct: 84.3, coverage: 77.8 },
      { name: 'alpha', eligible: true, score_pct: 84.3, coverage: 77.8 },
      { name: 'Zeta', eligible: true, score_pct: 84.3, coverage: 100 },
      { name: 'Top', eligible: true, score_pct: 90, coverage: 80 },
      { name: 'No Score', eligible: false, score_pct: null, coverage: 100 },
      { name: 'Also Under', eligible: false, score_pct: 99, coverage: 60 },
    ];
    expect(rows.sort(byRank).map((r) => r.name)).toEqual(['Top', 'Zeta', 'alpha', 'Beta', 'Also Under', 'Under Gate', 'No Score']);
  });
});

describe('too-close margin', () => {
  const tooClose = { margin_points: 3, wide_margin_points: 6, wide_when_coverage_below_pct: 90 };
  it('is the wide margin when either coverage is under the threshold, else the margin', () => {
    expect(tooCloseMargin(tooClose, 100, 90)).toBe(3); // 90 is not under 90
    expect(tooCloseMargin(tooClose, 100, 89.9)).toBe(6);
    expect(tooCloseMargin(tooClose, 75, 100)).toBe(6);
  });
});

describe('weight groups', () => {
  const criteria = [{ key: 'security', group: null }, { key: 'trading_fees', group: 'fees' }, { key: 'regulation' }, { key: 'withdrawal_fees', group: 'fees' }];
  it('groups criteria by group key in the category order, once per criteria list', () => {
    const groups = weightGroups(criteria);
    expect([...groups.keys()]).toEqual(['fees']);
    expect(groups.get('fees')!.map((c) => c.key)).toEqual(['trading_fees', 'withdrawal_fees']);
    expect(weightGroups(criteria)).toBe(groups);
  });
  it('shares a group weight in proportion to the weights before it, to 2 decimals', () => {
    const fees = weightGroups(criteria).get('fees')!;
    // 8 x 1.5 / 2 = 6, 8 x 0.5 / 2 = 2
    expect(shareGroupWeight(fees, { trading_fees: 1.5, withdrawal_fees: 0.5 }, 8)).toEqual({ trading_fees: 6, withdrawal_fees: 2 });
    // 10 x 1 / 3 = 3.333.. -> 3.33, 10 x 2 / 3 = 6.666.. -> 6.67
    expect(shareGroupWeight(fees, { trading_fees: 1, withdrawal_fees: 2 }, 10)).toEqual({ trading_fees: 3.33, withdrawal_fees: 6.67 });
  });
  it('shares equally when the weights before it are all 0', () => {
    const fees = weightGroups(criteria).get('fees')!;
    expect(shareGroupWeight(fees, { trading_fees: 0, withdrawal_fees: 0 }, 5)).toEqual({ trading_fees: 2.5, withdrawal_fees: 2.5 });
  });
});

describe('calendar day arithmetic', () => {
  it('counts days since 1970-01-01 in UTC', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2026-11-29')).toBe(20_786); // 1795910400 s / 86400
  });
  it('moves a date by whole days across month, leap-day and year ends', () => {
    expect(addDays('2026-11-29', 3)).toBe('2026-12-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-29', -366)).toBe('2025-11-28');
  });
});

describe('evaluation date', () => {
  it('refuses a SOURCE_DATE_EPOCH that is not whole seconds as a located build problem, exit 1', async () => {
    const result = await runCli(['check', '--sources', FIXTURE_SOURCES], { SOURCE_DATE_EPOCH: '2026-11-29' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('SOURCE_DATE_EPOCH "2026-11-29" is not a whole number of seconds');
    expect(result.stderr).toContain('SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)');
  });
});
