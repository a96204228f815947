/** Operations on precomputed bytes: category list, platform record, safety record, verdict (a verdict outside the published set is computed). */
import type { Dataset } from '../dataset.js';
import { comparisonSlug } from '../contract/urls.js';
import { findPlatform } from '../compute/platform-match.js';
import { notFound } from '../contract/problem.js';
import { parseVerdictSlug, preview } from '../contract/parameter-rules.js';
import { lookupPlatform, unknownPlatforms } from './platform-lookup.js';
import { verdictBody } from './verdict.js';
import { body, bytes, fail, type OperationResult } from './result.js';

/** GET /v1/categories. */
export function listCategories(dataset: Dataset): OperationResult {
  return bytes(dataset.bytes.categories);
}

/** GET /v1/platforms/{name}: 404 with suggestions for an unknown name. */
export function getPlatform(dataset: Dataset, name: string): OperationResult {
  const found = lookupPlatform(dataset, name);
  return 'problem' in found ? fail(found.problem) : bytes(dataset.bytes.platforms.get(found.platform.slug)!);
}

/** GET /v1/safety/{name}: 404 with suggestions for an unknown name. */
export function getSafety(dataset: Dataset, name: string): OperationResult {
  const found = lookupPlatform(dataset, name);
  return 'problem' in found ? fail(found.problem) : bytes(dataset.bytes.safety.get(found.platform.slug)!);
}

/**
 * GET /v1/verdicts/{slug}: `<a>-vs-<b>` with slugs, names or aliases in either order, any case.
 * Published verdicts are served as precomputed bytes; other pairs of one category are computed.
 * 404 when the form is wrong, a platform is unknown, or the two are in different categories.
 */
export function getVerdict(dataset: Dataset, slug: string): OperationResult {
  // A published verdict asked for by its canonical slug (the form every page and the open data link):
  // its bytes at once. Parsing it would name the same pair, since a platform's slug is its own key
  // (names, slugs and aliases are unique across platforms: build lint). About 0.6 us saved per request.
  const canonical = dataset.bytes.verdicts.get(slug);
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
  const published = dataset.bytes.verdicts.get(comparisonSlug([a.slug, b.slug]));
  if (published) return bytes(published);
  // Only pairs among the top platforms of a category are published (PUBLISHED_VERDICT_TOP_K); any other pair
  // gets the same body from the same function, computed now.
  return body(verdictBody(dataset.model.site, dataset.model.rules, dataset.criteria.get(a.category)!, a, b));
}
