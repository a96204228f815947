/** A fact group recorded as not_applicable must be read by a criterion whose methodology accepts it (methodology.yaml `not_applicable`). */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';
import { isNotApplicable } from '../../../runtime/domain/sources/common-schema.js';
import { groupsOfRule } from '../../../runtime/domain/scoring/criterion-rules.js';

export const notApplicable: PlatformCheck = {
  id: 'not-applicable',
  rule: 'not_applicable is allowed only on a fact group every reading criterion accepts as not applicable (methodology.yaml), so "does not apply" is never used for "unknown".',
  check({ source, platform, methodology }) {
    if (!platform) return [];
    const criteria = methodology.categories[platform.category].criteria;
    return Object.entries(platform.facts as Record<string, unknown>).flatMap(([name, group]) => {
      if (!isNotApplicable(group)) return [];
      const readers = criteria.filter((c) => groupsOfRule(c.rule, platform.category).includes(name));
      const refusing = readers.filter((c) => c.not_applicable === undefined).map((c) => c.key);
      if (readers.length > 0 && refusing.length === 0) return [];
      const accepting = criteria.filter((c) => c.not_applicable !== undefined).flatMap((c) => groupsOfRule(c.rule, platform.category));
      return [
        problemAt(
          source,
          ['facts', name, 'not_applicable'],
          'error',
          readers.length === 0
            ? `no criterion of ${platform.category} reads "${name}", so it cannot be not applicable`
            : `criterion ${refusing.join(', ')} does not accept a not-applicable "${name}" (methodology.yaml)`,
          `not_applicable is accepted on: ${[...new Set(accepting)].join(', ') || 'none in this category'}; record the fact, or leave the group out when it is unknown`,
        ),
      ];
    });
  },
};
