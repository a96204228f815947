/**
 * Annual fee estimate of one exchange or brokerage for a trading profile:
 * GET /v1/fees and the methodology's `scenario_cost` rule use this function.
 * Money math in decimal.js, rounded to cents (half up) at the end of each line.
 */
import { Decimal } from 'decimal.js';
import type { BrokerageFeeModel, ExchangeFeeModel, FeeModel } from '../contract/model.js';

/** The caller's trading profile. Counts are per month or per year as named; sizes in USD. */
export interface FeeProfile {
  trades_per_month: number;
  avg_trade_size: number;
  options_contracts_per_month: number;
  transfers_per_year: number;
}

export interface FeeLine {
  item: 'trading' | 'options_contracts' | 'transfers_out' | 'account_fees';
  usd: number;
  detail: string;
}

export interface FeeEstimate {
  annual_total_usd: number;
  line_items: FeeLine[];
  assumptions: string[];
}

/** Outcome of an estimate: the figures, or why the platform cannot be estimated for this profile. */
export type FeeOutcome = { ok: true; estimate: FeeEstimate } | { ok: false; reason: string };

const cents = (d: Decimal): number => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
const usd = (n: number | Decimal): string => `${new Decimal(n).toFixed(2)} USD`;

/** The outcome for line items: their total to the cent, with the assumptions behind them. */
function estimated(lines: FeeLine[], assumptions: string[]): FeeOutcome {
  const total = lines.reduce((sum, l) => sum.plus(l.usd), new Decimal(0));
  return { ok: true, estimate: { annual_total_usd: cents(total), line_items: lines, assumptions } };
}

/** Estimates one platform's annual fees for the profile; see the exchange and brokerage rules below. */
export function estimateFees(model: FeeModel, profile: FeeProfile): FeeOutcome {
  return model.kind === 'exchange' ? estimateExchange(model, profile) : estimateBrokerage(model, profile);
}

/**
 * Exchange rule: every trade is a taker order at the tier the 30-day volume
 * (trades_per_month x avg_trade_size) reaches; each transfer out is one fiat
 * USD withdrawal at the published fee. Spreads and network fees are not included.
 */
function estimateExchange(m: ExchangeFeeModel, p: FeeProfile): FeeOutcome {
  if (p.transfers_per_year > 0 && m.withdrawal_fee_usd === null) {
    return { ok: false, reason: 'its USD withdrawal fee has no source; with transfers_per_year=0 its trading fees are estimated' };
  }
  const withdrawalFee = m.withdrawal_fee_usd ?? 0;
  const method = m.withdrawal_method ?? 'USD withdrawal';
  const monthlyVolume = new Decimal(p.trades_per_month).times(p.avg_trade_size);
  const tier = [...m.tiers].reverse().find((t) => monthlyVolume.gte(t.min_volume_30d_usd)) ?? m.tiers[0]!;
  const annualVolume = monthlyVolume.times(12);
  const trading = annualVolume.times(tier.taker_pct).dividedBy(100);
  const transfers = new Decimal(withdrawalFee).times(p.transfers_per_year);
  const lines: FeeLine[] = [
    {
      item: 'trading',
      usd: cents(trading),
      detail: `${usd(annualVolume)} traded a year at the ${tier.taker_pct}% taker fee (${m.product})`,
    },
    {
      item: 'transfers_out',
      usd: cents(transfers),
      detail: p.transfers_per_year === 0 ? 'no transfers out' : `${p.transfers_per_year} ${method} withdrawals at ${usd(withdrawalFee)}`,
    },
  ];
  return estimated(lines, [
    'Every trade is a taker (market) order.',
    `30-day volume = trades_per_month x avg_trade_size = ${usd(monthlyVolume)}, which reaches the tier starting at ${usd(tier.min_volume_30d_usd)}.`,
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
function estimateBrokerage(m: BrokerageFeeModel, p: FeeProfile): FeeOutcome {
  if (p.options_contracts_per_month > 0 && m.options_tiers === null) {
    const why = m.offers_options === false ? 'does not offer options trading' : 'its options fees have no source';
    return { ok: false, reason: `${why}; with options_contracts_per_month=0 its other fees are estimated` };
  }
  const trades = new Decimal(p.trades_per_month).times(12);
  const commission = trades.times(m.online_stock_trade_usd);
  const tiers = m.options_tiers ?? [];
  const optionTier = [...tiers].reverse().find((t) => p.options_contracts_per_month >= t.min_contracts_per_month);
  const contracts = new Decimal(p.options_contracts_per_month).times(12);
  const options = optionTier ? contracts.times(optionTier.per_contract_usd) : new Decimal(0);
  const transfers = new Decimal(m.full_acats_usd).times(p.transfers_per_year);
  const lines: FeeLine[] = [
    { item: 'trading', usd: cents(commission), detail: `${trades} stock/ETF trades at ${usd(m.online_stock_trade_usd)}` },
    {
      item: 'options_contracts',
      usd: cents(options),
      detail: optionTier ? `${contracts} contracts at ${usd(optionTier.per_contract_usd)} each` : 'no options contracts',
    },
    { item: 'transfers_out', usd: cents(transfers), detail: `${p.transfers_per_year} full ACATS transfers out at ${usd(m.full_acats_usd)}` },
    { item: 'account_fees', usd: cents(new Decimal(m.account_annual_usd)), detail: `annual account fee ${usd(m.account_annual_usd)}` },
  ];
  return estimated(lines, [
    'Online US stock and ETF trades; broker-assisted trades cost more.',
    'Options fee at the per-contract tier reached by options_contracts_per_month.',
    'Each transfer out is one full outgoing ACATS transfer.',
    'Regulatory transaction fees (SEC section 31, FINRA TAF), margin interest and fund expense ratios are not included.',
  ]);
}
