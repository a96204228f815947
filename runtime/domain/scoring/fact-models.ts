/**
 * Turns a platform's sourced facts into the inputs of the fee estimator and the
 * savings calculator, each fact with its as_of, stale flag and evidence tier.
 * A fact without a source is null (unknown), never guessed; a fact recorded as
 * not applicable keeps its reason.
 */
import type { FeeModel, SavingsModel } from '../contract/model.js';
import type { FeeItem } from '../compute/fees.js';
import { isNotApplicable } from '../sources/common-schema.js';
import type { PlatformSource } from '../sources/platform-schema.js';
import type { FactState } from './fact-states.js';

/** The fact group that prices each line item of the fee estimator, by category. */
export const FEE_ITEM_GROUPS = {
  exchanges: { trading: 'trading_fees', transfers_out: 'fiat_withdrawal' },
  brokerages: { trading: 'commissions', options_contracts: 'options_fees', transfers_out: 'transfer_out', account_fees: 'account_fees' },
} as const satisfies Record<string, Partial<Record<FeeItem, string>>>;

type States = ReadonlyMap<string, FactState>;
const stateOf = (states: States, name: string) => {
  const s = states.get(name)!;
  return { as_of: s.as_of, stale: s.stale, evidence_tier: s.evidence_tier, sources: s.sources.map((source) => source.url) };
};

/** Fee model of an exchange or brokerage (null for the other categories). */
export function feeModelOf(p: PlatformSource, states: States): FeeModel | null {
  if (p.category === 'exchanges') {
    const { trading_fees: t, fiat_withdrawal: w } = p.facts;
    return {
      kind: 'exchange',
      trading: t ? { product: t.product, tiers: t.tiers, ...stateOf(states, 'trading_fees') } : null,
      withdrawal: !w
        ? null
        : isNotApplicable(w)
          ? { not_applicable: w.not_applicable, ...stateOf(states, 'fiat_withdrawal') }
          : { method: w.method, fee_usd: w.fee_usd, ...stateOf(states, 'fiat_withdrawal') },
    };
  }
  if (p.category === 'brokerages') {
    const { commissions: c, options_fees: o, transfer_out: t, account_fees: a } = p.facts;
    return {
      kind: 'brokerage',
      commissions: c ? { online_stock_trade_usd: c.online_stock_trade_usd, ...stateOf(states, 'commissions') } : null,
      options: !o
        ? null
        : isNotApplicable(o)
          ? { not_applicable: o.not_applicable, ...stateOf(states, 'options_fees') }
          : { tiers: o.tiers, ...stateOf(states, 'options_fees') },
      transfer_out: t ? { full_acats_usd: t.full_acats_usd, ...stateOf(states, 'transfer_out') } : null,
      account: a ? { annual_usd: a.annual_usd, ...stateOf(states, 'account_fees') } : null,
    };
  }
  return null;
}

/** Savings model of a high-yield savings platform, or null without a sourced APY. */
export function savingsModelOf(p: PlatformSource, states: States): SavingsModel | null {
  if (p.category !== 'high-yield-savings' || !p.facts.apy) return null;
  const min = p.facts.minimum_opening_deposit;
  return {
    product: p.facts.apy.product,
    tiers: p.facts.apy.tiers,
    minimum_opening_deposit_usd: min ? min.usd : null,
    ...stateOf(states, 'apy'),
  };
}
