/**
 * The webhook messages a new build makes: the changes of the new dist that the build before it did not
 * have (by commit), filtered per webhook by its kinds and categories, as Standard Webhooks
 * messages (`type`, `timestamp`, `data`). A message's id is derived from the webhook and the
 * commits it reports, so every retry and every instance sends the same id (receivers dedupe by it).
 */
import { createHash } from 'node:crypto';
import type { ChangeEvent } from '../../domain/contract/history-schemas.js';
import type { RuntimeModel } from '../../domain/contract/model.js';
import { API_PATHS } from '../../domain/operations/catalogue.js';
import type { WebhookTarget } from './webhook-config.js';

/** One message for one webhook. */
export interface ChangeMessage {
  /** webhook-id header: `msg_` + 32 hex digits. */
  id: string;
  target: string;
  /** The JSON body, exactly as signed and sent. */
  payload: string;
}

/** The changes in `next` from commits not in `known` (the commits of the build before it). */
export function newChanges(known: ReadonlySet<string>, next: RuntimeModel): ChangeEvent[] {
  return next.changes.filter((e) => !known.has(e.commit));
}

/**
 * The messages for `changes` (newest first, as the model lists them): one per webhook that wants any of them.
 * @param now ISO 8601 time of the message (`timestamp` of the body)
 */
export function changeMessages(targets: readonly WebhookTarget[], changes: readonly ChangeEvent[], site: RuntimeModel['site'], now: string): ChangeMessage[] {
  if (changes.length === 0) return [];
  const commits = [...new Set(changes.map((e) => e.commit))];
  return targets.flatMap((t) => {
    const wanted = changes.filter(
      (e) => (!t.kinds || t.kinds.includes(e.kind)) && (!t.categories || (e.category !== null && t.categories.includes(e.category))),
    );
    if (wanted.length === 0) return [];
    const id = `msg_${createHash('sha256')
      .update(`${t.id}\0${commits.join(',')}`)
      .digest('hex')
      .slice(0, 32)}`;
    const body = {
      type: 'data.changed',
      timestamp: now,
      data: {
        webhook: t.id,
        commits,
        count: wanted.length,
        changes: wanted,
        changes_url: `${site.base_url}${API_PATHS.listChanges}`,
        attribution: site.attribution,
        license: site.license,
      },
    };
    return [{ id, target: t.id, payload: JSON.stringify(body) }];
  });
}
