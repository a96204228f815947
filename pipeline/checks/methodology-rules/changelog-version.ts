/** The newest change-log entry is the methodology's version (methodology.yaml `changelog`, newest first). */
import { problemAt } from '../../load/load.js';
import type { MethodologyCheck } from '../check-rule.js';

export const changelogVersion: MethodologyCheck = {
  id: 'changelog-version',
  rule: 'The first changelog entry is the current version, so every published methodology version says what changed.',
  check({ source, methodology: m }) {
    if (m.changelog[0]?.version === m.version) return [];
    return [
      problemAt(
        source,
        ['changelog', 0, 'version'],
        'error',
        `the newest changelog entry is ${m.changelog[0]?.version}, not the version ${m.version}`,
        'add an entry for this version at the top of changelog, saying what changed',
      ),
    ];
  },
};
