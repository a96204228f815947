/**
 * The hack cap (methodology.yaml `caps`): the overall score of a platform is at
 * most the lowest cap among the rows its incidents match.
 */
import type { Cap } from '../contract/api-schemas.js';
import type { CapRule } from '../sources/methodology-schema.js';
import type { Incident } from '../sources/platform-schema.js';
import { dayNumber, YEAR_DAYS } from '../contract/calendar.js';

/** Days in a year of the cap's within_years (a Julian year). */

/** Age of an incident in years (365.25 days) at the evaluation date, both YYYY-MM-DD. */
function ageInYears(date: string, evaluationDate: string): number {
  return (dayNumber(evaluationDate) - dayNumber(date)) / YEAR_DAYS;
}

/** True when the incident matches the row: same class, younger than within_years, and the row's optional conditions hold (made-whole absent counts as false). */
function capRuleMatches(rule: CapRule, incident: Incident, evaluationDate: string): boolean {
  if (rule.class !== incident.class) return false;
  const age = ageInYears(incident.date, evaluationDate);
  if (age < 0 || age >= rule.within_years) return false;
  if (rule.customers_made_whole !== undefined && rule.customers_made_whole !== (incident.customers_made_whole ?? false)) return false;
  if (rule.min_amount_usd !== undefined && (incident.amount_usd ?? 0) < rule.min_amount_usd) return false;
  return true;
}

/**
 * The binding cap: the lowest cap of every (incident, row) match; on equal caps the most recent incident.
 * @returns null when no incident matches
 */
export function capFor(incidents: readonly Incident[], rules: readonly CapRule[], evaluationDate: string): Cap | null {
  let best: Cap | null = null;
  for (const incident of incidents) {
    for (const rule of rules) {
      if (!capRuleMatches(rule, incident, evaluationDate)) continue;
      if (best === null || rule.cap < best.cap || (rule.cap === best.cap && incident.date > best.incident.date)) {
        best = { cap: rule.cap, reason: rule.reason, incident: { date: incident.date, class: incident.class, title: incident.title } };
      }
    }
  }
  return best;
}
