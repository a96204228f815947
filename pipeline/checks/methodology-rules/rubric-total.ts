/** The points of a rubric add up to 100 at most (methodology.yaml, rule kind `rubric`). */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

export const rubricTotal: MethodologyCheck = {
  id: 'rubric-total',
  rule: 'The points of a rubric add up to 100 at most, since a criterion scores 0-100 and the rubric sums the points of the true facts.',
  check({ source, methodology }) {
    return eachCategory(methodology, (_id, { criteria }, at) =>
      criteria.flatMap(({ rule }, i) => {
        if (rule.kind !== 'rubric') return [];
        const total = rule.points.reduce((sum, p) => sum + p.points, 0);
        return total > 100
          ? [
              problemAt(
                source,
                [...at, i, 'rule', 'points'],
                'error',
                `the rubric's points add up to ${total}, above 100`,
                'make the points add up to 100 at most',
              ),
            ]
          : [];
      }),
    );
  },
};
