/**
 * The rule kinds of sources/methodology.yaml, each mapping a platform's facts
 * to a criterion score 0-100 with a rationale that shows the arithmetic, its
 * as_of, stale flag and evidence tier. The meaning of each kind, and of
 * missing / not applicable / stale, is documented at the top of methodology.yaml.
 */
import type { CriterionScore, EvidenceTier } from '../contract/api-schemas.js';
import { estimateFees, type FeeItem } from '../compute/fees.js';
import { apyForBalance } from '../compute/savings.js';
import { round1 } from '../compute/rounding.js';
import type { Source } from '../sources/common-schema.js';
import type { Criterion, Rule } from '../sources/methodology-schema.js';
import type { PlatformSource } from '../sources/platform-schema.js';
import { ownHosts, strongestTier, strongerTier } from './evidence-tiers.js';
import { FEE_ITEM_GROUPS, feeModelOf } from './fact-models.js';
import { staleFor, type EvidenceContext, type FactState } from './fact-states.js';

/** A criterion's result without its definition fields (key, label, default_weight, group). */
export type CriterionResult = Pick<CriterionScore, 'basis' | 'score' | 'unknown_points' | 'rationale' | 'as_of' | 'stale' | 'evidence_tier'> & {
  sources: Source[];
};

/** Category-wide figures some rules compare against. */
export interface CategoryContext {
  /** Best fresh APY (percent) at each apy_relative reference balance; `fresh` false when no fresh APY exists and the best stale one stands in. */
  bestApyAt: Map<number, { apy: number; fresh: boolean }>;
  /**
   * At each apy_relative reference balance, by platform slug: the ceiling of a stale APY's score, the
   * lowest score among the APYs with a newer as_of (see apyCeilings); absent when none is newer.
   */
  apyCeilingAt: Map<number, Map<string, ApyCeiling>>;
}

/** The newer APY whose score holds a stale APY's score down, and that score. */
export interface ApyCeiling {
  score: number;
  name: string;
  as_of: string;
}

/** One platform's APY at a reference balance, for apyCeilings. */
export interface DatedApy {
  slug: string;
  name: string;
  apy: number;
  as_of: string;
  stale: boolean;
}

/** The apy_relative score before any ceiling: 100 x APY / best, at most 100, one decimal (0 when best is 0). */
const apyScore = (apy: number, best: number): number => (best === 0 ? 0 : Math.min(100, round1((100 * apy) / best)));

/**
 * The ceilings of stale APY scores (methodology.yaml, apy_relative): a stale APY never scores above
 * an APY with a newer as_of, since rates move with the market and an old high rate says little
 * about today's. Taken newest first: a stale APY's score is at most the lowest score (after its
 * own ceiling) among the APYs strictly newer than it. An APY of 0 at the reference balance (the
 * balance is under its first tier) sets no ceiling.
 * @returns slug -> the ceiling that applies (absent when no newer APY exists or it is higher)
 */
export function apyCeilings(apys: readonly DatedApy[], best: number): Map<string, ApyCeiling> {
  const out = new Map<string, ApyCeiling>();
  const newestFirst = [...apys].sort((a, b) => b.as_of.localeCompare(a.as_of) || a.slug.localeCompare(b.slug));
  let lowest: ApyCeiling | null = null; // lowest final score among APYs strictly newer than the current date
  let i = 0;
  while (i < newestFirst.length) {
    const date = newestFirst[i]!.as_of;
    let sameDateLowest: ApyCeiling | null = null;
    for (; i < newestFirst.length && newestFirst[i]!.as_of === date; i++) {
      const a = newestFirst[i]!;
      let score = apyScore(a.apy, best);
      if (a.stale && lowest !== null && lowest.score < score) {
        out.set(a.slug, lowest);
        score = lowest.score;
      }
      if (a.apy > 0 && (sameDateLowest === null || score < sameDateLowest.score)) sameDateLowest = { score, name: a.name, as_of: a.as_of };
    }
    if (sameDateLowest !== null && (lowest === null || sameDateLowest.score < lowest.score)) lowest = sameDateLowest;
  }
  return out;
}

/**
 * The lowest and highest score a rule allows (methodology.yaml "Score ranges"): a rubric 0 to its
 * points summed (at most 100), an enum its lowest to its highest score, every other kind 0 to 100.
 */
export function ruleBounds(rule: Rule): { low: number; high: number } {
  switch (rule.kind) {
    case 'rubric':
      return {
        low: 0,
        high: Math.min(
          100,
          rule.points.reduce((sum, pt) => sum + pt.points, 0),
        ),
      };
    case 'enum': {
      const scores = Object.values(rule.scores);
      return { low: Math.min(...scores), high: Math.max(...scores) };
    }
    default:
      return { low: 0, high: 100 };
  }
}

const MISSING: CriterionResult = {
  basis: 'missing',
  score: null,
  unknown_points: 0,
  rationale: null,
  as_of: null,
  stale: false,
  evidence_tier: null,
  sources: [],
};

/**
 * The fact paths (`<fact group>.<field>`) a rule names, in the order they are written: a rubric's
 * `fact` and `any_of` of each point, an enum's or linear rule's `fact`; none for the other kinds
 * (scenario_cost reads fee items, apy_relative the apy group, assessed an assessment).
 */
export function factsOfRule(rule: Rule): string[] {
  if (rule.kind === 'rubric') return rule.points.flatMap((pt) => [...(pt.fact ? [pt.fact] : []), ...(pt.any_of ?? [])]);
  return rule.kind === 'enum' || rule.kind === 'linear' ? [rule.fact] : [];
}

/** Fact groups a rule reads (for missing and not-applicable checks, and evidence). */
export function groupsOfRule(rule: Rule, category: PlatformSource['category']): string[] {
  switch (rule.kind) {
    case 'rubric':
    case 'enum':
    case 'linear':
      return [...new Set(factsOfRule(rule).map((f) => f.split('.')[0]!))];
    case 'scenario_cost': {
      const items: Partial<Record<FeeItem, string>> = category === 'exchanges' || category === 'brokerages' ? FEE_ITEM_GROUPS[category] : {};
      return rule.items.map((i) => items[i]).filter((g): g is string => g !== undefined);
    }
    case 'apy_relative':
      return ['apy'];
    case 'assessed':
      return [];
  }
}

/** Linear map of a value: `best` or better -> 100, `worst` or worse -> 0, rounded to one decimal. best = worst is refused by the methodology lint. */
export function linearScore(value: number, best: number, worst: number): number {
  const t = (worst - value) / (worst - best);
  return round1(100 * Math.min(1, Math.max(0, t)));
}

function evidenceOf(states: readonly FactState[]): Pick<CriterionResult, 'as_of' | 'stale' | 'evidence_tier' | 'sources'> {
  const seen = new Set<string>();
  const sources = states.flatMap((g) => g.sources).filter((s) => !seen.has(s.url) && seen.add(s.url));
  let tier: EvidenceTier = 'weak';
  for (const s of states) tier = strongerTier(tier, s.evidence_tier);
  return { as_of: states.map((g) => g.as_of).sort()[0]!, stale: states.some((s) => s.stale), evidence_tier: tier, sources };
}

/**
 * Scores one criterion of one platform.
 * @param states the platform's fact groups with freshness and evidence (fact-states.ts)
 * @throws Error when an enum fact has a value the methodology gives no score (a methodology defect the lint reports first)
 */
export function scoreCriterion(
  p: PlatformSource,
  criterion: Criterion,
  states: ReadonlyMap<string, FactState>,
  ctx: CategoryContext,
  evidence: EvidenceContext,
): CriterionResult {
  const rule = criterion.rule;
  if (rule.kind === 'assessed') {
    const a = p.assessments?.[criterion.key];
    if (!a) return MISSING;
    return {
      basis: 'assessed',
      score: a.score,
      unknown_points: 0,
      rationale: a.rationale,
      as_of: a.as_of,
      stale: staleFor('assessment', a.as_of, evidence),
      evidence_tier: strongestTier(a.sources as Source[], ownHosts(p.website, p.domains), evidence.lists),
      sources: a.sources,
    };
  }
  const groups = groupsOfRule(rule, p.category).map((g) => states.get(g));
  if (groups.length === 0 || groups.some((g) => g === undefined)) return MISSING;
  const present = groups as FactState[];
  const ev = evidenceOf(present);
  const notApplicable = present.find((g) => g.not_applicable !== null);
  if (notApplicable) {
    const policy = criterion.not_applicable;
    if (policy === undefined) return MISSING; // the lint reports a not_applicable fact this criterion does not accept
    return policy === 'exclude'
      ? {
          basis: 'not_applicable',
          score: null,
          unknown_points: 0,
          rationale: `Not applicable (${notApplicable.not_applicable}); left out of the mean and of coverage.`,
          ...ev,
        }
      : {
          basis: 'not_applicable',
          score: policy.score,
          unknown_points: 0,
          rationale: `Not applicable (${notApplicable.not_applicable}), which scores ${policy.score}: ${policy.reason}`,
          ...ev,
        };
  }
  const field = (path: string): unknown => {
    const [g, f] = path.split('.') as [string, string];
    return (p.facts as Record<string, Record<string, unknown> | undefined>)[g]?.[f];
  };
  const derived = (score: number, rationale: string, unknownPoints = 0): CriterionResult => ({
    basis: 'derived',
    score,
    unknown_points: unknownPoints,
    rationale,
    ...ev,
  });

  switch (rule.kind) {
    case 'rubric': {
      let total = 0;
      let open = 0;
      let known = false;
      const parts = rule.points.map((pt) => {
        const facts = pt.any_of ?? [pt.fact!];
        const values = facts.map(field);
        if (values.some((v) => typeof v === 'boolean')) known = true;
        const yes = facts[values.indexOf(true)];
        if (yes) total += pt.points;
        const name = facts.map((f) => f.split('.')[1]).join(' or ');
        // unknown (null: the sources do not say) earns nothing, like no, but is named as unknown and could earn its points
        const unknown = !yes && values.includes(null);
        if (unknown) open += pt.points;
        const answer = yes ? `yes${facts.length > 1 ? ` (${yes.split('.')[1]})` : ''}` : unknown ? 'unknown' : 'no';
        return `${name} ${answer} +${yes ? pt.points : 0}`;
      });
      // a group whose every rubric fact is unknown (or absent) says nothing: the criterion has no data
      if (!known) return MISSING;
      const score = Math.min(100, total);
      const unknownPoints = Math.min(100, total + open) - score;
      return derived(
        score,
        `Rubric: ${parts.join('; ')} = ${score}${unknownPoints ? ` (up to ${score + unknownPoints} if the unknown facts are yes)` : ''}.`,
        unknownPoints,
      );
    }
    case 'enum': {
      const value = String(field(rule.fact));
      const score = rule.scores[value];
      if (score === undefined) throw new Error(`methodology gives no score for ${rule.fact} = ${value}`);
      return derived(score, `${rule.fact} is ${value}, which scores ${score}.`);
    }
    case 'linear': {
      const value = Number(field(rule.fact));
      const score = linearScore(value, rule.best, rule.worst);
      return derived(score, `${rule.fact} = ${value}; linear from ${rule.best} (100) to ${rule.worst} (0) gives ${score}.`);
    }
    case 'scenario_cost': {
      const model = feeModelOf(p, states);
      if (!model) return MISSING;
      const s = rule.scenario;
      const lines = estimateFees(model, s).line_items.filter((l) => rule.items.includes(l.item));
      if (lines.some((l) => l.status === 'unknown')) return MISSING;
      const cost = lines.reduce((sum, l) => sum + (l.usd ?? 0), 0);
      const score = linearScore(cost, rule.best, rule.worst);
      return derived(
        score,
        `Scenario (${s.trades_per_month} trades/month of ${s.avg_trade_size} USD, ${s.options_contracts_per_month} options contracts/month, ${s.transfers_per_year} transfers out/year): ${lines.map((l) => `${l.item} ${l.detail}`).join('; ')} = ${cost.toFixed(2)} USD a year; linear from ${rule.best} USD (100) to ${rule.worst} USD (0) gives ${score}.`,
      );
    }
    case 'apy_relative': {
      const apy = apyForBalance((p.facts as { apy: { tiers: Array<{ min_balance_usd: number; apy_pct: number }> } }).apy, rule.reference_balance_usd);
      const best = ctx.bestApyAt.get(rule.reference_balance_usd) ?? { apy: 0, fresh: false };
      const raw = apyScore(apy, best.apy);
      const ceiling = ctx.apyCeilingAt.get(rule.reference_balance_usd)?.get(p.slug);
      const score = ceiling ? ceiling.score : raw;
      const scale = best.fresh
        ? `the best fresh APY in the category, ${best.apy}%`
        : `the best APY in the category, ${best.apy}% (no fresh APY exists, so a stale one sets the scale)`;
      const capped = best.apy > 0 && apy > best.apy ? ' (capped at 100: this stale APY is above the best fresh one)' : '';
      const held = ceiling
        ? `; held to ${ceiling.score}, the score of ${ceiling.name}'s newer APY (as of ${ceiling.as_of}): a stale APY never scores above a newer one`
        : '';
      return derived(score, `APY ${apy}% at ${rule.reference_balance_usd} USD against ${scale} gives ${raw}${capped}${held}.`);
    }
  }
}
