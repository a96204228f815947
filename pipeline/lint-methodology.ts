/**
 * Lints of sources/methodology.yaml beyond shape: criterion keys unique per
 * category, every category has `fees` and `security` (the spec's sample weight
 * keys), rule facts name a fact group of the category, caps sorted sensibly.
 */
import { problemAt, type SourceDocument } from './load.js';
import type { Problem } from './problems.js';
import type { Methodology } from './sources/methodology-schema.js';
import { factsSchemas } from './sources/platform-schema.js';
import { CATEGORY_IDS } from '../runtime/contract/categories.js';

/** Keys every category must have (interface spec: sample weight keys `fees` and `security`). */
export const REQUIRED_CRITERIA = ['fees', 'security'] as const;

export function lintMethodology(source: SourceDocument, m: Methodology): Problem[] {
  const problems: Problem[] = [];
  for (const id of CATEGORY_IDS) {
    const criteria = m.categories[id].criteria;
    const at = ['categories', id, 'criteria'];
    const keys = criteria.map((c) => c.key);
    for (const required of REQUIRED_CRITERIA) {
      if (!keys.includes(required)) problems.push(problemAt(source, at, 'error', `category ${id} has no "${required}" criterion`, 'every category needs fees and security (the interface spec\'s weight keys)'));
    }
    keys.forEach((k, i) => {
      if (keys.indexOf(k) !== i) problems.push(problemAt(source, [...at, i, 'key'], 'error', `criterion key "${k}" appears twice`));
    });
    if (criteria.every((c) => c.weight === 0)) problems.push(problemAt(source, at, 'error', 'at least one criterion needs a weight above 0'));
    const groups = Object.keys(factsSchemas[id].shape);
    criteria.forEach((c, i) => {
      const facts = c.rule.kind === 'rubric' ? c.rule.points.map((p) => p.fact) : c.rule.kind === 'enum' || c.rule.kind === 'linear' ? [c.rule.fact] : [];
      for (const fact of facts) {
        if (!groups.includes(fact.split('.')[0]!)) {
          problems.push(problemAt(source, [...at, i, 'rule'], 'error', `fact "${fact}" is not a fact group of ${id}`, `fact groups: ${groups.join(', ')}`));
        }
      }
      if (c.rule.kind === 'scenario_cost' && id !== 'exchanges' && id !== 'brokerages') {
        problems.push(problemAt(source, [...at, i, 'rule', 'kind'], 'error', 'scenario_cost applies to exchanges and brokerages only'));
      }
      if (c.rule.kind === 'apy_relative' && id !== 'high-yield-savings') {
        problems.push(problemAt(source, [...at, i, 'rule', 'kind'], 'error', 'apy_relative applies to high-yield-savings only'));
      }
    });
  }
  return problems;
}
