/**
 * Platform search (GET /v1/platforms, README decision for spec rule 2/5):
 * `query` is a case-insensitive fragment of name, alias or slug; `category`
 * filters; results by score descending (no score last), then name.
 */
import type { PlatformSummary } from '../contract/api-schemas.js';
import type { CategoryId } from '../contract/categories.js';
import type { ModelPlatform } from '../contract/model.js';
import { nameKey, platformKeys } from './platform-match.js';
import { compareNames } from './name-order.js';

/** Summary of one platform as search returns it. */
function summarise(p: ModelPlatform): PlatformSummary {
  return {
    name: p.name,
    slug: p.slug,
    category: p.category,
    score_pct: p.score_pct,
    coverage: p.coverage,
    eligible: p.eligible,
    ...(p.apy !== undefined && p.savings ? { apy: p.apy, apy_as_of: p.savings.as_of, apy_stale: p.savings.stale } : {}),
    as_of: p.as_of,
    page: p.page,
  };
}

/**
 * Platforms matching the query fragment and category, ranked.
 * @param platforms every platform of the model, already in ranked order (the build sorts them)
 */
export function searchPlatforms(
  platforms: readonly ModelPlatform[],
  query: string | null,
  category: CategoryId | null,
): PlatformSummary[] {
  const fragment = query === null ? '' : nameKey(query);
  return platforms
    .filter((p) => category === null || p.category === category)
    .filter((p) => fragment === '' || platformKeys(p).some((k) => k.includes(fragment)))
    .map(summarise);
}

/** The order search results use: score descending (null last), then name. Applied once by the build. */
export function byRank(a: Pick<ModelPlatform, 'score_pct' | 'name'>, b: Pick<ModelPlatform, 'score_pct' | 'name'>): number {
  return (b.score_pct ?? -1) - (a.score_pct ?? -1) || compareNames(a.name, b.name);
}
