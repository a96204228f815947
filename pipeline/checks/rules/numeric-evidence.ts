/**
 * A numeric fact (APY, fee, price; an incident's penalty or restitution) needs a primary source or a
 * reputable one with a published date (methodology.yaml "evidence"; severity from `numeric_weak_only`).
 */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';
import { weakNumbers } from '../../../runtime/domain/scoring/numeric-evidence.js';

export const numericEvidence: PlatformCheck = {
  id: 'numeric-evidence',
  rule: 'Every number (APY, fee, price, penalty, restitution) cites a primary source or a dated reputable one; aggregators and blogs are leads, not evidence.',
  check({ source, platform, methodology, evidence }) {
    if (!platform) return [];
    const hint =
      "cite the platform's own page or filing, a regulator or court, or a reputable outlet's dated article (sources/source-tiers.yaml); remove the number when none exists";
    return weakNumbers(platform, evidence.lists).map((w) =>
      problemAt(source, w.path, methodology.evidence.numeric_weak_only, `${w.label} is backed only by weak sources`, hint),
    );
  },
};
