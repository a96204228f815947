/** An as_of with as_of_precision year is 1 January, with month the 1st of the month (how a partial date is written). */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';
import { asOfOf, groupsOf } from '../raw-fields.js';

export const asOfPrecision: PlatformCheck = {
  id: 'as-of-precision',
  rule: 'A date known only to the year or month is written as its first day (as_of_precision year: YYYY-01-01; month: YYYY-MM-01), so the published as_of never claims more than the source says.',
  check({ source, raw }) {
    return groupsOf(raw).flatMap(([container, key, group]) => {
      const precision = (group as { as_of_precision?: unknown } | null)?.as_of_precision;
      const asOf = asOfOf(group);
      if (!asOf) return [];
      if (precision === 'year' && !asOf.endsWith('-01-01'))
        return [problemAt(source, [container, key, 'as_of'], 'error', `with as_of_precision year, as_of must be 1 January (${asOf.slice(0, 4)}-01-01)`)];
      if (precision === 'month' && !asOf.endsWith('-01'))
        return [
          problemAt(source, [container, key, 'as_of'], 'error', `with as_of_precision month, as_of must be the 1st of the month (${asOf.slice(0, 7)}-01)`),
        ];
      return [];
    });
  },
};
