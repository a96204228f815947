/**
 * The compare page of a comparison that has no published page: a verdict pair
 * outside the published set, or 3 to 6 platforms (the `page` URL of
 * GET /v1/compare), or any comparison with custom weights or a profile. Rendered from the same
 * body the API returns for it, by the same renderer the build uses (runtime/domain/pages/compare-page.ts).
 */
import type { Dataset } from '../dataset.js';
import type { ComparisonResponse } from '../contract/comparison-schemas.js';
import { notFound, type ProblemSpec } from '../contract/problem.js';
import { preview } from '../contract/parameter-rules.js';
import { apiPath } from '../contract/urls.js';
import { API_PATHS } from './catalogue.js';
import { comparePageHtml } from '../pages/compare-page.js';
import { comparePlatforms } from './compare.js';
import { getVerdict } from './records.js';

/** Weights and profile asked for on a compare page, in the API's own forms (GET /v1/compare). */
export interface ComparePageQuery {
  /** `key:weight,...`, criterion keys or weight groups, weights 0-10. */
  weights?: string | undefined;
  /** A published weight profile of the category. */
  profile?: string | undefined;
}

/**
 * The HTML of /compare/{slug}, or the problem to answer: 400 naming `weights` or `profile` when
 * those are wrong, else not found naming what is wrong with the slug.
 * @param slug `<a>-vs-<b>[-vs-<c>...]` with platform slugs, names or aliases
 * @param query custom weights or a profile; without them a pair gets its verdict, as published
 */
export function comparePage(dataset: Dataset, slug: string, query: ComparePageQuery = {}): { html: string } | { problem: ProblemSpec } {
  const site = dataset.model.site;
  const parts = slug.split('-vs-');
  const custom = query.weights !== undefined || query.profile !== undefined;
  if (parts.length === 2 && !custom) {
    const verdict = getVerdict(dataset, API_PATHS.getVerdict, slug);
    if (verdict.kind === 'problem') return { problem: verdict.problem };
    const v = verdict.kind === 'bytes' ? JSON.parse(verdict.bytes.toString('utf8')) : verdict.body;
    return { html: comparePageHtml(site, v, v.title, apiPath(API_PATHS.getVerdict, v.slug), dataset.model.rules.coverage_gate_pct) };
  }
  const result = comparePlatforms(dataset, { platforms: parts, weights: query.weights, profile: query.profile });
  if (result.kind !== 'body') {
    if (result.kind === 'problem' && result.problem.errors?.some((e) => e.parameter !== 'platforms')) return { problem: result.problem };
    const why = result.kind === 'problem' ? (result.problem.errors?.map((e) => e.message).join('; ') ?? result.problem.detail) : '';
    return { problem: notFound(`No comparison page at "${preview(slug)}": ${why}`) };
  }
  const c = result.body as ComparisonResponse;
  const names = c.products.map((p) => p.name).sort((a, b) => a.localeCompare(b));
  const api = new URLSearchParams({
    platforms: c.products
      .map((p) => p.slug)
      .sort()
      .join(','),
  });
  if (query.weights !== undefined) api.set('weights', query.weights);
  if (query.profile !== undefined) api.set('profile', query.profile);
  return { html: comparePageHtml(site, c, names.join(' vs '), `${API_PATHS.comparePlatforms}?${api.toString()}`, dataset.model.rules.coverage_gate_pct) };
}
