/**
 * Operations on precomputed bytes (Dataset.api, by URL path): the category list, a platform's record, history and
 * safety record, a verdict (one outside the published set is computed).
 */
import type { Dataset } from '../dataset.js';
import { apiPath, comparisonSlug } from '../contract/urls.js';
import { findPlatform } from '../compute/platform-match.js';
import { notFound } from '../contract/problem.js';
import { parseVerdictSlug, preview } from '../contract/parameter-rules.js';
import { lookupPlatform, unknownPlatforms } from './platform-lookup.js';
import { verdictBody } from './verdict.js';
import { body, bytes, fail, type OperationResult } from './result.js';

/**
 * The precomputed body at an exact API path (GET /v1/categories).
 * @throws Error when the loaded build has no body there (a dist/ without it is refused at load: its manifest lists it)
 */
export function precomputedAt(dataset: Dataset, path: string): OperationResult {
  const found = dataset.api.get(path);
  if (!found) throw new Error(`the loaded build has no precomputed body at ${path}`);
  return bytes(found);
}

/**
 * A platform's precomputed document (GET /v1/platforms/{name}, /v1/platforms/{name}/history, /v1/safety/{name}):
 * `name` (slug, name or alias, any case) looked up, then the body at `template` with the platform's slug;
 * 404 with suggestions for an unknown name.
 */
export function platformDocument(dataset: Dataset, template: string, name: string): OperationResult {
  const found = lookupPlatform(dataset, name);
  return 'problem' in found ? fail(found.problem) : precomputedAt(dataset, apiPath(template, found.platform.slug));
}

/**
 * GET /v1/verdicts/{slug}: `<a>-vs-<b>` with slugs, names or aliases in either order, any case.
 * Published verdicts are served as precomputed bytes; other pairs of one category are computed.
 * 404 when the form is wrong, a platform is unknown, or the two are in different categories.
 */
export function getVerdict(dataset: Dataset, template: string, slug: string): OperationResult {
  // A published verdict asked for by its canonical slug (the form every page and the open data link):
  // its bytes at once. Parsing it would name the same pair, since a platform's slug is its own key
  // (names, slugs and aliases are unique across platforms: build lint). About 0.6 us saved per request.
  const canonical = dataset.api.get(apiPath(template, slug));
  if (canonical) return bytes(canonical);
  const parts = parseVerdictSlug(slug);
  if (!parts) {
    return fail(notFound(`"${preview(slug)}" is not a verdict slug; expected <platform_a>-vs-<platform_b>, e.g. /v1/verdicts/coinbase-vs-kraken.`));
  }
  const platforms = parts.map((p) => findPlatform(dataset.index, p));
  const unknown = parts.filter((_, i) => platforms[i] === undefined);
  if (unknown.length) return fail(unknownPlatforms(dataset, unknown));
  const [a, b] = platforms as [NonNullable<(typeof platforms)[0]>, NonNullable<(typeof platforms)[0]>];
  if (a.slug === b.slug) return fail(notFound('A verdict compares two different platforms.'));
  if (a.category !== b.category) {
    return fail(notFound(`No verdict compares ${a.name} (${a.category}) with ${b.name} (${b.category}): verdicts stay within one category.`));
  }
  const published = dataset.api.get(apiPath(template, comparisonSlug([a.slug, b.slug])));
  if (published) return bytes(published);
  // Only pairs among the top platforms of a category are published (PUBLISHED_VERDICT_TOP_K); any other pair
  // gets the same body from the same function, computed now.
  return body(verdictBody(dataset.model.site, dataset.model.rules, dataset.criteria.get(a.category)!, a, b));
}
