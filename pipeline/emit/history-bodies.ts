/**
 * The history bodies the build writes from the history of sources/ (pipeline/history):
 * GET /v1/platforms/{name}/history for every current platform, and the per-category history
 * of the open data (docs/history.md).
 */
import { z } from 'zod';
import type { PlatformRecord } from '../../runtime/domain/contract/api-schemas.js';
import type { CategoryId } from '../../runtime/domain/contract/categories.js';
import { ChangeEventSchema, type ChangeEvent, type PlatformHistoryResponse } from '../../runtime/domain/contract/history-schemas.js';
import type { Site } from '../../runtime/domain/contract/model.js';
import { apiPath, platformPageUrl } from '../../runtime/domain/contract/urls.js';
import { API_PATHS } from '../../runtime/domain/operations/catalogue.js';
import type { SourceHistory } from '../history/source-history.js';

/** GET /v1/platforms/{slug}/history: each fact's events by field, the incidents' events, the score timeline. */
export function platformHistoryBody(site: Site, record: PlatformRecord, history: SourceHistory, events: readonly ChangeEvent[]): PlatformHistoryResponse {
  const facts = new Map<string, ChangeEvent[]>();
  const incidents: ChangeEvent[] = [];
  for (const e of events) {
    if (e.kind.startsWith('incident_')) incidents.push(e);
    else if (e.kind.startsWith('fact_') && e.field) {
      const line = facts.get(e.field);
      if (line) line.push(e);
      else facts.set(e.field, [e]);
    }
  }
  return {
    slug: record.slug,
    name: record.name,
    category: record.category,
    history: history.status,
    facts: [...facts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([field, list]) => ({ field, events: list })),
    incidents,
    scores: history.scores.get(record.slug) ?? [],
    json: `${site.base_url}${apiPath(API_PATHS.getPlatformHistory, record.slug)}`,
    methodology: site.methodology_url,
    methodology_version: site.methodology_version,
    evaluation_date: site.evaluation_date,
    attribution: site.attribution,
    license: site.license,
    page: `${platformPageUrl(site, record.slug)}#history`,
  };
}

/** Events by platform slug, oldest first. */
export function eventsBySlug(history: SourceHistory): Map<string, ChangeEvent[]> {
  const out = new Map<string, ChangeEvent[]>();
  for (const e of history.events) {
    if (e.slug === null) continue;
    const list = out.get(e.slug);
    if (list) list.push(e);
    else out.set(e.slug, [e]);
  }
  return out;
}

/** Shape of open-data/history/<category>.json. */
export const CategoryHistoryFileSchema = z.object({
  title: z.string(),
  category: z.string(),
  history_available: z.boolean(),
  note: z.string().nullable(),
  count: z.number().int().min(0),
  attribution: z.string(),
  license: z.string(),
  events: z
    .array(ChangeEventSchema)
    .meta({ description: "Every change to the category's platforms, oldest first, with old and new values, as_of dates and sources" }),
});

/** The open-data history file of one category: every event of its platforms, oldest first. */
export function categoryHistoryFile(site: Site, category: CategoryId, history: SourceHistory): z.infer<typeof CategoryHistoryFileSchema> {
  const events = history.events.filter((e) => e.category === category);
  return {
    title: `${site.name}: ${category} history`,
    category,
    history_available: history.status.available,
    note: history.status.note,
    count: events.length,
    attribution: site.attribution,
    license: site.license,
    events,
  };
}
