/**
 * Every category has `fees` and `security`, as a criterion or a weight group: the weight keys a
 * caller can always name (README "Scoring": `weights=fees:8,security:10` in GET /v1/compare).
 */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

/** Keys every category must have, as a criterion key or a weight group. */
const REQUIRED_KEYS = ['fees', 'security'] as const;

export const requiredCriteria: MethodologyCheck = {
  id: 'required-criteria',
  rule: 'Every category has a fees and a security criterion or weight group, so a caller can weigh fees and security in any category.',
  check({ source, methodology }) {
    return eachCategory(methodology, (id, { criteria }, at) => {
      const keys = criteria.flatMap((c) => (c.group === undefined ? [c.key] : [c.key, c.group]));
      return REQUIRED_KEYS.filter((required) => !keys.includes(required)).map((required) =>
        problemAt(
          source,
          at,
          'error',
          `category ${id} has no "${required}" criterion or weight group`,
          'every category needs fees and security (the weight keys of README "Scoring")',
        ),
      );
    });
  },
};
