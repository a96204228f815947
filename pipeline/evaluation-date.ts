/**
 * The evaluation date of the commands that score the sources (build, report, the editor's
 * commands): SOURCE_DATE_EPOCH when set, else the day the command runs, in UTC
 * (runtime/domain/scoring/freshness.ts evaluationDateOf; README, the SOURCE_DATE_EPOCH row of the settings table).
 */
import { evaluationDateOf } from '../runtime/domain/scoring/freshness.js';

/** The day the command runs by the system clock, in UTC (YYYY-MM-DD): the evaluation date when SOURCE_DATE_EPOCH is unset. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The evaluation date (YYYY-MM-DD): SOURCE_DATE_EPOCH of the environment when set, else todayUtc().
 * @throws Error when SOURCE_DATE_EPOCH is set and not a whole number of seconds
 */
export function evaluationDate(): string {
  return evaluationDateOf(process.env.SOURCE_DATE_EPOCH, todayUtc());
}
