/** GET /v1/savings-interest: projected interest at every high-yield savings platform. */
import type { Dataset } from '../dataset.js';
import { noCurrentPick, rankSavings } from '../compute/savings-ranking.js';
import { invalidParameters } from '../contract/problem.js';
import { LIMITS, parseBoundedNumber, type ParameterError } from '../contract/parameter-rules.js';
import { body, fail, type OperationResult } from './result.js';
import { savingsBasis, savingsJson, savingsResponse } from './savings-json.js';

export interface SavingsArgs {
  /** USD, above 0, at most LIMITS.balanceMax, at most 2 decimals. */
  balance?: string | undefined;
  /** Whole months 1-120, default 12. */
  months?: string | undefined;
}

/** Validates, then projects every platform with a sourced APY, in the order of compute/savings-ranking.ts. */
export function savingsInterest(dataset: Dataset, args: SavingsArgs): OperationResult {
  const errors: ParameterError[] = [];
  let balance = 0;
  if (args.balance === undefined) {
    errors.push({ parameter: 'balance', message: `required: balance in USD, above 0 and at most ${LIMITS.balanceMax}, e.g. 10000 or 2500.50` });
  } else {
    const parsed = parseBoundedNumber('balance', args.balance, { integer: false, min: 0, max: LIMITS.balanceMax, exclusiveMin: true });
    if (parsed.ok) balance = parsed.value;
    else errors.push(...parsed.errors);
  }
  let months: number = LIMITS.monthsDefault;
  if (args.months !== undefined) {
    const parsed = parseBoundedNumber('months', args.months, { integer: true, min: LIMITS.monthsMin, max: LIMITS.monthsMax });
    if (parsed.ok) months = parsed.value;
    else errors.push(...parsed.errors);
  }
  if (errors.length) return fail(invalidParameters(errors));

  const { savers, fixed } = savingsBasis(dataset);
  const results = rankSavings(savers, balance, months);
  const noPick = noCurrentPick(results);
  const response = savingsResponse(fixed, balance, months, noPick, results);
  return body(response, savingsJson(dataset, response));
}
