/** A weight group does not share its name with a criterion of the category. */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

export const groupNames: MethodologyCheck = {
  id: 'group-names',
  rule: 'A weight group never has the name of a criterion, so a weight key in compare (weights=fees:10) names one thing.',
  check({ source, methodology }) {
    return eachCategory(methodology, (_id, { criteria }, at) => {
      const keys = criteria.map((c) => c.key);
      return criteria.flatMap((c, i) =>
        c.group !== undefined && keys.includes(c.group)
          ? [
              problemAt(
                source,
                [...at, i, 'group'],
                'error',
                `weight group "${c.group}" has the name of a criterion`,
                'a weight key must name one thing: rename the group or the criterion',
              ),
            ]
          : [],
      );
    });
  },
};
