/**
 * A category's scores as one commit's sources gave them: that commit's platform files,
 * methodology and source tiers, scored by this build's rules (runtime/domain/scoring) on the
 * commit's date. A category is scored only when every one of its files and the methodology
 * pass this build's schemas (scores rest on the whole category, e.g. the best APY); otherwise
 * the commit gives no score point for it (docs/history.md).
 */
import type { Site } from '../../runtime/domain/contract/model.js';
import { MethodologySchema, type Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import { PlatformSourceSchema, type PlatformSource } from '../../runtime/domain/sources/platform-schema.js';
import { SourceTiersSchema } from '../../runtime/domain/sources/source-tiers-schema.js';
import { UnreliableDomainsSchema } from '../../runtime/domain/sources/unreliable-domains-schema.js';
import type { TierLists } from '../../runtime/domain/scoring/evidence-tiers.js';
import { scoreDataset } from '../score/score-dataset.js';

/** One platform's overall score in a commit's category scoring. */
export interface CommitScore {
  slug: string;
  methodology_version: string;
  score_pct: number | null;
  coverage: number;
  eligible: boolean;
}

/** The methodology of a commit when this build's schema reads it; null otherwise. */
export function readableMethodology(data: unknown): Methodology | null {
  const parsed = MethodologySchema.safeParse(data);
  return parsed.success ? (parsed.data as Methodology) : null;
}

/** A platform file of a commit when this build's schema reads it; null otherwise. */
export function readablePlatform(data: unknown): PlatformSource | null {
  const parsed = PlatformSourceSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The tier lists of a commit (files absent or unreadable: empty lists, as the build treats an absent file). */
export function tierListsOf(tiers: unknown, unreliable: unknown): TierLists {
  const t = SourceTiersSchema.safeParse(tiers);
  const u = UnreliableDomainsSchema.safeParse(unreliable);
  return {
    tiers: new Map(t.success ? t.data.domains.map((d) => [d.domain, d.tier] as const) : []),
    unreliable: new Map(u.success ? u.data.domains.map((d) => [d.domain, d.reason] as const) : []),
  };
}

/**
 * Scores one category's platforms as of `evaluationDate` (YYYY-MM-DD).
 * @param platforms every platform file of the category at the commit, each read by this build's schema
 */
export function scoreCategoryAt(
  platforms: readonly PlatformSource[],
  methodology: Methodology,
  lists: TierLists,
  site: Site,
  evaluationDate: string,
): CommitScore[] {
  const scored = scoreDataset(platforms, methodology, site, { evaluationDate, freshness: methodology.freshness, lists });
  return scored
    .map((p) => ({
      slug: p.source.slug,
      methodology_version: methodology.version,
      score_pct: p.model.score_pct,
      coverage: p.model.coverage,
      eligible: p.model.eligible,
    }))
    .sort((a, b) => (a.slug < b.slug ? -1 : 1));
}
