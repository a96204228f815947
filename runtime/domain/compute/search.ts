/**
 * Platform search (GET /v1/platforms, README decision for spec rule 2/5):
 * `query` is a case-insensitive fragment of name, alias or slug; `category`
 * filters; results in rank order (compute/ranking-order.ts byRank, applied once by the build: those that can be named winner first).
 */
import type { PlatformSummary } from '../contract/api-schemas.js';
import type { CategoryId } from '../contract/categories.js';
import type { ModelPlatform } from '../contract/model.js';
import { nameKey, platformKeys } from './platform-match.js';
import { madeOnce } from './made-once.js';

/** Summary of one platform as search returns it: made once per platform and shared by every answer (never mutated). */
const platformSummary = madeOnce((p: ModelPlatform): PlatformSummary => ({
  name: p.name,
  slug: p.slug,
  category: p.category,
  score_pct: p.score_pct,
  score_low_pct: p.score_low_pct,
  score_high_pct: p.score_high_pct,
  coverage: p.coverage,
  eligible: p.eligible,
  rank: p.rank,
  rank_note: p.rank_note,
  overlaps_previous: p.overlaps_previous,
  ...(p.apy !== undefined && p.savings ? { apy: p.apy, apy_as_of: p.savings.as_of, apy_stale: p.savings.stale } : {}),
  as_of: p.as_of,
  page: p.page,
}));

/**
 * Platforms matching the query fragment and category, ranked.
 * @param platforms every platform of the model, already in ranked order (the build sorts them)
 */
export function searchPlatforms(platforms: readonly ModelPlatform[], query: string | null, category: CategoryId | null): PlatformSummary[] {
  const fragment = query === null ? '' : nameKey(query);
  const matching = fragment === '' ? platforms : matchingPlatforms(platforms, fragment);
  return matching.filter((p) => category === null || p.category === category).map(platformSummary);
}

/** Every platform's normalised keys in one text, each key followed by a NUL, and where each platform's keys start (a last entry: the text's length). */
interface KeyText {
  text: string;
  starts: Int32Array;
}

/** The key text of a model's platform list, made once per list. */
const keyTextOf = madeOnce((platforms: readonly ModelPlatform[]): KeyText => {
  const starts = new Int32Array(platforms.length + 1);
  let text = '';
  platforms.forEach((p, i) => {
    starts[i] = text.length;
    text += platformKeys(p)
      .map((k) => `${k}\u0000`)
      .join('');
  });
  starts[platforms.length] = text.length;
  return { text, starts };
});

/**
 * The platforms (in their order) with a normalised key that contains `fragment`: one indexOf scan
 * over all keys instead of a search in each key of each platform (about 155 x 3 calls per request).
 * A fragment with a NUL in it, which no key holds, is searched key by key.
 */
function matchingPlatforms(platforms: readonly ModelPlatform[], fragment: string): ModelPlatform[] {
  if (fragment.includes('\u0000')) return platforms.filter((p) => platformKeys(p).some((k) => k.includes(fragment)));
  const { text, starts } = keyTextOf(platforms);
  const found: ModelPlatform[] = [];
  let i = 0;
  for (let at = text.indexOf(fragment); at >= 0; at = text.indexOf(fragment, starts[i + 1])) {
    while (starts[i + 1]! <= at) i++;
    found.push(platforms[i]!);
  }
  return found;
}
