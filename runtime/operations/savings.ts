/** GET /v1/savings-interest: projected interest at every high-yield savings platform. */
import type { Bundle } from '../bundle.js';
import type { SavingsResponse } from '../contract/api-schemas.js';
import { categoryPage } from '../contract/urls.js';
import { COMPOUNDING_ASSUMPTION, projectSavings } from '../compute/savings.js';
import { invalidParameters } from '../http/problem.js';
import { LIMITS, parseBoundedNumber, type ParameterError } from '../http/parameter-rules.js';
import { body, envelope, fail, type OperationResult } from './result.js';

export interface SavingsArgs {
  /** USD, above 0, at most LIMITS.balanceMax, at most 2 decimals. */
  balance?: string | undefined;
  /** Whole months 1-120, default 12. */
  months?: string | undefined;
}

/** Validates, then projects every platform with a sourced APY; sorted by interest descending, then name. */
export function savingsInterest(bundle: Bundle, args: SavingsArgs): OperationResult {
  const errors: ParameterError[] = [];
  let balance = 0;
  if (args.balance === undefined) {
    errors.push({ parameter: 'balance', message: `required: balance in USD, above 0 and at most ${LIMITS.balanceMax}, e.g. 10000 or 2500.50` });
  } else {
    const parsed = parseBoundedNumber('balance', args.balance, { integer: false, min: 0, max: LIMITS.balanceMax, exclusiveMin: true });
    if (parsed.ok) balance = parsed.value;
    else errors.push(parsed.error);
  }
  let months: number = LIMITS.monthsDefault;
  if (args.months !== undefined) {
    const parsed = parseBoundedNumber('months', args.months, { integer: true, min: LIMITS.monthsMin, max: LIMITS.monthsMax });
    if (parsed.ok) months = parsed.value;
    else errors.push(parsed.error);
  }
  if (errors.length) return fail(invalidParameters(errors));

  const site = bundle.model.site;
  const savers = bundle.model.platforms.filter((p) => p.category === 'high-yield-savings');
  const results = savers
    .filter((p) => p.savings !== null)
    .map((p) => {
      const s = p.savings!;
      const projection = projectSavings(s, balance, months);
      const min = s.minimum_opening_deposit_usd;
      return {
        name: p.name,
        slug: p.slug,
        product: s.product,
        ...projection,
        minimum_opening_deposit_usd: min,
        below_minimum_opening_deposit: min === null ? null : balance < min,
        as_of: s.as_of,
        page: p.page,
      };
    })
    .sort((a, b) => b.interest_usd - a.interest_usd || a.name.localeCompare(b.name, 'en'));
  const response: SavingsResponse = {
    balance_usd: balance,
    months,
    compounding: COMPOUNDING_ASSUMPTION,
    results,
    excluded: savers.filter((p) => p.savings === null).map((p) => ({ name: p.name, slug: p.slug, reason: 'no sourced APY' })),
    ...envelope(site, categoryPage(site, 'high-yield-savings')),
  };
  return body(response);
}
