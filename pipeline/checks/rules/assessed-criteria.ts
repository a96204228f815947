/** An assessment names a criterion of the platform's category whose rule is `assessed`. */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';

export const assessedCriteria: PlatformCheck = {
  id: 'assessed-criteria',
  rule: 'Assessments are given only for criteria the methodology scores by assessment; a criterion derived from facts takes its facts instead.',
  check({ source, platform, methodology }) {
    if (!platform) return [];
    const criteria = methodology.categories[platform.category].criteria;
    return Object.keys(platform.assessments ?? {}).flatMap((key) => {
      const criterion = criteria.find((c) => c.key === key);
      if (!criterion)
        return [
          problemAt(
            source,
            ['assessments', key],
            'error',
            `"${key}" is not a criterion of ${platform.category}`,
            `criteria: ${criteria.map((c) => c.key).join(', ')}`,
          ),
        ];
      if (criterion.rule.kind !== 'assessed')
        return [
          problemAt(
            source,
            ['assessments', key],
            'error',
            `criterion "${key}" is derived from facts (rule ${criterion.rule.kind}), so it takes no assessment`,
            'remove it; give the facts it is computed from instead',
          ),
        ];
      return [];
    });
  },
};
