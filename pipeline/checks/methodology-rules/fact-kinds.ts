/**
 * `fact_kinds` of a category names each of its fact groups (runtime/domain/sources/platform-schema.ts)
 * once and nothing else: the kind sets the group's freshness window (methodology.yaml `freshness`).
 */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';
import { FactsSchemas } from '../../../runtime/domain/sources/platform-schema.js';

export const factKinds: MethodologyCheck = {
  id: 'fact-kinds',
  rule: 'Every fact group of a category has a fact kind and every fact kind names a fact group, so each fact has a freshness window.',
  check({ source, methodology }) {
    return eachCategory(methodology, (id, category) => {
      const groups = Object.keys(FactsSchemas[id].shape);
      const kinds = category.fact_kinds;
      return [
        ...groups
          .filter((g) => kinds[g] === undefined)
          .map((g) =>
            problemAt(
              source,
              ['categories', id, 'fact_kinds'],
              'error',
              `fact group "${g}" has no fact kind`,
              `add ${g}: <kind> (the kinds are the keys of freshness)`,
            ),
          ),
        ...Object.keys(kinds)
          .filter((g) => !groups.includes(g))
          .map((g) =>
            problemAt(source, ['categories', id, 'fact_kinds', g], 'error', `"${g}" is not a fact group of ${id}`, `fact groups: ${groups.join(', ')}`),
          ),
      ];
    });
  },
};
