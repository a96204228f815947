/** GET /v1/savings-interest: projected interest at every high-yield savings platform. */
import type { Dataset } from '../dataset.js';
import { noCurrentPick, rankSavings } from '../compute/savings-ranking.js';
import { invalidParameters } from '../contract/problem.js';
import { NUMBER_PARAMETERS, parseNumberParameter, rangeText, type ParameterError } from '../contract/parameter-rules.js';
import { body, fail, type OperationResult } from './result.js';
import { savingsBasis, savingsJson, savingsResponse } from './savings-json.js';

export interface SavingsArgs {
  /** USD, NUMBER_PARAMETERS.balance: above 0, at most LIMITS.balanceMax, at most 2 decimals. */
  balance?: string | undefined;
  /** Whole months, NUMBER_PARAMETERS.months: 1-120, default 12. */
  months?: string | undefined;
}

/** Validates, then projects every platform with a sourced APY, in the order of compute/savings-ranking.ts. */
export function savingsInterest(dataset: Dataset, args: SavingsArgs): OperationResult {
  const errors: ParameterError[] = [];
  const balanceRule = NUMBER_PARAMETERS.balance;
  if (args.balance === undefined) errors.push({ parameter: 'balance', message: `required: balance in USD, ${rangeText(balanceRule)}, e.g. 10000 or 2500.50` });
  const balance = parseNumberParameter(balanceRule, args.balance, errors) ?? 0;
  const months = parseNumberParameter(NUMBER_PARAMETERS.months, args.months, errors);
  if (errors.length) return fail(invalidParameters(errors));

  const { savers, fixed } = savingsBasis(dataset);
  const results = rankSavings(savers, balance, months);
  const noPick = noCurrentPick(results);
  const response = savingsResponse(fixed, balance, months, noPick, results);
  return body(response, savingsJson(dataset, response));
}
