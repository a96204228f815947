/** Slugs, names and aliases are unique across all platforms, ignoring case (a name resolves to one record). */
import { problemAt } from '../../load/load.js';
import type { BuildProblem } from '../../problems.js';
import type { DatasetCheck, RawPlatform } from '../check-rule.js';
import { nameKey } from '../../../runtime/domain/compute/platform-match.js';

export const uniqueNames: DatasetCheck = {
  id: 'unique-names',
  rule: 'Every slug, name and alias names one platform across the whole dataset, ignoring case, so /v1/platforms/{name} resolves to one record.',
  check(platforms) {
    const problems: BuildProblem[] = [];
    const owner = new Map<string, { file: string }>();
    for (const { source } of platforms) {
      const raw = (source.data ?? {}) as RawPlatform;
      const aliases = Array.isArray(raw.aliases) ? raw.aliases : [];
      const names: Array<[PropertyKey[], unknown]> = [
        [['slug'], raw.slug],
        [['name'], raw.name],
        ...aliases.map((a, i): [PropertyKey[], unknown] => [['aliases', i], a]),
      ];
      const own = new Set<string>();
      for (const [at, value] of names) {
        if (typeof value !== 'string') continue;
        const key = nameKey(value);
        const seen = owner.get(key);
        if (seen && seen.file !== source.file) {
          problems.push(
            problemAt(
              source,
              at,
              'error',
              `"${value}" is already used by ${seen.file}`,
              'slugs, names and aliases must be unique across all platforms, ignoring case',
            ),
          );
        } else if (!own.has(key)) {
          own.add(key);
          owner.set(key, { file: source.file });
        }
      }
    }
    return problems;
  },
};
