/**
 * GET /v1/changes (docs/history.md): the changes since a date, filtered and paginated from the runtime
 * model's change list. (A platform's timelines are precomputed by the build: operations/records.ts.)
 */
import type { Dataset } from '../dataset.js';
import {
  CHANGE_KINDS,
  CHANGES_SUMMARY_MOVES,
  CHANGES_SUMMARY_PLATFORMS,
  type ChangeEvent,
  type ChangesResponse,
  type ChangesSummary,
} from '../contract/history-schemas.js';
import { invalidParameters } from '../contract/problem.js';
import {
  LIMITS,
  NUMBER_PARAMETERS,
  parseCategoryParameter,
  parseDateParameter,
  parseFlagParameter,
  parseKindParameter,
  parseNumberParameter,
  parseTextParameter,
  SINCE_PARAMETER,
  SUMMARY_PARAMETER,
  TEXT_PARAMETERS,
  type ParameterError,
} from '../contract/parameter-rules.js';
import { lookupPlatform } from './platform-lookup.js';
import { madeOnce } from '../compute/made-once.js';
import { byCodeUnits } from '../primitives/sort-few.js';
import { body, envelope, fail, type OperationResult } from './result.js';

/** Arguments of GET /v1/changes as text (a query string's values); absent: no filter, default page. */
export interface ChangesArgs {
  since?: string | undefined;
  category?: string | undefined;
  platform?: string | undefined;
  limit?: string | undefined;
  offset?: string | undefined;
  /** Comma-separated change kinds (CHANGE_KINDS); absent: every kind. */
  kind?: string | undefined;
  /** `true` adds the summary (counts per kind and platform, largest moves); `false` or absent: none. */
  summary?: string | undefined;
}

/** A change's JSON size in UTF-8 bytes, as the body sends it (compact): measured once per change of a loaded model. */
const changeBytes = madeOnce((change: ChangeEvent): number => Buffer.byteLength(JSON.stringify(change)));

/** The first of `changes` whose JSON holds at most `maxBytes` (UTF-8) in all; the first change always. */
function pageWithin(changes: readonly ChangeEvent[], maxBytes: number): ChangeEvent[] {
  const page: ChangeEvent[] = [];
  let bytes = 0;
  for (const change of changes) {
    bytes += changeBytes(change);
    if (page.length > 0 && bytes > maxBytes) break;
    page.push(change);
  }
  return page;
}

/**
 * The summary of `changes`: counts per kind, per platform (the CHANGES_SUMMARY_PLATFORMS most
 * changed, and how many platforms changed), and the changes from one number to another with the
 * largest absolute difference (CHANGES_SUMMARY_MOVES at most).
 */
function summariseChanges(changes: readonly ChangeEvent[]): ChangesSummary {
  const byKind: Record<string, number> = {};
  const byPlatform = new Map<string, { slug: string; name: string | null; count: number }>();
  const moves: ChangesSummary['largest_moves'] = [];
  for (const e of changes) {
    byKind[e.kind] = (byKind[e.kind] ?? 0) + 1;
    if (e.slug !== null) {
      const entry = byPlatform.get(e.slug) ?? { slug: e.slug, name: e.name, count: 0 };
      entry.count++;
      byPlatform.set(e.slug, entry);
    }
    if (typeof e.old_value === 'number' && typeof e.new_value === 'number' && e.old_value !== e.new_value) {
      moves.push({
        slug: e.slug,
        name: e.name,
        field: e.field,
        kind: e.kind,
        old_value: e.old_value,
        new_value: e.new_value,
        change: Number((e.new_value - e.old_value).toPrecision(12)),
        new_as_of: e.new_as_of,
        date: e.date,
      });
    }
  }
  return {
    by_kind: Object.fromEntries(CHANGE_KINDS.filter((k) => byKind[k]).map((k) => [k, byKind[k]!])),
    platforms_changed: byPlatform.size,
    by_platform: [...byPlatform.values()].sort((a, b) => b.count - a.count || byCodeUnits(a.slug, b.slug)).slice(0, CHANGES_SUMMARY_PLATFORMS),
    largest_moves: moves.sort((a, b) => Math.abs(b.change) - Math.abs(a.change)).slice(0, CHANGES_SUMMARY_MOVES),
  };
}

/**
 * GET /v1/changes: changes committed on or after `since` (UTC date), of one category, platform or
 * set of kinds, newest first, `limit` per page from `offset`; with `summary=true`, the summary of
 * every match (summariseChanges); at most LIMITS.changesPageMaxBytes of changes a page (`next` goes
 * on). 400 naming each bad parameter; 404 for an
 * unknown platform (with suggestions).
 * @param path the operation's path (/v1/changes), which `next` links to
 */
export function listChanges(dataset: Dataset, args: ChangesArgs, path: string): OperationResult {
  const errors: ParameterError[] = [];
  const since = parseDateParameter(SINCE_PARAMETER, args.since, errors) ?? null;
  const category = parseCategoryParameter(args.category, errors);
  const limit = parseNumberParameter(NUMBER_PARAMETERS.changesLimit, args.limit, errors);
  const offset = parseNumberParameter(NUMBER_PARAMETERS.changesOffset, args.offset, errors);
  parseTextParameter(TEXT_PARAMETERS.changesPlatform, args.platform, errors);
  const kinds = parseKindParameter(args.kind, errors);
  const summary = parseFlagParameter(SUMMARY_PARAMETER, args.summary, errors);
  if (errors.length) return fail(invalidParameters(errors));
  let slug: string | null = null;
  if (args.platform !== undefined) {
    const found = lookupPlatform(dataset, args.platform);
    if ('problem' in found) return fail(found.problem);
    slug = found.platform.slug;
  }
  const matches = dataset.model.changes.filter(
    (e) =>
      (since === null || e.date.slice(0, 10) >= since) &&
      (category === null || e.category === category) &&
      (slug === null || e.slug === slug) &&
      (kinds === null || kinds.includes(e.kind)),
  );
  const query = (at: number) => {
    const q = new URLSearchParams();
    if (since !== null) q.set('since', since);
    if (category) q.set('category', category);
    if (slug !== null) q.set('platform', slug);
    if (kinds !== null) q.set('kind', kinds.join(','));
    q.set('limit', String(limit));
    q.set('offset', String(at));
    return `${path}?${q.toString()}`;
  };
  const page = pageWithin(matches.slice(offset, offset + limit), LIMITS.changesPageMaxBytes);
  const site = dataset.model.site;
  const response: ChangesResponse = {
    history: dataset.model.history,
    since,
    category: category ?? null,
    platform: slug,
    kinds,
    total: matches.length,
    offset,
    limit,
    next: offset + page.length < matches.length ? query(offset + page.length) : null,
    ...(summary && { summary: summariseChanges(matches) }),
    changes: page,
    ...envelope(site, `${site.base_url}/open-data/`),
  };
  return body(response);
}
