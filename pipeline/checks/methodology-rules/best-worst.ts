/** A linear or scenario_cost rule has `best` different from `worst` (methodology.yaml, rule kinds). */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

export const bestWorst: MethodologyCheck = {
  id: 'best-worst',
  rule: 'A linear or scenario_cost rule has best different from worst, since it maps a value between the two to 0-100 and cannot when they are equal.',
  check({ source, methodology }) {
    return eachCategory(methodology, (_id, { criteria }, at) =>
      criteria.flatMap(({ rule }, i) =>
        (rule.kind === 'linear' || rule.kind === 'scenario_cost') && rule.best === rule.worst
          ? [
              problemAt(
                source,
                [...at, i, 'rule', 'worst'],
                'error',
                `best and worst are both ${rule.best}, so the rule cannot map a value to 0-100`,
                'set worst to the value that should score 0',
              ),
            ]
          : [],
      ),
    );
  },
};
