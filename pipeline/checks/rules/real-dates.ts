/**
 * Every date (as_of, published, incident date) is a real calendar day (ISO 8601, proleptic
 * Gregorian) and not after the evaluation date: a fact cannot be known before it happened.
 */
import { problemAt } from '../../load/load.js';
import type { BuildProblem } from '../../problems.js';
import type { PlatformCheck } from '../check-rule.js';
import { datesIn } from '../raw-fields.js';

/** Days in each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when `value` (YYYY-MM-DD) names a real day of the proleptic Gregorian calendar (ISO 8601). */
function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

export const realDates: PlatformCheck = {
  id: 'real-dates',
  rule: 'Every date is a real calendar day and none is after the evaluation date (SOURCE_DATE_EPOCH, else the day of the build).',
  check({ source, raw, evidence }) {
    const problems: BuildProblem[] = [];
    for (const d of datesIn(raw)) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d.value)) continue; // the schema reports the format
      if (!isRealDate(d.value)) problems.push(problemAt(source, d.path, 'error', `"${d.value}" is not a real calendar date`));
      else if (d.value > evidence.evaluationDate) {
        problems.push(problemAt(source, d.path, 'error', `date ${d.value} is in the future (the evaluation date is ${evidence.evaluationDate})`, 'the evaluation date is SOURCE_DATE_EPOCH when set, else the day of the build'));
      }
    }
    return problems;
  },
};
