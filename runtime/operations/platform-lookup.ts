/** Resolving a caller's platform name to a platform, or a 404 problem with suggestions. */
import type { Bundle } from '../bundle.js';
import type { ModelPlatform } from '../contract/model.js';
import { findPlatform, suggestNames } from '../compute/platform-match.js';
import { notFound, type ProblemSpec } from '../http/problem.js';
import { LIMITS, preview } from '../http/parameter-rules.js';

/** The platform named `name` (slug, name or alias, any case) or a not-found problem listing up to three closest names. */
export function lookupPlatform(bundle: Bundle, name: string): { platform: ModelPlatform } | { problem: ProblemSpec } {
  const platform = name.length <= LIMITS.nameMaxLength ? findPlatform(bundle.index, name) : undefined;
  if (platform) return { platform };
  const suggestions = suggestNames(bundle.index, name);
  const hint = suggestions.length ? ` Did you mean: ${suggestions.join(', ')}?` : ' GET /v1/platforms lists every platform.';
  return { problem: notFound(`No platform is named "${preview(name)}".${hint}`, suggestions) };
}
