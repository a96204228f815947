/**
 * The changes between two versions of a platform file, each told apart as a change in the world
 * or a correction of our data by its as_of (docs/history.md):
 *   new value, newer as_of            fact_changed       ("APY 3.8 -> 3.6 as of 2026-09-01")
 *   new value, same or older as_of    fact_corrected
 *   same value, newer as_of           fact_reconfirmed
 *   same value, older as_of           fact_corrected     (the date was wrong)
 *   same value and as_of, new sources fact_sources_changed
 * A platform added or removed is one event; its facts' first and last versions are
 * `fact_added` / `fact_removed` events that the feed leaves out (emit/changes.ts feedEvents).
 */
import type { CategoryId } from '../../runtime/domain/contract/categories.js';
import type { ChangeEvent, ChangeKind } from '../../runtime/domain/contract/history-schemas.js';
import type { FactVersion, IncidentVersion, PlatformSnapshot } from './platform-snapshot.js';

/** The commit a change belongs to. */
export interface CommitRef {
  hash: string;
  /** ISO 8601 UTC. */
  date: string;
}

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** -1, 0, 1 comparing two YYYY-MM-DD dates (null before any date). */
const compareDates = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

/** The event of a change or nothing when the two versions say the same with the same evidence. */
function factKind(before: FactVersion | undefined, after: FactVersion | undefined): ChangeKind | null {
  if (!before) return 'fact_added';
  if (!after) return 'fact_removed';
  const dates = compareDates(after.as_of, before.as_of);
  if (!sameJson(before.value, after.value)) return dates > 0 ? 'fact_changed' : 'fact_corrected';
  if (dates > 0) return 'fact_reconfirmed';
  if (dates < 0) return 'fact_corrected';
  return sameJson(before.sources, after.sources) ? null : 'fact_sources_changed';
}

function describeFact(kind: ChangeKind, name: string, field: string, before: FactVersion | undefined, after: FactVersion | undefined): string {
  const at = (f: FactVersion | undefined) => (f?.as_of ? ` as of ${f.as_of}` : '');
  switch (kind) {
    case 'fact_added':
      return `${name}: ${field} ${show(after!.value)}${at(after)} recorded`;
    case 'fact_removed':
      return `${name}: ${field} ${show(before!.value)}${at(before)} removed`;
    case 'fact_changed':
      return `${name}: ${field} ${show(before!.value)} → ${show(after!.value)}${at(after)}`;
    case 'fact_reconfirmed':
      return `${name}: ${field} ${show(after!.value)} reconfirmed${at(after)}`;
    case 'fact_sources_changed':
      return `${name}: ${field} ${show(after!.value)}${at(after)}, sources changed`;
    default:
      return `${name}: corrected ${field} ${show(before!.value)}${at(before)} → ${show(after!.value)}${at(after)}`;
  }
}

const incidentValue = (i: IncidentVersion) => ({ date: i.date, class: i.class, title: i.title, amount_usd: i.amount_usd, restitution_usd: i.restitution_usd });

/**
 * Every change from `before` to `after` (null: the file did not exist, or is not a platform file),
 * facts first by field, then incidents by date.
 */
export function platformChanges(before: PlatformSnapshot | null, after: PlatformSnapshot | null, commit: CommitRef): ChangeEvent[] {
  const now = after ?? before;
  if (!now) return [];
  const base = { commit: commit.hash, date: commit.date, slug: now.slug, name: now.name, category: now.category as CategoryId };
  const events: ChangeEvent[] = [];
  const none = { field: null, old_value: null, new_value: null, old_as_of: null, new_as_of: null, old_sources: [], new_sources: [] };
  if (!before) events.push({ ...base, ...none, kind: 'platform_added', description: `${now.name} (${now.category}) added` });
  if (!after) events.push({ ...base, ...none, kind: 'platform_removed', description: `${now.name} (${now.category}) removed` });

  const beforeFacts = before?.facts ?? new Map<string, FactVersion>();
  const afterFacts = after?.facts ?? new Map<string, FactVersion>();
  for (const field of [...new Set([...beforeFacts.keys(), ...afterFacts.keys()])].sort()) {
    const [b, a] = [beforeFacts.get(field), afterFacts.get(field)];
    const kind = factKind(b, a);
    if (!kind) continue;
    events.push({
      ...base,
      kind,
      field,
      old_value: b?.value ?? null,
      new_value: a?.value ?? null,
      old_as_of: b?.as_of ?? null,
      new_as_of: a?.as_of ?? null,
      old_sources: b?.sources ?? [],
      new_sources: a?.sources ?? [],
      description: describeFact(kind, now.name, field, b, a),
    });
  }

  const beforeIncidents = before?.incidents ?? new Map<string, IncidentVersion>();
  const afterIncidents = after?.incidents ?? new Map<string, IncidentVersion>();
  for (const key of [...new Set([...beforeIncidents.keys(), ...afterIncidents.keys()])].sort()) {
    const [b, a] = [beforeIncidents.get(key), afterIncidents.get(key)];
    const kind: ChangeKind | null = !b ? 'incident_added' : !a ? 'incident_removed' : sameJson(b, a) ? null : 'incident_corrected';
    if (!kind) continue;
    const shown = (a ?? b)!;
    const verb = kind === 'incident_added' ? 'recorded' : kind === 'incident_removed' ? 'removed' : 'corrected';
    events.push({
      ...base,
      kind,
      field: 'incident',
      old_value: b ? incidentValue(b) : null,
      new_value: a ? incidentValue(a) : null,
      old_as_of: b?.date ?? null,
      new_as_of: a?.date ?? null,
      old_sources: b?.sources ?? [],
      new_sources: a?.sources ?? [],
      description: `${now.name}: ${shown.class.replace(/_/g, ' ')} of ${shown.date} ${verb}: ${shown.title}`,
    });
  }
  return events;
}
