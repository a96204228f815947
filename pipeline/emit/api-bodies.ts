/**
 * The precomputed REST bodies: category list, platform records, safety records
 * and verdicts, exactly as the runtime serves them.
 */
import type {
  CategoriesResponse,
  PlatformRecord,
  SafetyResponse,
  VerdictResponse,
} from '../../runtime/contract/api-schemas.js';
import { CATEGORY_IDS } from '../../runtime/contract/categories.js';
import type { Site } from '../../runtime/contract/model.js';
import { categoryPage, comparePage, comparisonSlug, platformJson } from '../../runtime/contract/urls.js';
import { compare } from '../../runtime/compute/compare.js';
import { defaultWeights } from '../../runtime/compute/weighted-score.js';
import type { Methodology } from '../sources/methodology-schema.js';
import { modelCriteria, type ScoredPlatform } from '../score/score-dataset.js';

const envelope = (site: Site, page: string) => ({ methodology: site.methodology_url, attribution: site.attribution, license: site.license, page });

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
        criteria: c.criteria.map((k) => ({ key: k.key, label: k.label, default_weight: k.weight, measures: k.measures })),
        page: categoryPage(site, id),
      };
    }),
    ...envelope(site, `${site.base_url}/`),
  };
}

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
    raw_score_pct: p.model.raw_score_pct,
    coverage: p.model.coverage,
    eligible: p.model.eligible,
    cap: p.model.cap,
    criteria: p.criteria,
    facts: s.facts as Record<string, unknown>,
    incidents: s.incidents ?? [],
    licences: s.licences ?? [],
    json: platformJson(site, s.slug),
    ...envelope(site, p.model.page),
  };
}

/** GET /v1/safety/{slug}: incidents, regulatory record, security score and cap. */
export function safetyBody(site: Site, p: ScoredPlatform): SafetyResponse {
  const incidents = p.source.incidents ?? [];
  const security = p.criteria.find((c) => c.key === 'security');
  const others = incidents.filter((i) => i.class !== 'regulatory_action');
  const regulatory = incidents.filter((i) => i.class === 'regulatory_action');
  return {
    slug: p.source.slug,
    name: p.source.name,
    category: p.source.category,
    security_score: security?.score ?? null,
    security_basis: security?.basis ?? 'missing',
    cap: p.model.cap,
    incident_count: others.length,
    regulatory_action_count: regulatory.length,
    incidents: others,
    regulatory_record: regulatory,
    licences: p.source.licences ?? [],
    as_of: p.source.as_of,
    ...envelope(site, p.model.page),
  };
}

/**
 * Every published verdict: each pair of platforms within a category, compared
 * with default weights by the runtime's compare function. Keyed by canonical slug.
 */
export function verdictBodies(site: Site, methodology: Methodology, platforms: readonly ScoredPlatform[]): Map<string, VerdictResponse> {
  const verdicts = new Map<string, VerdictResponse>();
  for (const id of CATEGORY_IDS) {
    const criteria = modelCriteria(methodology, id);
    const weights = defaultWeights(criteria);
    const members = platforms.filter((p) => p.source.category === id).map((p) => p.model).sort((a, b) => a.slug.localeCompare(b.slug));
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const pair = [members[i]!, members[j]!];
        const slug = comparisonSlug(pair.map((m) => m.slug));
        const result = compare(pair, criteria, weights, 'default', methodology);
        const title = result.winner === null
          ? `${pair[0]!.name} vs ${pair[1]!.name}: no verdict (coverage under the gate)`
          : result.too_close
            ? `${pair[0]!.name} vs ${pair[1]!.name}: too close to call`
            : `${pair[0]!.name} vs ${pair[1]!.name}: ${result.winner} wins`;
        verdicts.set(slug, { slug, title, ...result, ...envelope(site, comparePage(site, slug)) });
      }
    }
  }
  return verdicts;
}
