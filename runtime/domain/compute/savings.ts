/**
 * Projected interest on a savings balance: GET /v1/savings-interest.
 * Money math in decimal.js; results rounded to cents (half up).
 */
import { Decimal } from 'decimal.js';
import type { SavingsModel } from '../contract/model.js';

/** The compounding assumption, published with every result. */
export const COMPOUNDING_ASSUMPTION =
  'The APY is held constant for the whole period and compounds so that one year earns exactly the APY: ending balance = balance x (1 + APY/100)^(months/12). The whole balance earns the APY of the highest tier whose minimum it reaches. No deposits or withdrawals.';

/** APY (percent 0-100) the whole balance earns: the highest tier whose min_balance_usd it reaches; 0 below every tier. */
export function apyForBalance(model: Pick<SavingsModel, 'tiers'>, balanceUsd: number): number {
  let apy = 0;
  for (const t of model.tiers) if (balanceUsd >= t.min_balance_usd) apy = t.apy_pct;
  return apy;
}

export interface SavingsProjection {
  apy: number;
  interest_usd: number;
  ending_balance_usd: number;
}

/** A growth factor (1 + APY/100)^(months/12): as decimal.js computes it (20 significant digits), and as the nearest double. */
interface Growth {
  decimal: Decimal;
  float: number;
}

/** Growth factors by APY (percent), then by months. */
const growthFactors = new Map<number, Map<number, Growth>>();

/**
 * (1 + APY/100)^(months/12), computed once per APY (percent) and months and kept: a
 * fractional power in decimal.js (exp and ln to 20 digits) was nearly all of the time of a
 * savings request. The keys are few: the APYs of the dataset's tiers times months 1-120.
 */
function growthFactor(apy: number, months: number): Growth {
  let byMonths = growthFactors.get(apy);
  if (!byMonths) growthFactors.set(apy, (byMonths = new Map()));
  let growth = byMonths.get(months);
  if (!growth) {
    const decimal = new Decimal(1).plus(new Decimal(apy).dividedBy(100)).pow(new Decimal(months).dividedBy(12));
    growth = { decimal, float: decimal.toNumber() };
    byMonths.set(months, growth);
  }
  return growth;
}

/**
 * How close (in cents) the double-precision ending balance may come to a half cent before the
 * decimal computation decides the rounding. The double's error is at most about 5e-7 cents
 * (balances up to LIMITS.balanceMax, 1e9 cents, times a growth factor under 2, two roundings of
 * 2^-53 each); decimal.js rounds the product at its 20th significant digit (under 1e-10 cents).
 */
const NEAR_HALF_CENT = 1e-6;

/**
 * Interest earned on `balanceUsd` (USD, at most 2 decimals) over `months` (1-120) at the
 * tier-aware APY. Formula: COMPOUNDING_ASSUMPTION; the ending balance is rounded to the cent,
 * half up. Computed in integer cents times the growth factor as a double, which gives the same
 * cent as the decimal computation (projectSavingsExact) unless the product lies within
 * NEAR_HALF_CENT of a half cent; then the decimal computation answers.
 */
export function projectSavings(model: Pick<SavingsModel, 'tiers'>, balanceUsd: number, months: number): SavingsProjection {
  const apy = apyForBalance(model, balanceUsd);
  const growth = growthFactor(apy, months);
  const cents = Math.round(balanceUsd * 100);
  const ending = cents * growth.float;
  const whole = Math.floor(ending);
  const fraction = ending - whole;
  if (Math.abs(fraction - 0.5) < NEAR_HALF_CENT) return projectSavingsExact(model, balanceUsd, months);
  const endingCents = fraction > 0.5 ? whole + 1 : whole;
  return { apy, interest_usd: (endingCents - cents) / 100, ending_balance_usd: endingCents / 100 };
}

/** projectSavings in decimal.js throughout: balance x growth at 20 significant digits, then to the cent, half up. */
export function projectSavingsExact(model: Pick<SavingsModel, 'tiers'>, balanceUsd: number, months: number): SavingsProjection {
  const apy = apyForBalance(model, balanceUsd);
  const balance = new Decimal(balanceUsd);
  const ending = balance.times(growthFactor(apy, months).decimal).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { apy, interest_usd: ending.minus(balance).toNumber(), ending_balance_usd: ending.toNumber() };
}
