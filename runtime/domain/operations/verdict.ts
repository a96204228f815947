/**
 * The verdict of a comparison page: two platforms of one category compared
 * with default weights, plus a title. One function for both places a verdict
 * is made: the build publishes the verdicts of the top pairs of each category
 * (pipeline/emit/api-bodies.ts), and the runtime computes any other pair of
 * one category on request, so both give the same body for the same pair.
 */
import type { VerdictResponse } from '../contract/comparison-schemas.js';
import type { CompareRules, ModelCriterion, ModelPlatform, Site } from '../contract/model.js';
import { comparePageUrl, comparisonSlug } from '../contract/urls.js';
import { envelope } from './result.js';
import { compare } from '../compute/compare.js';
import { defaultWeights } from '../compute/weighted-score.js';

/**
 * The verdict body of two distinct platforms of one category. The pair is put
 * in slug order first (the order of the canonical slug), so either argument
 * order gives the same bytes.
 * @param criteria the category's criteria (their default weights are applied)
 */
export function verdictBody(site: Site, rules: CompareRules, criteria: readonly ModelCriterion[], a: ModelPlatform, b: ModelPlatform): VerdictResponse {
  const pair = a.slug.localeCompare(b.slug) <= 0 ? [a, b] : [b, a];
  const slug = comparisonSlug(pair.map((m) => m.slug));
  const result = compare(pair, criteria, defaultWeights(criteria), 'default', null, rules);
  const names = `${pair[0]!.name} vs ${pair[1]!.name}`;
  const title =
    result.winner === null
      ? `${names}: no verdict (coverage under the gate)`
      : result.too_close
        ? `${names}: too close to call`
        : result.depends_on_unknown
          ? `${names}: ${result.winner} leads, but missing or old data could reverse it`
          : `${names}: ${result.winner} wins`;
  return { slug, title, ...result, ...envelope(site, comparePageUrl(site, slug)) };
}
