/**
 * The rule kinds of sources/methodology.yaml, each mapping a platform's facts
 * to a criterion score 0-100 with a rationale that shows the arithmetic.
 * The meaning of each kind is documented at the top of methodology.yaml.
 */
import type { Source } from '../sources/common-schema.js';
import type { PlatformSource } from '../sources/platform-schema.js';
import type { Criterion, Rule } from '../sources/methodology-schema.js';
import { estimateFees } from '../../runtime/compute/fees.js';
import { apyForBalance } from '../../runtime/compute/savings.js';
import { round1 } from '../../runtime/compute/rounding.js';
import { feeModelOf, FEE_FACT_GROUPS } from './fact-models.js';

/** A criterion's score with its evidence, or basis `missing` with nulls. */
export interface CriterionResult {
  basis: 'derived' | 'assessed' | 'missing';
  score: number | null;
  rationale: string | null;
  as_of: string | null;
  sources: Source[];
}

/** Category-wide figures some rules compare against. */
export interface CategoryContext {
  /** Best APY (percent) at each apy_relative reference balance, keyed by that balance. */
  bestApyAt: Map<number, number>;
}

interface FactGroup {
  as_of: string;
  sources: Source[];
  [field: string]: unknown;
}

const MISSING: CriterionResult = { basis: 'missing', score: null, rationale: null, as_of: null, sources: [] };

function group(p: PlatformSource, name: string): FactGroup | undefined {
  return (p.facts as Record<string, FactGroup | undefined>)[name];
}

function evidenceOf(groups: FactGroup[]): Pick<CriterionResult, 'as_of' | 'sources'> {
  const seen = new Set<string>();
  const sources = groups.flatMap((g) => g.sources).filter((s) => !seen.has(s.url) && seen.add(s.url));
  return { as_of: groups.map((g) => g.as_of).sort()[0]!, sources };
}

/** Fact groups a rule reads (for `missing` checks and evidence). */
export function groupsOfRule(rule: Rule, category: PlatformSource['category']): string[] {
  switch (rule.kind) {
    case 'rubric':
      return [...new Set(rule.points.map((pt) => pt.fact.split('.')[0]!))];
    case 'enum':
    case 'linear':
      return [rule.fact.split('.')[0]!];
    case 'scenario_cost':
      return category === 'exchanges' || category === 'brokerages' ? [...FEE_FACT_GROUPS[category]] : [];
    case 'apy_relative':
      return ['apy'];
    case 'assessed':
      return [];
  }
}

/** Linear map of a value: `best` or better -> 100, `worst` or worse -> 0, rounded to one decimal. */
export function linearScore(value: number, best: number, worst: number): number {
  if (best === worst) return value === best ? 100 : 0;
  const t = (worst - value) / (worst - best);
  return round1(100 * Math.min(1, Math.max(0, t)));
}

/**
 * Scores one criterion of one platform.
 * @throws Error when an enum fact has a value the methodology gives no score (a methodology defect)
 */
export function scoreCriterion(p: PlatformSource, criterion: Criterion, ctx: CategoryContext): CriterionResult {
  const rule = criterion.rule;
  if (rule.kind === 'assessed') {
    const a = p.assessments?.[criterion.key];
    return a ? { basis: 'assessed', score: a.score, rationale: a.rationale, as_of: a.as_of, sources: a.sources } : MISSING;
  }
  const groups = groupsOfRule(rule, p.category).map((g) => group(p, g));
  if (groups.length === 0 || groups.some((g) => g === undefined)) return MISSING;
  const evidence = evidenceOf(groups as FactGroup[]);
  const field = (path: string): unknown => group(p, path.split('.')[0]!)?.[path.split('.')[1]!];
  const derived = (score: number, rationale: string): CriterionResult => ({ basis: 'derived', score, rationale, ...evidence });

  switch (rule.kind) {
    case 'rubric': {
      let total = 0;
      const parts = rule.points.map((pt) => {
        const yes = field(pt.fact) === true;
        if (yes) total += pt.points;
        return `${pt.fact.split('.')[1]} ${yes ? 'yes' : 'no'} +${yes ? pt.points : 0}`;
      });
      const score = Math.min(100, total);
      return derived(score, `Rubric: ${parts.join('; ')} = ${score}.`);
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
      const model = feeModelOf(p);
      if (!model) return MISSING;
      // A broker whose sources say it offers no options is costed without the options leg
      // (a product not offered is not missing data; investment choice scores its absence).
      const withoutOptions = model.kind === 'brokerage' && model.offers_options === false && rule.scenario.options_contracts_per_month > 0;
      const s = withoutOptions ? { ...rule.scenario, options_contracts_per_month: 0 } : rule.scenario;
      const outcome = estimateFees(model, s);
      if (!outcome.ok) return MISSING;
      const cost = outcome.estimate.annual_total_usd;
      const score = linearScore(cost, rule.best, rule.worst);
      const optionsLeg = withoutOptions ? 'no options contracts, as it offers no options trading' : `${s.options_contracts_per_month} options contracts/month`;
      return derived(
        score,
        `Standard scenario (${s.trades_per_month} trades/month of ${s.avg_trade_size} USD, ${optionsLeg}, ${s.transfers_per_year} transfers out/year) costs ${cost.toFixed(2)} USD a year; linear from ${rule.best} USD (100) to ${rule.worst} USD (0) gives ${score}.`,
      );
    }
    case 'apy_relative': {
      const apy = apyForBalance(group(p, 'apy') as unknown as { tiers: Array<{ min_balance_usd: number; apy_pct: number }> }, rule.reference_balance_usd);
      const best = ctx.bestApyAt.get(rule.reference_balance_usd) ?? 0;
      const score = best === 0 ? 0 : round1((100 * apy) / best);
      return derived(score, `APY ${apy}% at ${rule.reference_balance_usd} USD against the category's best ${best}% gives ${score}.`);
    }
  }
}
