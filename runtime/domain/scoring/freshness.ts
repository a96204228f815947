/**
 * Freshness (methodology.yaml `freshness`): a fact is stale when its as_of is
 * more than the window of its kind, in days, before the evaluation date.
 */
import { dayNumber } from '../contract/calendar.js';

/** Whole days from `asOf` to `evaluationDate`, both YYYY-MM-DD (negative when asOf is later). */
export function ageInDays(asOf: string, evaluationDate: string): number {
  return Math.round(dayNumber(evaluationDate) - dayNumber(asOf));
}

/** True when `asOf` is more than `windowDays` days before `evaluationDate` (a fact exactly windowDays old is still fresh). */
export function isStale(asOf: string, windowDays: number, evaluationDate: string): boolean {
  return ageInDays(asOf, evaluationDate) > windowDays;
}

/**
 * The evaluation date (YYYY-MM-DD, UTC) of a build: SOURCE_DATE_EPOCH (whole seconds) when set,
 * else `today`. The one rule for every date-dependent output (architecture.md property 3).
 * @throws Error when SOURCE_DATE_EPOCH is set and not a whole number of seconds
 */
export function evaluationDateOf(sourceDateEpoch: string | undefined, today: string): string {
  if (sourceDateEpoch === undefined || sourceDateEpoch === '') return today;
  if (!/^\d+$/.test(sourceDateEpoch)) throw new Error(`SOURCE_DATE_EPOCH "${sourceDateEpoch.slice(0, 40)}" is not a whole number of seconds`);
  return new Date(Number(sourceDateEpoch) * 1000).toISOString().slice(0, 10);
}
