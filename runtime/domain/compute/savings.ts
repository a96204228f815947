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

const growthFactors = new Map<string, Decimal>();

/**
 * (1 + APY/100)^(months/12), computed once per APY (percent) and months and kept: a
 * fractional power in decimal.js (exp and ln to 20 digits) was nearly all of the time of a
 * savings request. The keys are few: the APYs of the dataset's tiers times months 1-120.
 */
function growthFactor(apy: number, months: number): Decimal {
  const key = `${apy}|${months}`;
  let growth = growthFactors.get(key);
  if (!growth) {
    growth = new Decimal(1).plus(new Decimal(apy).dividedBy(100)).pow(new Decimal(months).dividedBy(12));
    growthFactors.set(key, growth);
  }
  return growth;
}

/**
 * Interest earned on `balanceUsd` (USD) over `months` (1-120) at the tier-aware APY.
 * Formula: COMPOUNDING_ASSUMPTION.
 */
export function projectSavings(model: SavingsModel, balanceUsd: number, months: number): SavingsProjection {
  const apy = apyForBalance(model, balanceUsd);
  const balance = new Decimal(balanceUsd);
  const growth = growthFactor(apy, months);
  const ending = balance.times(growth).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { apy, interest_usd: ending.minus(balance).toNumber(), ending_balance_usd: ending.toNumber() };
}
