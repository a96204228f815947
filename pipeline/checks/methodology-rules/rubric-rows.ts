/** A rubric row names its fact once: `fact` or `any_of`, never both or neither (methodology.yaml, rule kind `rubric`). */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

export const rubricRows: MethodologyCheck = {
  id: 'rubric-rows',
  rule: 'A rubric row has exactly one of fact and any_of, so it is clear which true fact earns its points.',
  check({ source, methodology }) {
    return eachCategory(methodology, (_id, { criteria }, at) =>
      criteria.flatMap(({ rule }, i) =>
        rule.kind === 'rubric'
          ? rule.points.flatMap((p, j) =>
              (p.fact === undefined) === (p.any_of === undefined)
                ? [problemAt(source, [...at, i, 'rule', 'points', j], 'error', 'a rubric row needs exactly one of fact and any_of')]
                : [],
            )
          : [],
      ),
    );
  },
};
