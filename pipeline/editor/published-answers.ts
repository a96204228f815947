/**
 * The published answers an editor's change can move, read from a scored dataset by the same
 * functions that make them (nothing here ranks, scores or picks on its own):
 * - each category's ranking: the order pipeline/score/score-dataset.ts gives (the category page's
 *   table and GET /v1/platforms), with score, coverage and eligibility (the coverage gate);
 * - the published verdicts (pipeline/emit/api-bodies.ts verdictBodies): winner, too_close and the
 *   depends_on_stale / depends_on_weak_evidence / depends_on_unknown flags;
 * - the savings ranking (runtime/domain/compute/savings-ranking.ts) at the apy criterion's reference
 *   balance (10,000 USD in methodology.yaml) over LIMITS.monthsDefault months;
 * - the fee rankings of exchanges and brokerages (runtime/domain/compute/fee-ranking.ts) with the
 *   default inputs of GET /v1/fees (LIMITS.feeParameters);
 * - each fact group's and assessed criterion's stale flag.
 * `diffAnswers` lists what differs between two such snapshots, each difference with the points
 * the refresh queue counts for it (CONTRIBUTING.md "How impact is computed").
 */
import { CATEGORY_IDS, type CategoryId } from '../../runtime/domain/contract/categories.js';
import type { Site } from '../../runtime/domain/contract/model.js';
import { LIMITS } from '../../runtime/domain/contract/parameter-rules.js';
import { rankFeeEstimates } from '../../runtime/domain/compute/fee-ranking.js';
import { round1 } from '../../runtime/domain/compute/rounding.js';
import { rankSavings } from '../../runtime/domain/compute/savings-ranking.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import { verdictBodies } from '../emit/api-bodies.js';
import { DEFAULT_FEE_PROFILE } from '../report.js';
import { figuresOf } from '../score/figures.js';
import { summaryApyBalance, type ScoredPlatform } from '../score/score-dataset.js';

/** One row of a category's ranking. */
interface RankRow {
  slug: string;
  name: string;
  score_pct: number | null;
  coverage: number;
  eligible: boolean;
}

/** What a published verdict says (GET /v1/verdicts/{slug}). */
interface VerdictSummary {
  title: string;
  winner_slug: string | null;
  too_close: boolean;
  depends_on_stale: boolean;
  depends_on_weak_evidence: boolean;
  depends_on_unknown: boolean;
}

/** One row of a calculator ranking: the platform and whether it is ranked (unranked rows come after). */
interface CalculatorRow {
  slug: string;
  ranked: boolean;
  /** Interest (savings) or annual fees (fee ranking), USD; null when a fee line is unknown (no total). */
  usd: number | null;
}

/** The published answers of one category. */
export interface CategoryAnswers {
  ranking: RankRow[];
  verdicts: Map<string, VerdictSummary>;
  /** high-yield-savings only, else null. */
  savings: CalculatorRow[] | null;
  /** exchanges and brokerages only, else null. */
  fees: CalculatorRow[] | null;
  /** `slug facts.group`, `slug assessments.key` or `slug incidents` (incident_record_stale) -> stale on the evaluation date. */
  stale: Map<string, boolean>;
}

/** The inputs the savings ranking is published with here: the apy criterion's reference balance, default months. */
function savingsInputs(methodology: Methodology): { balance: number; months: number } {
  return { balance: summaryApyBalance(methodology), months: LIMITS.monthsDefault };
}

/**
 * The published answers of one category.
 * @param scored the category's platforms in the order scoreDataset returns them (rank order); others are ignored
 */
export function categoryAnswers(site: Site, methodology: Methodology, category: CategoryId, scored: readonly ScoredPlatform[]): CategoryAnswers {
  const members = scored.filter((p) => p.source.category === category);
  const verdicts = new Map<string, VerdictSummary>();
  for (const [slug, v] of verdictBodies(site, methodology, members)) {
    verdicts.set(slug, {
      title: v.title,
      winner_slug: v.winner_slug,
      too_close: v.too_close,
      depends_on_stale: v.depends_on_stale,
      depends_on_weak_evidence: v.depends_on_weak_evidence,
      depends_on_unknown: v.depends_on_unknown,
    });
  }
  const models = members.map((p) => p.model);
  const { balance, months } = savingsInputs(methodology);
  const stale = new Map<string, boolean>();
  for (const p of members) {
    for (const f of figuresOf(p)) stale.set(`${p.source.slug} ${f.kind}.${f.key}`, f.stale);
    stale.set(`${p.source.slug} incidents`, p.model.incident_record_stale);
  }
  return {
    ranking: members.map((p) => ({
      slug: p.source.slug,
      name: p.source.name,
      score_pct: p.model.score_pct,
      coverage: p.model.coverage,
      eligible: p.model.eligible,
    })),
    verdicts,
    savings:
      category === 'high-yield-savings' ? rankSavings(models, balance, months).map((r) => ({ slug: r.slug, ranked: r.ranked, usd: r.interest_usd })) : null,
    fees:
      category === 'exchanges' || category === 'brokerages'
        ? rankFeeEstimates(models, DEFAULT_FEE_PROFILE).map((r) => ({ slug: r.slug, ranked: r.ranked, usd: r.annual_total_usd }))
        : null,
    stale,
  };
}

/** The published answers of every category. */
export function publishedAnswers(site: Site, methodology: Methodology, scored: readonly ScoredPlatform[]): Map<CategoryId, CategoryAnswers> {
  return new Map(CATEGORY_IDS.map((id) => [id, categoryAnswers(site, methodology, id, scored)]));
}

/** Kinds of published answer a change can move. */
type AnswerKind =
  'first_place' | 'top_3' | 'rank' | 'score' | 'coverage_gate' | 'verdict_winner' | 'verdict_flag' | 'savings_ranking' | 'fee_ranking' | 'stale_flag';

/** One published answer that differs between two snapshots. */
export interface AnswerChange {
  kind: AnswerKind;
  category: CategoryId;
  /** Which answer: e.g. "exchanges first place", "verdict coinbase-vs-kraken", "kraken score". */
  answer: string;
  /** What changed, old -> new, for a reader. */
  detail: string;
  /** Points the refresh queue counts for it (IMPACT_POINTS). */
  points: number;
}

/**
 * Points per changed answer: the refresh queue's impact is their sum (CONTRIBUTING.md "How impact is
 * computed"). A category's first place is what most readers take from a category page; a top-3 row
 * is what they compare next; a platform crossing the coverage gate enters or leaves every "can be
 * named winner" list; each published verdict names one winner and its caveats.
 */
const IMPACT_POINTS = {
  first_place: 10,
  /** Each of rows 2 and 3 of a category ranking whose platform changes. */
  top_3: 3,
  /** Each other row of a category ranking whose platform changes. */
  rank: 0.2,
  /** Per point of the platform's own score_pct moved (0.1 per point). */
  score_per_point: 0.1,
  coverage_gate: 5,
  verdict_winner: 2,
  /** Each of too_close, depends_on_stale, depends_on_weak_evidence, depends_on_unknown that flips. */
  verdict_flag: 1,
  /** First place of the savings or fee ranking with default inputs. */
  calculator_first: 5,
  /** Each other of the first CALCULATOR_ROWS rows of a calculator ranking whose platform or ranked flag changes. */
  calculator_row: 1,
  /** A stale flag cleared or set. */
  stale_flag: 0.5,
} as const;

/** Rows of a calculator ranking counted (a reader looks at the first screen of results). */
const CALCULATOR_ROWS = 10;

const pct = (v: number | null) => (v === null ? 'no score' : `${v}%`);

function rankingChanges(category: CategoryId, before: readonly RankRow[], after: readonly RankRow[]): AnswerChange[] {
  const out: AnswerChange[] = [];
  const rows = Math.max(before.length, after.length);
  const label = (r: RankRow | undefined) => (r ? `${r.name} (${pct(r.score_pct)})` : 'nobody');
  for (let i = 0; i < rows; i++) {
    const [b, a] = [before[i], after[i]];
    if (b?.slug === a?.slug) continue;
    const kind: AnswerKind = i === 0 ? 'first_place' : i < 3 ? 'top_3' : 'rank';
    const points = i === 0 ? IMPACT_POINTS.first_place : i < 3 ? IMPACT_POINTS.top_3 : IMPACT_POINTS.rank;
    out.push({ kind, category, answer: i === 0 ? `${category} first place` : `${category} rank ${i + 1}`, detail: `${label(b)} → ${label(a)}`, points });
  }
  const afterBySlug = new Map(after.map((r) => [r.slug, r]));
  for (const b of before) {
    const a = afterBySlug.get(b.slug);
    if (!a) continue;
    if (b.score_pct !== a.score_pct || b.coverage !== a.coverage) {
      const moved = Math.abs((a.score_pct ?? 0) - (b.score_pct ?? 0));
      out.push({
        kind: 'score',
        category,
        answer: `${b.slug} score`,
        detail: `${pct(b.score_pct)} → ${pct(a.score_pct)}, coverage ${b.coverage}% → ${a.coverage}%`,
        points: round1(moved * IMPACT_POINTS.score_per_point),
      });
    }
    if (b.eligible !== a.eligible) {
      out.push({
        kind: 'coverage_gate',
        category,
        answer: `${b.slug} coverage gate`,
        detail: a.eligible
          ? `crosses the gate (coverage ${b.coverage}% → ${a.coverage}%): can be named winner`
          : `falls under the gate (coverage ${b.coverage}% → ${a.coverage}%): cannot be named winner`,
        points: IMPACT_POINTS.coverage_gate,
      });
    }
  }
  return out;
}

const FLAGS = ['too_close', 'depends_on_stale', 'depends_on_weak_evidence', 'depends_on_unknown'] as const;

function verdictChanges(category: CategoryId, before: ReadonlyMap<string, VerdictSummary>, after: ReadonlyMap<string, VerdictSummary>): AnswerChange[] {
  const out: AnswerChange[] = [];
  for (const slug of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const [b, a] = [before.get(slug), after.get(slug)];
    const answer = `verdict ${slug}`;
    if (!b || !a) {
      out.push({
        kind: 'verdict_winner',
        category,
        answer,
        detail: a ? `now published: ${a.title}` : `no longer published (was: ${b!.title})`,
        points: IMPACT_POINTS.verdict_winner,
      });
      continue;
    }
    if (b.winner_slug !== a.winner_slug)
      out.push({ kind: 'verdict_winner', category, answer, detail: `${b.title} → ${a.title}`, points: IMPACT_POINTS.verdict_winner });
    for (const flag of FLAGS) {
      if (b[flag] !== a[flag])
        out.push({ kind: 'verdict_flag', category, answer, detail: `${flag} ${b[flag]} → ${a[flag]}`, points: IMPACT_POINTS.verdict_flag });
    }
  }
  return out;
}

function calculatorChanges(
  kind: 'savings_ranking' | 'fee_ranking',
  category: CategoryId,
  name: string,
  before: readonly CalculatorRow[] | null,
  after: readonly CalculatorRow[] | null,
): AnswerChange[] {
  if (!before || !after) return [];
  const out: AnswerChange[] = [];
  const label = (r: CalculatorRow | undefined) =>
    r ? `${r.slug} (${r.usd === null ? 'total unknown' : `${r.usd.toFixed(2)} USD`}${r.ranked ? '' : ', not ranked'})` : 'nobody';
  for (let i = 0; i < CALCULATOR_ROWS; i++) {
    const [b, a] = [before[i], after[i]];
    if (b?.slug === a?.slug && b?.ranked === a?.ranked) continue;
    out.push({
      kind,
      category,
      answer: `${name} row ${i + 1}`,
      detail: `${label(b)} → ${label(a)}`,
      points: i === 0 ? IMPACT_POINTS.calculator_first : IMPACT_POINTS.calculator_row,
    });
  }
  return out;
}

/**
 * What differs between the answers of one category before and after a change. Stale flags
 * are compared only for fact groups present on both sides.
 * @param savingsName how the savings ranking is named, e.g. "savings ranking (10000 USD, 12 months)"
 */
export function diffCategory(category: CategoryId, before: CategoryAnswers, after: CategoryAnswers, savingsName: string): AnswerChange[] {
  const stale: AnswerChange[] = [];
  for (const [key, was] of before.stale) {
    const now = after.stale.get(key);
    if (now === undefined || now === was) continue;
    stale.push({
      kind: 'stale_flag',
      category,
      answer: `${key} stale flag`,
      detail: now ? 'becomes stale' : 'stale flag cleared',
      points: IMPACT_POINTS.stale_flag,
    });
  }
  return [
    ...rankingChanges(category, before.ranking, after.ranking),
    ...verdictChanges(category, before.verdicts, after.verdicts),
    ...calculatorChanges('savings_ranking', category, savingsName, before.savings, after.savings),
    ...calculatorChanges('fee_ranking', category, `${category} fee ranking (default inputs)`, before.fees, after.fees),
    ...stale,
  ];
}

/** The name of the savings ranking answer with its inputs. */
export function savingsAnswerName(methodology: Methodology): string {
  const { balance, months } = savingsInputs(methodology);
  return `savings ranking (${balance} USD, ${months} months)`;
}

/** Sum of the points of a list of changes, rounded to one decimal. */
export function impactOf(changes: ReadonlyArray<{ points: number }>): number {
  return round1(changes.reduce((sum, c) => sum + c.points, 0));
}
