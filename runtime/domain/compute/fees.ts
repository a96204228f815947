/**
 * Annual fee estimate of one exchange or brokerage for a trading profile:
 * GET /v1/fees and the methodology's `scenario_cost` rule use this function.
 * Every line item is estimated on its own, so a price without a source makes
 * that item `unknown` instead of removing the platform (methodology.yaml 2.0).
 * Money math in decimal.js, rounded to cents (half up) at the end of each line.
 */
import { Decimal } from 'decimal.js';
import type { BrokerageFeeModel, ExchangeFeeModel, FeeModel } from '../contract/model.js';

/** The caller's trading profile. Counts are per month or per year as named; sizes in USD. transfers_per_year may be a fraction (amortised). */
export interface FeeProfile {
  trades_per_month: number;
  avg_trade_size: number;
  options_contracts_per_month: number;
  transfers_per_year: number;
}

export type FeeItem = 'trading' | 'options_contracts' | 'transfers_out' | 'account_fees';

/**
 * One line of an estimate. status:
 * - known: priced from a sourced fact (or the profile uses none of it, so it costs 0);
 * - unknown: the profile uses it and its price has no source (usd null);
 * - not_applicable: the platform does not offer it, as its sources say (usd 0; the profile uses it).
 */
interface FeeLine {
  item: FeeItem;
  status: 'known' | 'unknown' | 'not_applicable';
  usd: number | null;
  detail: string;
  /** as_of and stale of the fact the line is priced from; null when no fact was needed or none is known. */
  as_of: string | null;
  stale: boolean | null;
  /** URLs of the sources of the fact the line is priced from; empty when no fact was needed or none is known. */
  sources: string[];
}

export interface FeeEstimate {
  /** Sum of the known lines, USD; the whole annual cost when `unknown_items` is empty. */
  known_total_usd: number;
  line_items: FeeLine[];
  unknown_items: FeeItem[];
  assumptions: string[];
}

const cents = (d: Decimal): number => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
const usd = (n: number | Decimal): string => `${new Decimal(n).toFixed(2)} USD`;

interface Priced {
  as_of: string;
  stale: boolean;
  sources: string[];
}

/** A line priced from a fact, or unknown / not applicable when the fact is missing / N/A and the profile uses it. */
function line(
  item: FeeItem,
  used: boolean,
  fact: Priced | { not_applicable: string; as_of: string; stale: boolean; sources: string[] } | null,
  price: () => { usd: Decimal; detail: string },
  unused: string,
): FeeLine {
  if (!used) return { item, status: 'known', usd: 0, detail: unused, as_of: null, stale: null, sources: [] };
  if (fact === null) return { item, status: 'unknown', usd: null, detail: 'price has no source', as_of: null, stale: null, sources: [] };
  if ('not_applicable' in fact)
    return {
      item,
      status: 'not_applicable',
      usd: 0,
      detail: `not offered: ${fact.not_applicable}`,
      as_of: fact.as_of,
      stale: fact.stale,
      sources: fact.sources,
    };
  const { usd: amount, detail } = price();
  return { item, status: 'known', usd: cents(amount), detail, as_of: fact.as_of, stale: fact.stale, sources: fact.sources };
}

function estimate(lines: FeeLine[], assumptions: string[]): FeeEstimate {
  const total = lines.reduce((sum, l) => sum.plus(l.usd ?? 0), new Decimal(0));
  return {
    known_total_usd: cents(total),
    line_items: lines,
    unknown_items: lines.filter((l) => l.status === 'unknown').map((l) => l.item),
    assumptions,
  };
}

/** Estimates one platform's annual fees for the profile; see the exchange and brokerage rules below. */
export function estimateFees(model: FeeModel, profile: FeeProfile): FeeEstimate {
  return model.kind === 'exchange' ? estimateExchange(model, profile) : estimateBrokerage(model, profile);
}

/**
 * Exchange rule: every trade is a taker order at the tier the 30-day volume
 * (trades_per_month x avg_trade_size) reaches; each transfer out is one fiat
 * USD withdrawal at the published fee. Spreads and network fees are not included.
 * options_contracts_per_month does not apply to exchanges and is not used.
 */
function estimateExchange(m: ExchangeFeeModel, p: FeeProfile): FeeEstimate {
  const monthlyVolume = new Decimal(p.trades_per_month).times(p.avg_trade_size);
  const annualVolume = monthlyVolume.times(12);
  const t = m.trading;
  const tier = t ? ([...t.tiers].reverse().find((x) => monthlyVolume.gte(x.min_volume_30d_usd)) ?? t.tiers[0]!) : null;
  const w = m.withdrawal;
  const method = w && 'method' in w ? w.method : 'USD withdrawal';
  const lines = [
    line(
      'trading',
      annualVolume.gt(0),
      t,
      () => ({
        usd: annualVolume.times(tier!.taker_pct).dividedBy(100),
        detail: `${usd(annualVolume)} traded a year at the ${tier!.taker_pct}% taker fee (${t!.product})`,
      }),
      'no trading volume',
    ),
    line(
      'transfers_out',
      p.transfers_per_year > 0,
      w,
      () => ({
        usd: new Decimal((w as { fee_usd: number }).fee_usd).times(p.transfers_per_year),
        detail: `${p.transfers_per_year} ${method} withdrawals at ${usd((w as { fee_usd: number }).fee_usd)}`,
      }),
      'no transfers out',
    ),
  ];
  return estimate(lines, [
    'Every trade is a taker (market) order.',
    tier
      ? `30-day volume = trades_per_month x avg_trade_size = ${usd(monthlyVolume)}, which reaches the tier starting at ${usd(tier.min_volume_30d_usd)}.`
      : `30-day volume = trades_per_month x avg_trade_size = ${usd(monthlyVolume)}.`,
    `Each transfer out is one USD withdrawal by ${method}.`,
    'Spreads, network (blockchain) fees and deposit fees are not included.',
  ]);
}

/**
 * Brokerage rule: online US stock/ETF commission per trade; options at the
 * per-contract fee of the tier the monthly contract count reaches; each transfer
 * out is one full ACATS transfer; plus the annual account fee. Regulatory
 * transaction fees (SEC section 31, FINRA TAF) are not included.
 */
function estimateBrokerage(m: BrokerageFeeModel, p: FeeProfile): FeeEstimate {
  const trades = new Decimal(p.trades_per_month).times(12);
  const contracts = new Decimal(p.options_contracts_per_month).times(12);
  const o = m.options;
  const optionTier = o && 'tiers' in o ? [...o.tiers].reverse().find((t) => p.options_contracts_per_month >= t.min_contracts_per_month) : undefined;
  const lines = [
    line(
      'trading',
      trades.gt(0),
      m.commissions,
      () => ({
        usd: trades.times(m.commissions!.online_stock_trade_usd),
        detail: `${trades} stock/ETF trades at ${usd(m.commissions!.online_stock_trade_usd)}`,
      }),
      'no stock or ETF trades',
    ),
    line(
      'options_contracts',
      contracts.gt(0),
      o,
      () => ({
        usd: optionTier ? contracts.times(optionTier.per_contract_usd) : new Decimal(0),
        detail: optionTier ? `${contracts} contracts at ${usd(optionTier.per_contract_usd)} each` : `${contracts} contracts; no tier matches`,
      }),
      'no options contracts',
    ),
    line(
      'transfers_out',
      p.transfers_per_year > 0,
      m.transfer_out,
      () => ({
        usd: new Decimal(m.transfer_out!.full_acats_usd).times(p.transfers_per_year),
        detail: `${p.transfers_per_year} full ACATS transfers out a year at ${usd(m.transfer_out!.full_acats_usd)}`,
      }),
      'no transfers out',
    ),
    line(
      'account_fees',
      true,
      m.account,
      () => ({
        usd: new Decimal(m.account!.annual_usd),
        detail: `annual account fee ${usd(m.account!.annual_usd)}`,
      }),
      '',
    ),
  ];
  return estimate(lines, [
    'Online US stock and ETF trades; broker-assisted trades cost more.',
    'Options fee at the per-contract tier reached by options_contracts_per_month.',
    'Each transfer out is one full outgoing ACATS transfer.',
    'Regulatory transaction fees (SEC section 31, FINRA TAF), margin interest and fund expense ratios are not included.',
  ]);
}
