/**
 * Orders the savings projections of GET /v1/savings-interest (methodology.yaml
 * "Calculators"): an account the balance cannot open, or where it earns no APY,
 * is never ranked as if it paid its APY; a stale APY is ranked after every fresh one.
 */
import type { SavingsResponse } from '../contract/calculator-schemas.js';
import type { ModelPlatform } from '../contract/model.js';
import { projectSavings } from './savings.js';
import { compareNames } from './name-order.js';

/** The ranking rule, published with every savings response. */
export const SAVINGS_RANKING =
  'Accounts the balance can open and earn the APY at are ranked first: those with a fresh APY by interest (highest first), then those whose APY is stale (older than its freshness window), by interest. Accounts whose minimum opening deposit or minimum balance to earn the APY is above the balance come last, unranked, with the reason. Ties: name.';

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
      const ranked = belowOpening !== true && !belowApy;
      let note: string;
      if (belowOpening === true) note = `Not ranked: the balance is below the minimum opening deposit of ${min} USD.`;
      else if (belowApy) note = `Not ranked: the balance is below the ${minApy} USD needed to earn any APY.`;
      else if (s.stale) note = `Ranked after the fresh APYs: this APY is as of ${s.as_of}, older than its freshness window.`;
      else note = `Ranked by interest: the APY is fresh (as of ${s.as_of})${min === null ? '; the minimum opening deposit has no source' : ''}.`;
      return savingsRow(p, { apy: projection.apy, interest_usd: projection.interest_usd, ending_balance_usd: projection.ending_balance_usd, below_minimum_opening_deposit: belowOpening, ranked, rank_note: note });
    });
  const group = (r: SavingsResult) => (!r.ranked ? 2 : r.stale ? 1 : 0);
  return rows.sort((a, b) => group(a) - group(b) || b.interest_usd - a.interest_usd || compareNames(a.name, b.name));
}
