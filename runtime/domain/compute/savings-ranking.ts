/**
 * Orders the savings projections of GET /v1/savings-interest (methodology.yaml
 * "Calculators"): an account the balance cannot open, or where it earns no APY,
 * is never ranked as if it paid its APY; a stale APY is ranked after every fresh one, newest first;
 * a platform under the coverage gate is not ranked (methodology.yaml "Ranking order").
 */
import type { SavingsResponse } from '../contract/calculator-schemas.js';
import type { ModelPlatform } from '../contract/model.js';
import { projectSavings } from './savings.js';
import { compareNames } from './name-order.js';

/** The ranking rule, published with every savings response. */
export const SAVINGS_RANKING =
  'Accounts the balance can open and earn the APY at, at platforms with enough data to be named winner (coverage at the gate), are ranked first: those with a fresh APY by interest (highest first), then those whose APY is stale (older than its freshness window) by the date of their APY, newest first, then by interest, so an old high rate never outranks a newer one. When no ranked APY is fresh there is no current pick (no_current_pick). Accounts whose minimum opening deposit or minimum balance to earn the APY is above the balance, and platforms under the coverage gate, come last, unranked, with the reason. Ties: name.';

/** The sentence that leads an answer, its page and its MCP text when no ranked APY is fresh. */
export const NO_CURRENT_PICK_NOTE =
  'No current pick: none of the APYs this balance can earn is within its freshness window. The accounts are listed by the date of their APY, newest first; each rate may have changed since that date.';

type SavingsResult = SavingsResponse['results'][number];

/** The parts of a result that depend on the balance and months (the rest is fixed per platform: savings-json.ts). */
export interface SavingsRowValues {
  apy: number;
  interest_usd: number;
  ending_balance_usd: number;
  below_minimum_opening_deposit: boolean | null;
  ranked: boolean;
  rank_note: string;
}

/** Whether no ranked result of an answer has a fresh APY (its no_current_pick field). */
export const noCurrentPick = (results: readonly SavingsResult[]): boolean => !results.some((r) => r.ranked && !r.stale);

/** One result with its fields in the published order. */
export function savingsRow(p: ModelPlatform, v: SavingsRowValues): SavingsResult {
  const s = p.savings!;
  return {
    name: p.name,
    slug: p.slug,
    product: s.product,
    apy: v.apy,
    interest_usd: v.interest_usd,
    ending_balance_usd: v.ending_balance_usd,
    minimum_opening_deposit_usd: s.minimum_opening_deposit_usd,
    below_minimum_opening_deposit: v.below_minimum_opening_deposit,
    minimum_balance_for_apy_usd: s.tiers[0]!.min_balance_usd,
    ranked: v.ranked,
    rank_note: v.rank_note,
    as_of: s.as_of,
    stale: s.stale,
    evidence_tier: s.evidence_tier,
    sources: s.sources,
    page: p.page,
  };
}

/**
 * Projects and orders every account with a sourced APY.
 * @param savers high-yield savings platforms (those without a savings model are skipped)
 * @param balance USD above 0; months 1-120
 */
export function rankSavings(savers: readonly ModelPlatform[], balance: number, months: number): SavingsResult[] {
  const rows = savers
    .filter((p) => p.savings !== null)
    .map((p) => {
      const s = p.savings!;
      const projection = projectSavings(s, balance, months);
      const min = s.minimum_opening_deposit_usd;
      const minApy = s.tiers[0]!.min_balance_usd;
      const belowOpening = min === null ? null : balance < min;
      const belowApy = balance < minApy;
      const ranked = belowOpening !== true && !belowApy && p.eligible;
      let note: string;
      if (belowOpening === true) note = `Not ranked: the balance is below the minimum opening deposit of ${min} USD.`;
      else if (belowApy) note = `Not ranked: the balance is below the ${minApy} USD needed to earn any APY.`;
      else if (!p.eligible) note = p.rank_note;
      else if (s.stale)
        note = `Ranked after the fresh APYs, by the date of its APY (newest first): this APY is as of ${s.as_of}, older than its freshness window, and may have changed since.`;
      else note = `Ranked by interest: the APY is fresh (as of ${s.as_of})${min === null ? '; the minimum opening deposit has no source' : ''}.`;
      return savingsRow(p, {
        apy: projection.apy,
        interest_usd: projection.interest_usd,
        ending_balance_usd: projection.ending_balance_usd,
        below_minimum_opening_deposit: belowOpening,
        ranked,
        rank_note: note,
      });
    });
  const group = (r: SavingsResult) => (!r.ranked ? 2 : r.stale ? 1 : 0);
  // stale APYs: newest as_of first (rates move with the market; an older high rate says little about today's)
  const dated = (a: SavingsResult, b: SavingsResult) => (a.ranked && a.stale ? b.as_of.localeCompare(a.as_of) : 0);
  return rows.sort((a, b) => group(a) - group(b) || dated(a, b) || b.interest_usd - a.interest_usd || compareNames(a.name, b.name));
}
