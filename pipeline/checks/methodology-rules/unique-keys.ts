/** Criterion keys are unique within a category (a key names its criterion in weights, assessments and scores). */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

export const uniqueKeys: MethodologyCheck = {
  id: 'unique-keys',
  rule: 'Every criterion key appears once in its category, since the key names the criterion in weights, assessments and published scores.',
  check({ source, methodology }) {
    return eachCategory(methodology, (_id, { criteria }, at) => {
      const keys = criteria.map((c) => c.key);
      return keys.flatMap((k, i) => (keys.indexOf(k) !== i ? [problemAt(source, [...at, i, 'key'], 'error', `criterion key "${k}" appears twice`)] : []));
    });
  },
};
