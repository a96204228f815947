/** A profile weighs criteria of its category only (methodology.yaml `profiles`; GET /v1/compare `profile`). */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

export const profileCriteria: MethodologyCheck = {
  id: 'profile-criteria',
  rule: 'A profile weighs only criteria of its category, so none of its weights is silently ignored.',
  check({ source, methodology }) {
    return eachCategory(methodology, (id, { criteria, profiles }) => {
      const keys = criteria.map((c) => c.key);
      return (profiles ?? []).flatMap((profile, i) =>
        Object.keys(profile.weights)
          .filter((k) => !keys.includes(k))
          .map((k) =>
            problemAt(source, ['categories', id, 'profiles', i, 'weights', k], 'error', `"${k}" is not a criterion of ${id}`, `criteria: ${keys.join(', ')}`),
          ),
      );
    });
  },
};
