/** GET /v1/fees: estimated annual fees at every brokerage or exchange. */
import type { Dataset } from '../dataset.js';
import type { FeesResponse } from '../contract/calculator-schemas.js';
import { categoryPageUrl } from '../contract/urls.js';
import type { FeeProfile } from '../compute/fees.js';
import { FEE_RANKING, rankFeeEstimates } from '../compute/fee-ranking.js';
import { invalidParameters } from '../contract/problem.js';
import { LIMITS, parseFeeCategoryParameter, parseNumberParameter, type ParameterError } from '../contract/parameter-rules.js';
import { body, envelope, fail, type OperationResult } from './result.js';

export type FeesArgs = Partial<Record<'category' | (typeof LIMITS.feeParameters)[number]['name'], string>>;

/** Validates, then estimates every platform of the kind (compute/fee-ranking.ts for the order). Options contracts for exchanges are accepted and reported as not applied. */
export function feeEstimates(dataset: Dataset, args: FeesArgs): OperationResult {
  const errors: ParameterError[] = [];
  const categoryId = parseFeeCategoryParameter(args.category, errors);
  const profile = {} as FeeProfile;
  for (const rule of LIMITS.feeParameters) profile[rule.name] = parseNumberParameter(rule, args[rule.name], errors);
  if (errors.length || !categoryId) return fail(invalidParameters(errors));
  const notApplied: FeesResponse['not_applied'] = [];
  if (categoryId === 'exchanges' && args.options_contracts_per_month !== undefined) {
    notApplied.push({ parameter: 'options_contracts_per_month', reason: 'exchanges trade no stock options; the parameter is not used for category exchange' });
  }

  const site = dataset.model.site;
  const members = dataset.model.platforms.filter((p) => p.category === categoryId);
  // the envelope appended with Object.assign: a spread into the literal takes V8's slow path (docs/performance.md)
  const response: FeesResponse = Object.assign(
    {
      category: categoryId === 'brokerages' ? ('brokerage' as const) : ('exchange' as const),
      inputs: profile,
      results: rankFeeEstimates(members, profile),
      not_applied: notApplied,
      ranking: FEE_RANKING,
    },
    envelope(site, categoryPageUrl(site, categoryId)),
  );
  return body(response);
}
