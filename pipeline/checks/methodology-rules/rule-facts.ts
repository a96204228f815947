/**
 * The facts a rule reads (rubric `fact` and `any_of`, enum and linear `fact`) are in fact groups of
 * the category (runtime/domain/sources/platform-schema.ts).
 */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';
import { factsOfRule } from '../../../runtime/domain/scoring/criterion-rules.js';
import { FactsSchemas } from '../../../runtime/domain/sources/platform-schema.js';

export const ruleFacts: MethodologyCheck = {
  id: 'rule-facts',
  rule: 'Every fact a rule reads belongs to a fact group of its category, since a platform file can record no other fact and the criterion would never score.',
  check({ source, methodology }) {
    return eachCategory(methodology, (id, { criteria }, at) => {
      const groups = Object.keys(FactsSchemas[id].shape);
      return criteria.flatMap((c, i) =>
        factsOfRule(c.rule)
          .filter((fact) => !groups.includes(fact.split('.')[0]!))
          .map((fact) => problemAt(source, [...at, i, 'rule'], 'error', `fact "${fact}" is not a fact group of ${id}`, `fact groups: ${groups.join(', ')}`)),
      );
    });
  },
};
