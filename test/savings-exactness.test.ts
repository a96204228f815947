/**
 * The savings projection in integer cents and doubles (runtime/domain/compute/savings.ts
 * projectSavings) gives the same cents as the decimal.js computation it replaced
 * (projectSavingsExact), on 100,000 random inputs and on the half-cent ties where only the
 * decimal computation can decide. The random inputs come from a fixed seed, so a failure repeats.
 */
import { describe, expect, it } from 'vitest';
import { projectSavings, projectSavingsExact } from '../runtime/domain/compute/savings.js';
import { LIMITS } from '../runtime/domain/contract/parameter-rules.js';
import { prng } from '../scripts/synthetic/platform-yaml.js';

describe('savings projection in cents', () => {
  it('matches the decimal computation to the cent on 100,000 random balances, APYs and terms', () => {
    const rand = prng(20261125);
    const mismatches: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      // balances from 0.01 to the maximum, with 0-2 decimals and many small ones; APYs with 2 decimals up to 6%, some tiered
      const cents = rand() < 0.3 ? 1 + Math.floor(rand() * 100_000) : 1 + Math.floor(rand() * LIMITS.balanceMax * 100);
      const balance = cents / 100;
      const apy = Math.round(rand() * 600) / 100;
      const model = {
        tiers:
          rand() < 0.5
            ? [{ min_balance_usd: 0, apy_pct: apy }]
            : [
                { min_balance_usd: 0, apy_pct: 0.5 },
                { min_balance_usd: 10_000, apy_pct: apy },
              ],
      };
      const months = 1 + Math.floor(rand() * LIMITS.monthsMax);
      const fast = projectSavings(model, balance, months);
      const exact = projectSavingsExact(model, balance, months);
      if (fast.ending_balance_usd !== exact.ending_balance_usd || fast.interest_usd !== exact.interest_usd || fast.apy !== exact.apy) {
        mismatches.push(`${balance} USD at ${apy}% for ${months} months: ${JSON.stringify(fast)} vs ${JSON.stringify(exact)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('rounds an exact half cent up, as the decimal computation does', () => {
    const onePercent = { tiers: [{ min_balance_usd: 0, apy_pct: 1 }] };
    // 0.50 x 1.01 = 0.505 -> 0.51; 12.50 x 1.01 = 12.625 -> 12.63; 1,250.50 x 1.01 = 1,263.005 -> 1,263.01
    expect(projectSavings(onePercent, 0.5, 12)).toEqual({ apy: 1, interest_usd: 0.01, ending_balance_usd: 0.51 });
    expect(projectSavings(onePercent, 12.5, 12)).toEqual({ apy: 1, interest_usd: 0.13, ending_balance_usd: 12.63 });
    expect(projectSavings(onePercent, 1250.5, 12)).toEqual({ apy: 1, interest_usd: 12.51, ending_balance_usd: 1263.01 });
    for (const balance of [0.5, 12.5, 1250.5]) expect(projectSavings(onePercent, balance, 12)).toEqual(projectSavingsExact(onePercent, balance, 12));
  });
});
