/**
 * Numbers that no source can carry (methodology.yaml "evidence"): a fact group holding a
 * number (APY, fee, price, tier) or an incident with a penalty or restitution, none of whose
 * sources is primary or reputable with a `published` date. Shared by the lint (which reports
 * each one with its location, severity `numeric_weak_only`) and the data report (which counts them).
 */
import { isNotApplicable, type Source } from '../sources/common-schema.js';
import type { PlatformSource } from '../sources/platform-schema.js';
import { carriesNumber, ownHosts, type TierLists } from './evidence-tiers.js';

/** A number backed only by weak sources: where it is in the source file and what it is. */
export interface WeakNumber {
  /** Path of the `sources` list in the platform file, e.g. ['facts', 'apy', 'sources']. */
  path: PropertyKey[];
  /** What holds the number: `numeric fact "apy"` or `the amount of incident "..."`. */
  label: string;
}

/** True when a value holds a number anywhere outside its citations (a fee, price, APY or tier). */
function holdsNumber(value: unknown): boolean {
  if (typeof value === 'number') return true;
  if (Array.isArray(value)) return value.some(holdsNumber);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k !== 'sources' && holdsNumber(v));
  return false;
}

/** Every number of a platform backed only by weak sources, facts first, then incidents in file order. */
export function weakNumbers(platform: PlatformSource, lists: TierLists): WeakNumber[] {
  const own = ownHosts(platform.website, platform.domains);
  const found: WeakNumber[] = [];
  for (const [name, group] of Object.entries(platform.facts as Record<string, { sources: Source[] } | undefined>)) {
    if (!group || isNotApplicable(group) || !holdsNumber(group)) continue;
    if (!carriesNumber(group.sources, own, lists)) found.push({ path: ['facts', name, 'sources'], label: `numeric fact "${name}"` });
  }
  (platform.incidents ?? []).forEach((incident, i) => {
    if (incident.amount_usd === undefined && incident.restitution_usd === undefined) return;
    if (!carriesNumber(incident.sources, own, lists))
      found.push({ path: ['incidents', i, 'sources'], label: `the amount of incident "${incident.title.slice(0, 60)}"` });
  });
  return found;
}
