/**
 * Every date (as_of, published, incident date) is a real calendar day (ISO 8601, proleptic
 * Gregorian) and not after the evaluation date: a fact cannot be known before it happened.
 */
import { problemAt } from '../../load/load.js';
import type { BuildProblem } from '../../problems.js';
import type { PlatformCheck } from '../check-rule.js';
import { datesIn } from '../raw-fields.js';
import { isRealDate } from '../../../runtime/domain/contract/calendar.js';

export const realDates: PlatformCheck = {
  id: 'real-dates',
  rule: 'Every date is a real calendar day and none is after the evaluation date (SOURCE_DATE_EPOCH, else the day of the build).',
  check({ source, raw, evidence }) {
    const problems: BuildProblem[] = [];
    for (const d of datesIn(raw)) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d.value)) continue; // the schema reports the format
      if (!isRealDate(d.value)) problems.push(problemAt(source, d.path, 'error', `"${d.value}" is not a real calendar date`));
      else if (d.value > evidence.evaluationDate) {
        problems.push(
          problemAt(
            source,
            d.path,
            'error',
            `date ${d.value} is in the future (the evaluation date is ${evidence.evaluationDate})`,
            'the evaluation date is SOURCE_DATE_EPOCH when set, else the day of the build',
          ),
        );
      }
    }
    return problems;
  },
};
