/**
 * The facts a rule reads (rubric `fact` and `any_of`, enum and linear `fact`) are in fact groups of
 * the category (runtime/domain/sources/platform-schema.ts).
 */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';
import type { Rule } from '../../../runtime/domain/sources/methodology-schema.js';
import { FactsSchemas } from '../../../runtime/domain/sources/platform-schema.js';

/** The fact paths (<fact group>.<field>) a rule reads, in the order they are written. */
function factsOf(rule: Rule): string[] {
  if (rule.kind === 'rubric') return rule.points.flatMap((p) => [...(p.fact ? [p.fact] : []), ...(p.any_of ?? [])]);
  return rule.kind === 'enum' || rule.kind === 'linear' ? [rule.fact] : [];
}

export const ruleFacts: MethodologyCheck = {
  id: 'rule-facts',
  rule: 'Every fact a rule reads belongs to a fact group of its category, since a platform file can record no other fact and the criterion would never score.',
  check({ source, methodology }) {
    return eachCategory(methodology, (id, { criteria }, at) => {
      const groups = Object.keys(FactsSchemas[id].shape);
      return criteria.flatMap((c, i) =>
        factsOf(c.rule)
          .filter((fact) => !groups.includes(fact.split('.')[0]!))
          .map((fact) => problemAt(source, [...at, i, 'rule'], 'error', `fact "${fact}" is not a fact group of ${id}`, `fact groups: ${groups.join(', ')}`)),
      );
    });
  },
};
