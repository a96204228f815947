/** A profile leaves at least one criterion weighted above 0 (its weights over the defaults; methodology.yaml `profiles`). */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

export const profileWeights: MethodologyCheck = {
  id: 'profile-weights',
  rule: 'A profile, over the default weights, weighs at least one criterion above 0, so a platform can be scored under it.',
  check({ source, methodology }) {
    return eachCategory(methodology, (id, { criteria, profiles }) =>
      (profiles ?? []).flatMap((profile, i) =>
        criteria.every((c) => (profile.weights[c.key] ?? c.weight) === 0)
          ? [problemAt(source, ['categories', id, 'profiles', i, 'weights'], 'error', 'the profile weighs every criterion 0')]
          : [],
      ),
    );
  },
};
