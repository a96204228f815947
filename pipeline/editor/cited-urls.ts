/** Every URL the platform files cite, each once, with where it is cited. */
import type { PlatformSource } from '../../runtime/domain/sources/platform-schema.js';
import type { LinkToCheck } from './link-check.js';

/**
 * The cited URLs of the platforms, in the order first met (platform, then facts, assessments,
 * incidents, licences), each with every place that cites it as "slug facts.group",
 * "slug assessments.key", "slug incidents.<date>" or "slug licences.<regulator>".
 */
export function citedUrls(platforms: readonly PlatformSource[]): LinkToCheck[] {
  const byUrl = new Map<string, string[]>();
  const cite = (url: string, where: string) => {
    const list = byUrl.get(url) ?? [];
    if (!list.includes(where)) list.push(where);
    byUrl.set(url, list);
  };
  for (const p of platforms) {
    for (const [group, body] of Object.entries(p.facts as Record<string, { sources: Array<{ url: string }> } | undefined>)) {
      for (const s of body?.sources ?? []) cite(s.url, `${p.slug} facts.${group}`);
    }
    for (const [key, a] of Object.entries(p.assessments ?? {})) for (const s of a.sources) cite(s.url, `${p.slug} assessments.${key}`);
    for (const i of p.incidents ?? []) for (const s of i.sources) cite(s.url, `${p.slug} incidents.${i.date}`);
    for (const l of p.licences ?? []) for (const s of l.sources) cite(s.url, `${p.slug} licences.${l.regulator}`);
  }
  return [...byUrl].map(([url, cited_by]) => ({ url, cited_by }));
}
