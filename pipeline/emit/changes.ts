/**
 * The change feed (open-data/changes.json and changes.atom): what changed
 * between the previous published build and this one, kept as a history.
 *
 * The baseline is the previous dist/ (its open-data/platforms.json and
 * changes.json), read by the CLI before the build: a build with no changes
 * adds no entry, so rebuilding the same sources gives the same bytes. A build
 * into an empty dist/ starts the history with one entry listing every platform
 * as added. An entry's date is SOURCE_DATE_EPOCH when set (a publishing job
 * sets it to the commit time), else the evaluation date (the build day). A new
 * methodology version is recorded as a change beside the data changes.
 */
import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import { Feed } from 'feed';
import { z } from 'zod';
import type { PlatformRecord } from '../../runtime/domain/contract/api-schemas.js';
import type { Site } from '../../runtime/domain/contract/model.js';
import { newestAsOf } from '../score/score-dataset.js';
import { CITATION_KEYS } from '../../runtime/domain/sources/common-schema.js';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const platformRef = { slug: z.string(), name: z.string(), category: z.string() };

/** One change between two builds. Values of facts are JSON values (numbers, strings, booleans, null when absent). */
const ChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('platform_added'), ...platformRef }),
  z.object({ type: z.literal('platform_removed'), ...platformRef }),
  z.object({
    type: z.literal('score_changed'),
    ...platformRef,
    old_score_pct: z.number().nullable(),
    new_score_pct: z.number().nullable(),
    old_coverage: z.number(),
    new_coverage: z.number(),
  }),
  z.object({ type: z.literal('incident_added'), ...platformRef, date, class: z.string(), title: z.string() }),
  z.object({
    type: z.literal('methodology_changed'),
    old_version: z.string().nullable(),
    new_version: z.string(),
    changes: z.array(z.string()).meta({ description: "The new version's change-log entries (methodology.yaml changelog)" }),
  }),
  z.object({
    type: z.literal('fact_changed'),
    ...platformRef,
    field: z.string().meta({ description: 'Dotted path inside the record facts, e.g. apy.tiers.0.apy_pct' }),
    old_value: z.unknown(),
    new_value: z.unknown(),
  }),
]);
type Change = z.infer<typeof ChangeSchema>;

const ChangeEntrySchema = z.object({
  id: z.string().meta({ description: 'Stable id: hash of the date and the changes' }),
  date: z.string().meta({ description: 'ISO 8601 date-time of the build (SOURCE_DATE_EPOCH, else the newest as_of)' }),
  as_of: date,
  previous_as_of: date.nullable(),
  summary: z.string(),
  changes: z.array(ChangeSchema),
});

/** Shape of open-data/changes.json: newest entry first. */
export const ChangeHistorySchema = z.object({
  title: z.string(),
  attribution: z.string(),
  license: z.string(),
  updated: z.string().nullable(),
  entries: z.array(ChangeEntrySchema),
});
export type ChangeHistory = z.infer<typeof ChangeHistorySchema>;

/** Entries kept in the history; older ones drop off (git history of sources/ keeps everything). */
const HISTORY_MAX_ENTRIES = 200;


/** Published beside each fact group, derived on the evaluation date: not facts of their own. */
const DERIVED_KEYS: ReadonlySet<string> = new Set(['stale', 'evidence_tier']);

/** Leaves of the facts block as dotted path -> JSON value (sources left out: a new citation is not a new fact; nor are derived flags). */
function leaves(value: unknown, at: string, out: Map<string, unknown>): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${at}.${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (!CITATION_KEYS.has(k) && !DERIVED_KEYS.has(k)) leaves(v, at ? `${at}.${k}` : k, out);
  } else out.set(at, value);
  return out;
}

const ref = (r: PlatformRecord) => ({ slug: r.slug, name: r.name, category: r.category });

/** The changes from `previous` to `current` records, by platform slug; stable order (platform, then kind, then field). */
function diffRecords(previous: readonly PlatformRecord[], current: readonly PlatformRecord[]): Change[] {
  const before = new Map(previous.map((r) => [r.slug, r]));
  const after = new Map(current.map((r) => [r.slug, r]));
  const changes: Change[] = [];
  for (const slug of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(slug);
    const b = after.get(slug);
    if (!a) { changes.push({ type: 'platform_added', ...ref(b!) }); continue; }
    if (!b) { changes.push({ type: 'platform_removed', ...ref(a) }); continue; }
    if (a.score_pct !== b.score_pct || a.coverage !== b.coverage) {
      changes.push({ type: 'score_changed', ...ref(b), old_score_pct: a.score_pct, new_score_pct: b.score_pct, old_coverage: a.coverage, new_coverage: b.coverage });
    }
    const known = new Set(a.incidents.map((i) => `${i.date}|${i.title}`));
    for (const i of b.incidents) {
      if (!known.has(`${i.date}|${i.title}`)) changes.push({ type: 'incident_added', ...ref(b), date: i.date, class: i.class, title: i.title });
    }
    const fa = leaves(a.facts, '', new Map());
    const fb = leaves(b.facts, '', new Map());
    for (const field of [...new Set([...fa.keys(), ...fb.keys()])].sort()) {
      const [x, y] = [fa.get(field) ?? null, fb.get(field) ?? null];
      if (x !== y) changes.push({ type: 'fact_changed', ...ref(b), field, old_value: x, new_value: y });
    }
  }
  return changes;
}

/** "3 platforms added, 1 score changed, ..." */
function summarize(changes: readonly Change[]): string {
  const labels: Record<Change['type'], string> = {
    platform_added: 'platforms added',
    platform_removed: 'platforms removed',
    score_changed: 'scores changed',
    incident_added: 'incidents added',
    fact_changed: 'facts changed',
    methodology_changed: 'methodology changed',
  };
  const counts = new Map<Change['type'], number>();
  for (const c of changes) counts.set(c.type, (counts.get(c.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => `${n} ${labels[type]}`).join(', ');
}

/**
 * The history after this build: the previous entries, with a new entry first when anything changed.
 * @param previous the previous build's records and history; null when there is none (first build)
 * @param buildDate ISO date-time of this build (see module comment)
 */
export function nextHistory(
  site: Site,
  previous: { records: readonly PlatformRecord[] | null; history: ChangeHistory | null } | null,
  current: readonly PlatformRecord[],
  buildDate: string,
  methodology: { version: string; changes: readonly string[] },
): ChangeHistory {
  const asOf = newestAsOf(current);
  const oldEntries = previous?.history?.entries ?? [];
  const oldVersion = previous?.records?.[0]?.methodology_version ?? null;
  const methodologyChange: Change[] = previous?.records?.length && oldVersion !== methodology.version
    ? [{ type: 'methodology_changed', old_version: oldVersion, new_version: methodology.version, changes: [...methodology.changes] }]
    : [];
  const changes = [...methodologyChange, ...diffRecords(previous?.records ?? [], current)];
  const entries = [...oldEntries];
  if (changes.length > 0) {
    const id = createHash('sha256').update(JSON.stringify([buildDate, changes])).digest('hex').slice(0, 16);
    const previousAsOf = previous?.records?.length ? newestAsOf(previous.records) : null;
    entries.unshift({ id, date: buildDate, as_of: asOf, previous_as_of: previousAsOf, summary: summarize(changes), changes });
  }
  return {
    title: `${site.name}: changes`,
    attribution: site.attribution,
    license: site.license,
    updated: entries[0]?.date ?? null,
    entries: entries.slice(0, HISTORY_MAX_ENTRIES),
  };
}

/** One change as a line of text. */
function describeChange(c: Change): string {
  switch (c.type) {
    case 'platform_added': return `${c.name} (${c.category}) added`;
    case 'platform_removed': return `${c.name} (${c.category}) removed`;
    case 'score_changed': return `${c.name}: score ${c.old_score_pct ?? 'none'} -> ${c.new_score_pct ?? 'none'}, coverage ${c.old_coverage} -> ${c.new_coverage}`;
    case 'incident_added': return `${c.name}: new ${c.class.replace(/_/g, ' ')} record ${c.date}: ${c.title}`;
    case 'fact_changed': return `${c.name}: ${c.field} ${JSON.stringify(c.old_value)} -> ${JSON.stringify(c.new_value)}`;
    case 'methodology_changed': return `methodology ${c.old_version ?? 'none'} -> ${c.new_version}: ${c.changes.join(' ')}`;
  }
}

/** The Atom feed of the history (the `feed` library), newest entry first; each entry links to the JSON history. */
export function atomFeed(site: Site, history: ChangeHistory): string {
  const self = `${site.base_url}/open-data/changes.atom`;
  const json = `${site.base_url}/open-data/changes.json`;
  const feed = new Feed({
    id: json,
    title: history.title,
    description: 'What changed in the published data between builds: platforms added or removed, score changes, new incidents, changed facts.',
    link: `${site.base_url}/open-data/`,
    updated: new Date(history.updated ?? '1970-01-01T00:00:00Z'),
    feedLinks: { atom: self, json },
    copyright: site.license,
    language: 'en',
    // RFC 4287 4.1.1: a feed whose entries carry no author must name one
    author: { name: site.name, link: `${site.base_url}/` },
  });
  for (const e of history.entries) {
    const lines = e.changes.map(describeChange);
    feed.addItem({
      id: `${json}#${e.id}`,
      title: `${e.date.slice(0, 10)}: ${e.summary}`,
      link: `${json}#${e.id}`,
      date: new Date(e.date),
      description: e.summary,
      content: `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    });
  }
  return feed.atom1();
}

/**
 * The date of this build as ISO 8601: SOURCE_DATE_EPOCH (seconds) when set and valid, else
 * the evaluation date (the day of the build) at midnight UTC.
 * @throws Error when SOURCE_DATE_EPOCH is set but not a whole number of seconds
 */
export function buildDate(sourceDateEpoch: string | undefined, evaluationDate: string): string {
  if (sourceDateEpoch !== undefined && sourceDateEpoch !== '') {
    if (!/^\d+$/.test(sourceDateEpoch)) throw new Error(`SOURCE_DATE_EPOCH "${sourceDateEpoch}" is not a whole number of seconds`);
    return new Date(Number(sourceDateEpoch) * 1000).toISOString();
  }
  return `${evaluationDate}T00:00:00.000Z`;
}
