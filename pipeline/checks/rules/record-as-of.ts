/** The record's as_of is at least the newest as_of of its facts and assessments. */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';
import { asOfOf, groupsOf, str } from '../raw-fields.js';

export const recordAsOf: PlatformCheck = {
  id: 'record-as-of',
  rule: "The record's as_of (when it was last reviewed) is not older than its newest fact or assessment.",
  check({ source, raw }) {
    const newest = groupsOf(raw).map(([, , group]) => asOfOf(group)).filter((d): d is string => d !== undefined).sort().at(-1);
    const recordAsOf = str(raw.as_of);
    if (!newest || !recordAsOf || newest <= recordAsOf) return [];
    return [problemAt(source, ['as_of'], 'error', `record as_of ${recordAsOf} is older than the newest fact (${newest})`, `set as_of to ${newest}`)];
  },
};
