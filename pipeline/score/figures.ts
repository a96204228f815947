/**
 * The dated figures of a scored platform: each fact group and each editor assessment, with its
 * stale flag and evidence tier. npm run report counts them per category (pipeline/report.ts);
 * the home page says how many of them are older than their freshness window.
 */
import type { EvidenceTier } from '../../runtime/domain/contract/api-schemas.js';
import type { ScoredPlatform } from './score-dataset.js';

/** One dated figure: a fact group (key of `facts`) or an assessed criterion (its key, also its key in `assessments`). */
export interface Figure {
  /** Where the figure is in the platform's source: `facts` (a fact group) or `assessments` (an editor assessment). */
  kind: 'facts' | 'assessments';
  key: string;
  stale: boolean;
  evidence_tier: EvidenceTier | null;
}

/** The fact groups, then the assessed criteria (derived criteria are the facts again, so not counted twice). */
export function figuresOf(p: ScoredPlatform): Figure[] {
  return [
    ...[...p.facts].map(([key, f]) => ({ kind: 'facts' as const, key, stale: f.stale, evidence_tier: f.evidence_tier })),
    ...p.criteria
      .filter((c) => c.basis === 'assessed')
      .map((c) => ({ kind: 'assessments' as const, key: c.key, stale: c.stale, evidence_tier: c.evidence_tier })),
  ];
}
