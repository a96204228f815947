/** Calendar dates as the data and the API write them: YYYY-MM-DD, ISO 8601. */

/** Days in each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True when `value` is written YYYY-MM-DD and names a real day of the proleptic Gregorian
 * calendar (ISO 8601): the build's date check and the API's date parameters (GET /v1/changes `since`).
 */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** Milliseconds in a UTC calendar day (no leap seconds in ECMAScript time). */
export const DAY_MS = 86_400_000;

/**
 * Days since 1970-01-01 of a YYYY-MM-DD date read as midnight UTC: the one day arithmetic of
 * freshness ages, incident ages, and the x axis of the site's time charts. Whole for a real date.
 */
export function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** Days in a year on average (Julian year): incident ages in years (methodology.yaml caps) and the years of the time charts. */
export const YEAR_DAYS = 365.25;

/** A YYYY-MM-DD date moved by whole days (negative: earlier), in UTC. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}
