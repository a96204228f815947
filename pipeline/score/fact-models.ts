/**
 * Turns a platform's sourced facts into the inputs of the fee estimator and the
 * savings calculator. A model exists only when every fact group it needs has a
 * source; otherwise the platform is listed as excluded, never estimated from guesses.
 */
import type { FeeModel, SavingsModel } from '../../runtime/contract/model.js';
import type { PlatformSource } from '../sources/platform-schema.js';

const oldest = (...dates: string[]): string => [...dates].sort()[0]!;

/** Fact groups the fee estimator needs, by category (exchanges: the trading fee schedule, the withdrawal fee being optional; brokerages: commissions, ACATS transfer-out, account fees). */
export const FEE_FACT_GROUPS = {
  exchanges: ['trading_fees'],
  brokerages: ['commissions', 'transfer_out', 'account_fees'],
} as const;

/** Fee model of an exchange or brokerage, or null when a needed fact group is missing or the category has no fees estimate. as_of is the oldest group's. */
export function feeModelOf(p: PlatformSource): FeeModel | null {
  if (p.category === 'exchanges') {
    const { trading_fees: t, fiat_withdrawal: w } = p.facts;
    if (!t) return null;
    return {
      kind: 'exchange',
      product: t.product,
      tiers: t.tiers,
      withdrawal_method: w?.method ?? null,
      withdrawal_fee_usd: w?.fee_usd ?? null,
      as_of: w ? oldest(t.as_of, w.as_of) : t.as_of,
    };
  }
  if (p.category === 'brokerages') {
    const { commissions: c, transfer_out: t, account_fees: a } = p.facts;
    if (!c || !t || !a) return null;
    return {
      kind: 'brokerage',
      online_stock_trade_usd: c.online_stock_trade_usd,
      options_tiers: c.options_tiers ?? null,
      offers_options: p.facts.investments?.options ?? null,
      full_acats_usd: t.full_acats_usd,
      account_annual_usd: a.annual_usd,
      as_of: oldest(c.as_of, t.as_of, a.as_of),
    };
  }
  return null;
}

/** Names of the fee fact groups a platform lacks (empty when it can be estimated). */
export function missingFeeFacts(p: PlatformSource): string[] {
  if (p.category !== 'exchanges' && p.category !== 'brokerages') return [];
  const facts = p.facts as Record<string, unknown>;
  return FEE_FACT_GROUPS[p.category].filter((g) => facts[g] === undefined);
}

/** Savings model of a high-yield savings platform, or null without a sourced APY. */
export function savingsModelOf(p: PlatformSource): SavingsModel | null {
  if (p.category !== 'high-yield-savings' || !p.facts.apy) return null;
  const min = p.facts.minimum_opening_deposit;
  return {
    product: p.facts.apy.product,
    tiers: p.facts.apy.tiers,
    minimum_opening_deposit_usd: min ? min.usd : null,
    as_of: p.facts.apy.as_of,
  };
}
