/**
 * The change feed (open-data/changes.json and changes.atom): one entry per commit that changed
 * the sources, newest first, made from the history of sources/ (pipeline/history, docs/history.md),
 * so that a fresh clone publishes the same feed as the server that built it before. Built
 * without git history (a tarball), the feed says so and has no entries.
 */
import escapeHtml from 'escape-html';
import { Feed } from 'feed';
import { z } from 'zod';
import { ChangeEventSchema, type ChangeEvent, type ChangeKind } from '../../runtime/domain/contract/history-schemas.js';
import type { Site } from '../../runtime/domain/contract/model.js';
import type { SourceHistory } from '../history/source-history.js';

const ChangeEntrySchema = z.object({
  id: z.string().meta({ description: 'The commit (git hash) of the change' }),
  date: z.string().meta({ format: 'date-time', description: 'When the commit was made (ISO 8601, UTC)' }),
  summary: z.string(),
  changes: z.array(ChangeEventSchema),
});

/** Shape of open-data/changes.json: newest entry first. */
export const ChangeFeedSchema = z.object({
  title: z.string(),
  attribution: z.string(),
  license: z.string(),
  history_available: z.boolean().meta({ description: 'False when the build had no git history of its sources: the feed is then empty' }),
  note: z.string().nullable(),
  updated: z.string().nullable(),
  entries: z.array(ChangeEntrySchema),
});
export type ChangeFeed = z.infer<typeof ChangeFeedSchema>;

/** Entries kept in the feed; older ones drop off (GET /v1/changes and the history files keep everything). */
const FEED_MAX_ENTRIES = 200;

const LABELS: Record<ChangeKind, string> = {
  platform_added: 'platforms added',
  platform_removed: 'platforms removed',
  fact_added: 'facts added',
  fact_changed: 'facts changed',
  fact_corrected: 'facts corrected',
  fact_reconfirmed: 'facts reconfirmed',
  fact_sources_changed: 'sources changed',
  fact_removed: 'facts removed',
  incident_added: 'incidents added',
  incident_corrected: 'incidents corrected',
  incident_removed: 'incidents removed',
  score_changed: 'scores changed',
  methodology_changed: 'methodology changed',
};

/** "3 platforms added, 1 score changed, ..." in the order of first appearance. */
function summarize(changes: readonly ChangeEvent[]): string {
  const counts = new Map<ChangeKind, number>();
  for (const c of changes) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${n} ${LABELS[kind]}`).join(', ');
}

/**
 * The events a reader of changes wants, newest first: all but the facts and incidents of a
 * platform added or removed by the same commit (the platform event says it).
 */
export function feedEvents(history: SourceHistory): ChangeEvent[] {
  const whole = new Set(history.events.filter((e) => e.kind === 'platform_added' || e.kind === 'platform_removed').map((e) => `${e.commit}|${e.slug}`));
  const listed = history.events.filter((e) => !((e.kind.startsWith('fact_') || e.kind.startsWith('incident_')) && whole.has(`${e.commit}|${e.slug}`)));
  // newest commit first, each commit's events in their own order
  return [...byCommit(listed).values()].reverse().flat();
}

/** Events grouped by commit, in the order given. */
function byCommit(events: readonly ChangeEvent[]): Map<string, ChangeEvent[]> {
  const groups = new Map<string, ChangeEvent[]>();
  for (const e of events) {
    const group = groups.get(e.commit);
    if (group) group.push(e);
    else groups.set(e.commit, [e]);
  }
  return groups;
}

/**
 * The feed of a history (see module comment).
 * @param events the history's feed events (feedEvents), newest first
 */
export function changeFeed(site: Site, history: SourceHistory, events: readonly ChangeEvent[]): ChangeFeed {
  const entries = [...byCommit(events)]
    .slice(0, FEED_MAX_ENTRIES)
    .map(([commit, changes]) => ({ id: commit, date: changes[0]!.date, summary: summarize(changes), changes }));
  return {
    title: `${site.name}: changes`,
    attribution: site.attribution,
    license: site.license,
    history_available: history.status.available,
    note: history.status.note,
    updated: entries[0]?.date ?? null,
    entries,
  };
}

/** The Atom feed of the change feed (the `feed` library), newest entry first; each entry links to the JSON feed. */
export function atomFeed(site: Site, feed: ChangeFeed): string {
  const self = `${site.base_url}/open-data/changes.atom`;
  const json = `${site.base_url}/open-data/changes.json`;
  const atom = new Feed({
    id: json,
    title: feed.title,
    description:
      'What changed in the published data, commit by commit: facts changed or corrected, platforms added or removed, incidents, scores, the methodology.',
    link: `${site.base_url}/open-data/`,
    updated: new Date(feed.updated ?? '1970-01-01T00:00:00Z'),
    feedLinks: { atom: self, json },
    copyright: site.license,
    language: 'en',
    // RFC 4287 4.1.1: a feed whose entries carry no author must name one
    author: { name: site.name, link: `${site.base_url}/` },
  });
  for (const e of feed.entries) {
    atom.addItem({
      id: `${json}#${e.id}`,
      title: `${e.date.slice(0, 10)}: ${e.summary}`,
      link: `${json}#${e.id}`,
      date: new Date(e.date),
      description: e.summary,
      content: `<ul>${e.changes.map((c) => `<li>${escapeHtml(c.description)}</li>`).join('')}</ul>`,
    });
  }
  return atom.atom1();
}
