/** GET /v1/fees: estimated annual fees at every brokerage or exchange. */
import type { Bundle } from '../bundle.js';
import type { FeeResult, FeesResponse } from '../contract/api-schemas.js';
import { categoryPage } from '../contract/urls.js';
import { estimateFees, type FeeProfile } from '../compute/fees.js';
import { invalidParameters } from '../http/problem.js';
import { LIMITS, parseBoundedNumber, preview, type ParameterError } from '../http/parameter-rules.js';
import { body, envelope, fail, type OperationResult } from './result.js';

export type FeesArgs = Partial<Record<'category' | (typeof LIMITS.feeParameters)[number]['name'], string>>;

const FEE_CATEGORIES = { brokerage: 'brokerages', brokerages: 'brokerages', exchange: 'exchanges', exchanges: 'exchanges' } as const;

/** Validates, then estimates every platform of the kind; sorted by annual total ascending, then name. */
export function feeEstimates(bundle: Bundle, args: FeesArgs): OperationResult {
  const errors: ParameterError[] = [];
  const key = args.category?.trim().toLowerCase();
  const categoryId = key !== undefined && Object.hasOwn(FEE_CATEGORIES, key) ? FEE_CATEGORIES[key as keyof typeof FEE_CATEGORIES] : undefined;
  if (!categoryId) {
    errors.push({
      parameter: 'category',
      message: args.category === undefined ? 'required: brokerage or exchange' : `must be brokerage or exchange; got "${preview(args.category)}"`,
    });
  }
  const profile = {} as FeeProfile;
  for (const rule of LIMITS.feeParameters) {
    const raw = args[rule.name];
    if (raw === undefined) {
      profile[rule.name] = rule.default;
      continue;
    }
    const parsed = parseBoundedNumber(rule.name, raw, rule);
    if (parsed.ok) profile[rule.name] = parsed.value;
    else errors.push(parsed.error);
  }
  if (categoryId === 'exchanges' && profile.options_contracts_per_month > 0) {
    errors.push({ parameter: 'options_contracts_per_month', message: 'applies to category brokerage only; leave it out or set 0 for exchanges' });
  }
  if (errors.length || !categoryId) return fail(invalidParameters(errors));

  const site = bundle.model.site;
  const members = bundle.model.platforms.filter((p) => p.category === categoryId);
  const results: FeeResult[] = [];
  const excluded: FeesResponse['excluded'] = [];
  for (const p of members) {
    if (!p.fees) {
      excluded.push({ name: p.name, slug: p.slug, reason: `fee facts without a source: ${p.fee_facts_missing.join(', ')}` });
      continue;
    }
    const outcome = estimateFees(p.fees, profile);
    if (outcome.ok) results.push({ name: p.name, slug: p.slug, ...outcome.estimate, as_of: p.fees.as_of, page: p.page });
    else excluded.push({ name: p.name, slug: p.slug, reason: outcome.reason });
  }
  results.sort((a, b) => a.annual_total_usd - b.annual_total_usd || a.name.localeCompare(b.name, 'en'));
  const response: FeesResponse = {
    category: categoryId === 'brokerages' ? 'brokerage' : 'exchange',
    inputs: profile,
    results,
    excluded,
    ...envelope(site, categoryPage(site, categoryId)),
  };
  return body(response);
}
