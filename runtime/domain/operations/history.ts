/**
 * The history operations (docs/history.md): a platform's timelines, precomputed by the build,
 * and the changes since a date, filtered and paginated from the runtime model's change list.
 */
import type { Dataset } from '../dataset.js';
import type { ChangesResponse } from '../contract/history-schemas.js';
import { CATEGORY_IDS, normaliseCategory } from '../contract/categories.js';
import { isRealDate } from '../contract/calendar.js';
import { invalidParameters } from '../contract/problem.js';
import { LIMITS, parseBoundedNumber, preview, type ParameterError } from '../contract/parameter-rules.js';
import { lookupPlatform } from './platform-lookup.js';
import { body, bytes, envelope, fail, type OperationResult } from './result.js';

/** GET /v1/platforms/{name}/history: 404 with suggestions for an unknown name. */
export function getPlatformHistory(dataset: Dataset, name: string): OperationResult {
  const found = lookupPlatform(dataset, name);
  return 'problem' in found ? fail(found.problem) : bytes(dataset.bytes.history.get(found.platform.slug)!);
}

/** Arguments of GET /v1/changes as text (a query string's values); absent: no filter, default page. */
export interface ChangesArgs {
  since?: string | undefined;
  category?: string | undefined;
  platform?: string | undefined;
  limit?: string | undefined;
  offset?: string | undefined;
}

/** The first of `changes` whose JSON holds at most `maxBytes` (UTF-8) in all; the first change always. */
function pageWithin<T>(changes: readonly T[], maxBytes: number): T[] {
  const page: T[] = [];
  let bytes = 0;
  for (const change of changes) {
    bytes += Buffer.byteLength(JSON.stringify(change));
    if (page.length > 0 && bytes > maxBytes) break;
    page.push(change);
  }
  return page;
}

/**
 * GET /v1/changes: changes committed on or after `since` (UTC date), of one category or platform,
 * newest first, `limit` per page from `offset`, and at most LIMITS.changesPageMaxBytes of them (`next` goes on). 400 naming each bad parameter; 404 for an
 * unknown platform (with suggestions).
 */
export function listChanges(dataset: Dataset, args: ChangesArgs): OperationResult {
  const errors: ParameterError[] = [];
  const since = args.since ?? null;
  if (since !== null && !isRealDate(since)) errors.push({ parameter: 'since', message: `must be a calendar date YYYY-MM-DD; got "${preview(since)}"` });
  const category = args.category === undefined ? null : normaliseCategory(args.category) ?? undefined;
  if (category === undefined) errors.push({ parameter: 'category', message: `must be one of ${CATEGORY_IDS.join(', ')} (singular, underscores and any case accepted); got "${preview(args.category ?? '')}"` });
  const number = (name: 'limit' | 'offset', raw: string | undefined, fallback: number, min: number, max: number): number => {
    if (raw === undefined) return fallback;
    const parsed = parseBoundedNumber(name, raw, { integer: true, min, max });
    if (parsed.ok) return parsed.value;
    errors.push(parsed.error);
    return fallback;
  };
  const limit = number('limit', args.limit, LIMITS.changesLimitDefault, 1, LIMITS.changesLimitMax);
  const offset = number('offset', args.offset, 0, 0, LIMITS.changesOffsetMax);
  if (args.platform !== undefined && args.platform.trim().length > LIMITS.nameMaxLength) errors.push({ parameter: 'platform', message: `must be 1 to ${LIMITS.nameMaxLength} characters` });
  if (errors.length) return fail(invalidParameters(errors));
  let slug: string | null = null;
  if (args.platform !== undefined) {
    const found = lookupPlatform(dataset, args.platform);
    if ('problem' in found) return fail(found.problem);
    slug = found.platform.slug;
  }
  const matches = dataset.model.changes.filter((e) => (since === null || e.date.slice(0, 10) >= since) && (category === null || e.category === category) && (slug === null || e.slug === slug));
  const query = (at: number) => {
    const q = new URLSearchParams();
    if (since !== null) q.set('since', since);
    if (category) q.set('category', category);
    if (slug !== null) q.set('platform', slug);
    q.set('limit', String(limit));
    q.set('offset', String(at));
    return `/v1/changes?${q.toString()}`;
  };
  const page = pageWithin(matches.slice(offset, offset + limit), LIMITS.changesPageMaxBytes);
  const site = dataset.model.site;
  const response: ChangesResponse = {
    history: dataset.model.history,
    since,
    category: category ?? null,
    platform: slug,
    total: matches.length,
    offset,
    limit,
    next: offset + page.length < matches.length ? query(offset + page.length) : null,
    changes: page,
    ...envelope(site, `${site.base_url}/open-data/`),
  };
  return body(response);
}
