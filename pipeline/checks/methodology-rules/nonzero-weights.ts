/** A category weighs at least one criterion above 0 by default (methodology.yaml, criterion `weight`). */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

export const nonzeroWeights: MethodologyCheck = {
  id: 'nonzero-weights',
  rule: 'Every category weighs at least one criterion above 0 by default, since the score is a weighted mean and with every weight 0 no platform can be scored.',
  check({ source, methodology }) {
    return eachCategory(methodology, (id, { criteria }, at) =>
      criteria.every((c) => c.weight === 0)
        ? [problemAt(source, at, 'error', `every criterion of ${id} weighs 0, so no platform can be scored`, 'give at least one criterion a weight above 0')]
        : [],
    );
  },
};
