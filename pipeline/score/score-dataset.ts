/**
 * Scores every platform on the evaluation date: per-criterion scores with
 * as_of, stale flag and evidence tier, overall score_pct with default weights,
 * coverage, cap and eligibility (methodology.yaml), producing both the
 * published criterion rows and the runtime model of each platform.
 */
import type { CriterionScore, EvidenceTier } from '../../runtime/domain/contract/api-schemas.js';
import { ownHosts, tierOfUrl } from '../../runtime/domain/scoring/evidence-tiers.js';
import type { CategoryId } from '../../runtime/domain/contract/categories.js';
import type { ModelCriterion, ModelCriterionState, ModelPlatform, Site } from '../../runtime/domain/contract/model.js';
import { apyForBalance } from '../../runtime/domain/compute/savings.js';
import { byRank, isEligible } from '../../runtime/domain/compute/ranking-order.js';
import { defaultWeights, weightedScore } from '../../runtime/domain/compute/weighted-score.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import type { PlatformSource } from '../../runtime/domain/sources/platform-schema.js';
import { capFor } from '../../runtime/domain/scoring/caps.js';
import { apyCeilings, ruleBounds, scoreCriterion, type ApyCeiling, type CategoryContext, type DatedApy } from '../../runtime/domain/scoring/criterion-rules.js';
import { round1 } from '../../runtime/domain/compute/rounding.js';
import { placeCategory } from '../../runtime/domain/compute/category-ranking.js';
import { feeModelOf, savingsModelOf } from '../../runtime/domain/scoring/fact-models.js';
import { factStates, staleFor, type EvidenceContext, type FactState } from '../../runtime/domain/scoring/fact-states.js';
import { platformPageUrl } from '../../runtime/domain/contract/urls.js';

/** A platform with everything computed from it. */
export interface ScoredPlatform {
  source: PlatformSource;
  criteria: CriterionScore[];
  /** Each fact group's as_of, stale flag, evidence tier and not-applicable reason. */
  facts: Map<string, FactState>;
  model: ModelPlatform;
  /** The evidence tier of a citation URL of this platform (its own hosts are primary). */
  tierOf: (url: string) => EvidenceTier;
}

/** Reference balance (USD) of the `apy` shown in search summaries: the apy criterion's, else 10,000. */
export function summaryApyBalance(methodology: Methodology): number {
  const rule = methodology.categories['high-yield-savings'].criteria.find((c) => c.rule.kind === 'apy_relative')?.rule;
  return rule?.kind === 'apy_relative' ? rule.reference_balance_usd : 10_000;
}

/** Criteria of a category as the runtime model carries them. */
export function modelCriteria(methodology: Methodology, category: CategoryId): ModelCriterion[] {
  return methodology.categories[category].criteria.map((c) => ({ key: c.key, label: c.label, weight: c.weight, group: c.group ?? null }));
}

function contextFor(
  methodology: Methodology,
  platforms: readonly PlatformSource[],
  states: ReadonlyMap<PlatformSource, Map<string, FactState>>,
  category: CategoryId,
): CategoryContext {
  const bestApyAt = new Map<number, { apy: number; fresh: boolean }>();
  const apyCeilingAt = new Map<number, Map<string, ApyCeiling>>();
  for (const c of methodology.categories[category].criteria) {
    if (c.rule.kind !== 'apy_relative') continue;
    const balance = c.rule.reference_balance_usd;
    let fresh = 0;
    let any = 0;
    const apys: DatedApy[] = [];
    for (const p of platforms) {
      if (p.category !== 'high-yield-savings' || !p.facts.apy) continue;
      const apy = apyForBalance(p.facts.apy, balance);
      const state = states.get(p)!.get('apy')!;
      apys.push({ slug: p.slug, name: p.name, apy, as_of: state.as_of, stale: state.stale });
      any = Math.max(any, apy);
      if (!state.stale) fresh = Math.max(fresh, apy);
    }
    const best = fresh > 0 ? { apy: fresh, fresh: true } : { apy: any, fresh: false };
    bestApyAt.set(balance, best);
    apyCeilingAt.set(balance, apyCeilings(apys, best.apy));
  }
  return { bestApyAt, apyCeilingAt };
}

/**
 * Each criterion's range (methodology.yaml "Score ranges"), set on the scored rows of one category:
 * without data, the lowest and highest score its rule allows; not applicable and excluded, none;
 * with fresh data, its score to its score plus its unknown rubric points; with stale data, that
 * widened to the span of the category's fresh scores of the criterion (of all its scores when
 * none is fresh).
 */
function setCriterionRanges(methodology: Methodology, category: CategoryId, rows: ReadonlyArray<CriterionScore[]>): void {
  methodology.categories[category].criteria.forEach((c, k) => {
    const bounds = ruleBounds(c.rule);
    const scored = rows.map((r) => r[k]!).filter((r) => r.score !== null);
    const fresh = scored.filter((r) => !r.stale);
    const span = (fresh.length > 0 ? fresh : scored).map((r) => r.score!);
    const spanLow = Math.min(...span);
    const spanHigh = Math.max(...span);
    for (const r of rows) {
      const row = r[k]!;
      if (row.score === null) {
        const left = row.basis === 'not_applicable';
        row.score_low = left ? null : bounds.low;
        row.score_high = left ? null : bounds.high;
      } else {
        const high = Math.min(100, round1(row.score + row.unknown_points));
        row.score_low = row.stale ? Math.min(row.score, spanLow) : row.score;
        row.score_high = row.stale ? Math.max(high, spanHigh) : high;
      }
    }
  });
}

/**
 * Scores the dataset on the evaluation date. Platforms come back in rank order (compute/ranking-order.ts byRank).
 * @param evidence the evaluation date, freshness windows and tier lists
 * @throws Error from scoreCriterion on a methodology defect
 */
export function scoreDataset(platforms: readonly PlatformSource[], methodology: Methodology, site: Site, evidence: EvidenceContext): ScoredPlatform[] {
  const contexts = new Map<CategoryId, CategoryContext>();
  const apyBalance = summaryApyBalance(methodology);
  const states = new Map(platforms.map((p) => [p, factStates(p, methodology, evidence)] as const));
  const rows = new Map(
    platforms.map((source) => {
      const category = source.category;
      if (!contexts.has(category)) contexts.set(category, contextFor(methodology, platforms, states, category));
      const ctx = contexts.get(category)!;
      const own = ownHosts(source.website, source.domains);
      const tierOf = (url: string) => tierOfUrl(url, own, evidence.lists);
      const criteria: CriterionScore[] = methodology.categories[category].criteria.map((c) => {
        const { sources, ...result } = scoreCriterion(source, c, states.get(source)!, ctx, evidence);
        const cited = sources.map((s) => ({ ...s, evidence_tier: tierOf(s.url) }));
        return { key: c.key, label: c.label, default_weight: c.weight, group: c.group ?? null, ...result, score_low: null, score_high: null, sources: cited };
      });
      return [source, { criteria, tierOf }] as const;
    }),
  );
  for (const category of contexts.keys())
    setCriterionRanges(
      methodology,
      category,
      platforms.filter((p) => p.category === category).map((p) => rows.get(p)!.criteria),
    );
  const scored = platforms.map((source): ScoredPlatform => {
    const category = source.category;
    const facts = states.get(source)!;
    const { criteria, tierOf } = rows.get(source)!;
    const modelStates: Record<string, ModelCriterionState> = {};
    for (const c of criteria) {
      modelStates[c.key] = {
        basis: c.basis,
        score: c.score,
        unknown_points: c.unknown_points,
        low: c.score_low,
        high: c.score_high,
        as_of: c.as_of,
        stale: c.stale,
        evidence_tier: c.evidence_tier,
        sources: c.sources.map((s) => s.url),
      };
    }
    const definitions = modelCriteria(methodology, category);
    const cap = capFor(source.incidents ?? [], methodology.caps, evidence.evaluationDate);
    const weights = defaultWeights(definitions);
    const overall = weightedScore(definitions, modelStates, weights, cap);
    const cov = overall.coverage.pct;
    const savings = savingsModelOf(source, facts);
    // the incident_record window is evaluated on when the incidents were last searched (default: the record's as_of)
    const incidentsChecked = source.incidents_checked ?? source.as_of;
    const model: ModelPlatform = {
      slug: source.slug,
      name: source.name,
      aliases: source.aliases ?? [],
      category,
      as_of: source.as_of,
      incidents_checked: incidentsChecked,
      incident_record_stale: staleFor('incident_record', incidentsChecked, evidence),
      page: platformPageUrl(site, source.slug),
      score_pct: overall.score_pct,
      raw_score_pct: overall.raw_score_pct,
      score_low_pct: overall.range?.low ?? null,
      score_high_pct: overall.range?.high ?? null,
      coverage: cov,
      eligible: isEligible(cov, overall.score_pct, methodology.coverage_gate_pct),
      rank: null,
      rank_note: '',
      overlaps_previous: false,
      ...(savings ? { apy: apyForBalance(savings, apyBalance) } : {}),
      criteria: modelStates,
      cap,
      fees: feeModelOf(source, facts),
      savings,
    };
    return { source, criteria, facts, model, tierOf };
  });
  scored.sort((a, b) => byRank(a.model, b.model));
  for (const category of contexts.keys())
    placeCategory(
      methodology,
      scored.filter((p) => p.source.category === category).map((p) => p.model),
    );
  return scored;
}

/**
 * The newest record as_of (YYYY-MM-DD) of a dataset, or 1970-01-01 when it is empty: the
 * as_of of the open-data files and the change feed's date when SOURCE_DATE_EPOCH is unset.
 */
export function newestAsOf(platforms: ReadonlyArray<{ as_of: string }>): string {
  return (
    platforms
      .map((p) => p.as_of)
      .sort()
      .at(-1) ?? '1970-01-01'
  );
}
