/**
 * The freshness and evidence of each fact group of a platform on the evaluation
 * date: as_of, stale (methodology.yaml `freshness`, by the group's kind in
 * `fact_kinds`), the strongest evidence tier of its sources, and its
 * not_applicable reason when it is recorded as not applying.
 */
import type { EvidenceTier } from '../contract/api-schemas.js';
import { isNotApplicable, type Source } from '../sources/common-schema.js';
import type { FactKind, Methodology } from '../sources/methodology-schema.js';
import type { PlatformSource } from '../sources/platform-schema.js';
import { ownHosts, strongestTier, type TierLists } from './evidence-tiers.js';
import { isStale } from './freshness.js';

export interface FactState {
  as_of: string;
  stale: boolean;
  evidence_tier: EvidenceTier;
  /** The reason when the group is recorded as not applicable, else null. */
  not_applicable: string | null;
  sources: Source[];
}

/** What the states of a build depend on, besides the platform. */
export interface EvidenceContext {
  evaluationDate: string;
  freshness: Methodology['freshness'];
  lists: TierLists;
}

/** Staleness of an as_of for a fact kind on the evaluation date. */
export function staleFor(kind: FactKind, asOf: string, ctx: EvidenceContext): boolean {
  return isStale(asOf, ctx.freshness[kind].days, ctx.evaluationDate);
}

/**
 * The fact kind (methodology.yaml `fact_kinds`) whose freshness window a fact group of a category
 * is judged by: product_facts when the methodology names none (the lint reports the gap).
 */
export function factKindOf(methodology: Methodology, category: PlatformSource['category'], group: string): FactKind {
  return methodology.categories[category].fact_kinds[group] ?? 'product_facts';
}

/**
 * Every fact group of a platform with its state. A group without a kind in fact_kinds is
 * judged as product_facts (the lint reports the gap in methodology.yaml).
 */
export function factStates(p: PlatformSource, methodology: Methodology, ctx: EvidenceContext): Map<string, FactState> {
  const own = ownHosts(p.website, p.domains);
  const states = new Map<string, FactState>();
  for (const [name, group] of Object.entries(p.facts as Record<string, { as_of: string; sources: Source[] } | undefined>)) {
    if (!group) continue;
    states.set(name, {
      as_of: group.as_of,
      stale: staleFor(factKindOf(methodology, p.category, name), group.as_of, ctx),
      evidence_tier: strongestTier(group.sources, own, ctx.lists),
      not_applicable: isNotApplicable(group) ? group.not_applicable : null,
      sources: group.sources,
    });
  }
  return states;
}
