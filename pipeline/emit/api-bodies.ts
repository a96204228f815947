/**
 * The precomputed REST bodies: category list, platform records, safety records
 * and verdicts, exactly as the runtime serves them.
 */
import type { CategoriesResponse, CitedSource, PlatformRecord } from '../../runtime/domain/contract/api-schemas.js';
import type { Source } from '../../runtime/domain/sources/common-schema.js';
import type { SafetyResponse, VerdictResponse } from '../../runtime/domain/contract/comparison-schemas.js';
import { CATEGORY_IDS } from '../../runtime/domain/contract/categories.js';
import type { Site } from '../../runtime/domain/contract/model.js';
import { apiPath, categoryPageUrl } from '../../runtime/domain/contract/urls.js';
import { API_PATHS } from '../../runtime/domain/operations/catalogue.js';
import { byRank } from '../../runtime/domain/compute/ranking-order.js';
import { verdictBody } from '../../runtime/domain/operations/verdict.js';
import { envelope } from '../../runtime/domain/operations/result.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import { modelCriteria, type ScoredPlatform } from '../score/score-dataset.js';
import { PUBLISHED_VERDICT_TOP_K } from '../../runtime/domain/contract/published-verdicts.js';

/** GET /v1/categories. */
export function categoriesBody(site: Site, methodology: Methodology, platforms: readonly ScoredPlatform[]): CategoriesResponse {
  return {
    categories: CATEGORY_IDS.map((id) => {
      const c = methodology.categories[id];
      return {
        id,
        label: c.label,
        description: c.description,
        platform_count: platforms.filter((p) => p.source.category === id).length,
        criteria: c.criteria.map((k) => ({ key: k.key, label: k.label, default_weight: k.weight, group: k.group ?? null, measures: k.measures })),
        profiles: c.profiles ?? [],
        page: categoryPageUrl(site, id),
      };
    }),
    ...envelope(site, `${site.base_url}/`),
  };
}

/** The facts of a record as the source file gives them, each group with its stale flag and evidence tier on the evaluation date. */
function factsWithState(p: ScoredPlatform): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, group] of Object.entries(p.source.facts as Record<string, object | undefined>)) {
    if (!group) continue;
    const state = p.facts.get(name)!;
    out[name] = { ...group, sources: cited(p, state.sources), stale: state.stale, evidence_tier: state.evidence_tier };
  }
  return out;
}

/** Citations with each one's own evidence tier. */
const cited = (p: ScoredPlatform, sources: readonly Source[]): CitedSource[] => sources.map((s) => ({ ...s, evidence_tier: p.tierOf(s.url) }));

/** A record's incidents (or licences) with each citation's tier. */
const withCitedSources = <T extends { sources: Source[] }>(p: ScoredPlatform, items: readonly T[]): Array<Omit<T, 'sources'> & { sources: CitedSource[] }> =>
  items.map((i) => ({ ...i, sources: cited(p, i.sources) }));

/** GET /v1/platforms/{slug}: the full sourced record. */
export function platformBody(site: Site, p: ScoredPlatform): PlatformRecord {
  const s = p.source;
  return {
    slug: s.slug,
    name: s.name,
    aliases: s.aliases ?? [],
    category: s.category,
    website: s.website,
    summary: s.summary ?? null,
    as_of: s.as_of,
    score_pct: p.model.score_pct,
    score_low_pct: p.model.score_low_pct,
    score_high_pct: p.model.score_high_pct,
    raw_score_pct: p.model.raw_score_pct,
    coverage: p.model.coverage,
    eligible: p.model.eligible,
    rank: p.model.rank,
    rank_note: p.model.rank_note,
    overlaps_previous: p.model.overlaps_previous,
    cap: p.model.cap,
    criteria: p.criteria,
    facts: factsWithState(p),
    incidents_checked: p.model.incidents_checked,
    incident_record_stale: p.model.incident_record_stale,
    incidents: withCitedSources(p, s.incidents ?? []),
    licences: withCitedSources(p, s.licences ?? []),
    json: `${site.base_url}${apiPath(API_PATHS.getPlatform, s.slug)}`,
    ...envelope(site, p.model.page),
  };
}

/** GET /v1/safety/{slug}: incidents, regulatory record, security score and cap. */
export function safetyBody(site: Site, p: ScoredPlatform): SafetyResponse {
  const incidents = withCitedSources(p, p.source.incidents ?? []);
  const security = p.criteria.find((c) => c.key === 'security');
  const others = incidents.filter((i) => i.class !== 'regulatory_action');
  const regulatory = incidents.filter((i) => i.class === 'regulatory_action');
  return {
    slug: p.source.slug,
    name: p.source.name,
    category: p.source.category,
    security_score: security?.score ?? null,
    security_basis: security?.basis === 'not_applicable' ? 'missing' : (security?.basis ?? 'missing'),
    cap: p.model.cap,
    incident_count: others.length,
    regulatory_action_count: regulatory.length,
    incidents: others,
    regulatory_record: regulatory,
    licences: withCitedSources(p, p.source.licences ?? []),
    as_of: p.source.as_of,
    ...envelope(site, p.model.page),
  };
}

/**
 * The published verdicts: each pair among the top `topK` platforms (by score)
 * of each category, compared with default weights by the runtime's compare
 * function. Keyed by canonical slug, pairs in slug order within each category.
 * @param topK platforms per category whose pairs are published; defaults to PUBLISHED_VERDICT_TOP_K
 */
export function verdictBodies(
  site: Site,
  methodology: Methodology,
  platforms: readonly ScoredPlatform[],
  topK: number = PUBLISHED_VERDICT_TOP_K,
): Map<string, VerdictResponse> {
  const verdicts = new Map<string, VerdictResponse>();
  for (const id of CATEGORY_IDS) {
    const criteria = modelCriteria(methodology, id);
    const members = platforms
      .filter((p) => p.source.category === id)
      .map((p) => p.model)
      .sort(byRank)
      .slice(0, topK)
      .sort((a, b) => a.slug.localeCompare(b.slug));
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const verdict = verdictBody(site, methodology, criteria, members[i]!, members[j]!);
        verdicts.set(verdict.slug, verdict);
      }
    }
  }
  return verdicts;
}
