/**
 * The compare page of a comparison that has no published page: a verdict pair
 * outside the published set, or 3 to 6 platforms (the `page` URL of
 * GET /v1/compare). Rendered from the same body the API returns for it, with
 * default weights, by the same renderer the build uses (runtime/pages/compare-page.ts).
 */
import type { Bundle } from '../bundle.js';
import type { ComparisonResponse } from '../contract/api-schemas.js';
import { notFound, type ProblemSpec } from '../http/problem.js';
import { preview } from '../http/parameter-rules.js';
import { comparePageHtml } from '../pages/compare-page.js';
import { comparePlatforms } from './compare.js';
import { getVerdict } from './records.js';

/**
 * The HTML of /compare/{slug}, or a not-found problem naming what is wrong.
 * @param slug `<a>-vs-<b>[-vs-<c>...]` with platform slugs, names or aliases
 */
export function comparePage(bundle: Bundle, slug: string): { html: string } | { problem: ProblemSpec } {
  const site = bundle.model.site;
  const parts = slug.split('-vs-');
  if (parts.length === 2) {
    const verdict = getVerdict(bundle, slug);
    if (verdict.kind === 'problem') return { problem: verdict.problem };
    const v = verdict.kind === 'bytes' ? JSON.parse(verdict.bytes.toString('utf8')) : verdict.body;
    return { html: comparePageHtml(site, v, v.title, `/v1/verdicts/${v.slug}`) };
  }
  const result = comparePlatforms(bundle, { platforms: parts });
  if (result.kind !== 'body') {
    const why = result.kind === 'problem' ? result.problem.errors?.map((e) => e.message).join('; ') ?? result.problem.detail : '';
    return { problem: notFound(`No comparison page at "${preview(slug)}": ${why}`) };
  }
  const c = result.body as ComparisonResponse;
  const names = c.products.map((p) => p.name).sort((a, b) => a.localeCompare(b));
  const json = `/v1/compare?platforms=${c.products.map((p) => p.slug).sort().join(',')}`;
  return { html: comparePageHtml(site, c, names.join(' vs '), json) };
}
