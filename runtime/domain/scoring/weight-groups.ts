/**
 * Weight groups (sources/methodology.yaml criterion `group`, e.g. fees): a caller's weight for a
 * group key is shared among the group's criteria (methodology 2.0.0 changelog, "The weight key
 * `fees` still sets all of them together"; README "GET /v1/compare"). GET /v1/compare, the MCP
 * tool and the methodology page's worked example call these, never restate them.
 */
import { madeOnce } from '../compute/made-once.js';

/** What a criterion's weight grouping reads: its key and its group key (none: null or absent). */
export interface Grouped {
  key: string;
  group?: string | null | undefined;
}

/** A category's weight groups (group key -> its criteria, in the category's order), made once per criteria list. */
export const weightGroups = madeOnce((criteria: readonly Grouped[]): ReadonlyMap<string, readonly Grouped[]> => {
  const groups = new Map<string, Grouped[]>();
  for (const c of criteria) if (c.group) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  return groups;
});

/**
 * A group's weight shared among its criteria: in proportion to their weights before it, or equally
 * when those are all 0; each share rounded to 2 decimals.
 * @param members the group's criteria (weightGroups)
 * @param weights criterion key -> weight 0-10 before the group's weight is applied
 * @param value the weight given to the group key, 0-10
 * @returns criterion key -> its share, for each member
 */
export function shareGroupWeight(members: readonly Grouped[], weights: Readonly<Record<string, number>>, value: number): Record<string, number> {
  const base = members.reduce((sum, m) => sum + (weights[m.key] ?? 0), 0);
  const shares: Record<string, number> = {};
  for (const m of members) shares[m.key] = round2(base === 0 ? value / members.length : (value * (weights[m.key] ?? 0)) / base);
  return shares;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
