/**
 * Scores every platform: per-criterion scores, overall score_pct with default
 * weights, coverage, cap and eligibility (methodology.yaml), producing both the
 * published criterion rows and the runtime model of each platform.
 */
import type { CriterionScore } from '../../runtime/contract/api-schemas.js';
import type { CategoryId } from '../../runtime/contract/categories.js';
import type { ModelCriterion, ModelPlatform, Site } from '../../runtime/contract/model.js';
import { apyForBalance } from '../../runtime/compute/savings.js';
import { byRank } from '../../runtime/compute/search.js';
import { coverage, defaultWeights, weightedScore } from '../../runtime/compute/weighted-score.js';
import type { Methodology } from '../sources/methodology-schema.js';
import type { PlatformSource } from '../sources/platform-schema.js';
import { capFor } from './caps.js';
import { scoreCriterion, type CategoryContext } from './criterion-rules.js';
import { feeModelOf, missingFeeFacts, savingsModelOf } from './fact-models.js';
import { platformPage } from '../../runtime/contract/urls.js';

/** A platform with everything computed from it. */
export interface ScoredPlatform {
  source: PlatformSource;
  criteria: CriterionScore[];
  model: ModelPlatform;
}

/** Reference balance (USD) of the `apy` shown in search summaries: the apy criterion's, else 10,000. */
export function summaryApyBalance(methodology: Methodology): number {
  const rule = methodology.categories['high-yield-savings'].criteria.find((c) => c.rule.kind === 'apy_relative')?.rule;
  return rule?.kind === 'apy_relative' ? rule.reference_balance_usd : 10_000;
}

/** Criteria of a category as the runtime model carries them. */
export function modelCriteria(methodology: Methodology, category: CategoryId): ModelCriterion[] {
  return methodology.categories[category].criteria.map((c) => ({ key: c.key, label: c.label, weight: c.weight }));
}

/**
 * The newest record as_of (YYYY-MM-DD) of a dataset, or 1970-01-01 when it is empty: the
 * evaluation date for incident ages and the as_of of the open-data files (never the clock).
 */
export function evaluationDate(platforms: ReadonlyArray<{ as_of: string }>): string {
  return platforms.map((p) => p.as_of).sort().at(-1) ?? '1970-01-01';
}

function contextFor(methodology: Methodology, platforms: readonly PlatformSource[], category: CategoryId): CategoryContext {
  const bestApyAt = new Map<number, number>();
  for (const c of methodology.categories[category].criteria) {
    if (c.rule.kind !== 'apy_relative') continue;
    const balance = c.rule.reference_balance_usd;
    let best = 0;
    for (const p of platforms) {
      if (p.category === 'high-yield-savings' && p.facts.apy) best = Math.max(best, apyForBalance(p.facts.apy, balance));
    }
    bestApyAt.set(balance, best);
  }
  return { bestApyAt };
}

/**
 * Scores the dataset. Platforms come back in rank order (score descending, then name).
 * @throws Error from scoreCriterion on a methodology defect
 */
export function scoreDataset(platforms: readonly PlatformSource[], methodology: Methodology, site: Site): ScoredPlatform[] {
  const evalDate = evaluationDate(platforms);
  const contexts = new Map<CategoryId, CategoryContext>();
  const apyBalance = summaryApyBalance(methodology);
  const scored = platforms.map((source): ScoredPlatform => {
    const category = source.category;
    if (!contexts.has(category)) contexts.set(category, contextFor(methodology, platforms, category));
    const ctx = contexts.get(category)!;
    const criteria: CriterionScore[] = methodology.categories[category].criteria.map((c) => ({
      key: c.key,
      label: c.label,
      default_weight: c.weight,
      ...scoreCriterion(source, c, ctx),
    }));
    const scores: Record<string, number> = {};
    for (const c of criteria) if (c.score !== null) scores[c.key] = c.score;
    const definitions = modelCriteria(methodology, category);
    const cap = capFor(source.incidents ?? [], methodology.caps, evalDate);
    const overall = weightedScore(definitions, scores, defaultWeights(definitions), cap);
    const cov = coverage(definitions, scores);
    const savings = savingsModelOf(source);
    const model: ModelPlatform = {
      slug: source.slug,
      name: source.name,
      aliases: source.aliases ?? [],
      category,
      as_of: source.as_of,
      page: platformPage(site, source.slug),
      score_pct: overall.score_pct,
      raw_score_pct: overall.raw_score_pct,
      coverage: cov,
      eligible: cov >= methodology.coverage_gate_pct && overall.score_pct !== null,
      ...(savings ? { apy: apyForBalance(savings, apyBalance) } : {}),
      criteria: scores,
      cap,
      fees: feeModelOf(source),
      fee_facts_missing: missingFeeFacts(source),
      savings,
    };
    return { source, criteria, model };
  });
  return scored.sort((a, b) => byRank(a.model, b.model));
}
