/** Resolving a caller's platform name to a platform, or a 404 problem with suggestions. */
import type { Dataset } from '../dataset.js';
import type { ModelPlatform } from '../contract/model.js';
import { findPlatform, suggestNames } from '../compute/platform-match.js';
import { notFound, type ProblemSpec } from '../contract/problem.js';
import { LIMITS, preview } from '../contract/parameter-rules.js';

/** The platform named `name` (slug, name or alias, any case) or a not-found problem listing up to three closest names. */
export function lookupPlatform(dataset: Dataset, name: string): { platform: ModelPlatform } | { problem: ProblemSpec } {
  const platform = name.length <= LIMITS.nameMaxLength ? findPlatform(dataset.index, name) : undefined;
  return platform ? { platform } : { problem: unknownPlatforms(dataset, [name]) };
}

/** The 404 problem for names that match no platform, with the closest names of each (up to three each) in `suggestions`. */
export function unknownPlatforms(dataset: Dataset, names: readonly string[]): ProblemSpec {
  const suggestions = [...new Set(names.flatMap((n) => suggestNames(dataset.index, n)))];
  const hint = suggestions.length ? ` Did you mean: ${suggestions.join(', ')}?` : ' GET /v1/platforms lists every platform.';
  return notFound(`No platform is named ${names.map((n) => `"${preview(n)}"`).join(' or ')}.${hint}`, suggestions);
}
