/**
 * Plausible values (README "Data editor's guide", "How to read an error"):
 * a savings APY, a fee or a price outside the range below is an error, because
 * it is far more often a typo (a fraction written as percent, a misplaced
 * decimal point, a fee in cents) than a real offer. An editor who has checked
 * the value against its source sets `outlier_checked: true` on the fact group;
 * the value then passes and is published with that mark.
 *
 * The ranges are editorial guard rails, not scoring rules (scoring lives in
 * sources/methodology.yaml). They are wide on purpose: US online savings APYs
 * stayed under 6 % through the 2023-2024 rate peak (FDIC national rates are far
 * lower); spot exchange fees above 2 % or listed stock commissions above USD 10
 * have not been seen at the platforms we cover since US brokers went to zero
 * commission in 2019.
 */
import { isNotApplicable } from '../../../runtime/domain/sources/common-schema.js';
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';
import type { PlatformSource } from '../../../runtime/domain/sources/platform-schema.js';

/** One guarded value: where it sits in the file, its value, and its group's outlier_checked mark. */
interface Guarded {
  path: PropertyKey[];
  value: number;
  checked: boolean;
}

/** A plausible range for one kind of value, inclusive at both ends. */
interface PlausibleRange {
  what: string;
  unit: 'percent' | 'USD';
  min: number;
  max: number;
  values: (platform: PlatformSource) => Guarded[];
}

type Group = { outlier_checked?: boolean | undefined } | undefined;
const checked = (group: Group): boolean => group?.outlier_checked === true;
const one = (group: Group & object, at: PropertyKey[], value: number): Guarded[] => [{ path: at, value, checked: checked(group) }];

/** The ranges, by category (README "Plausible ranges" quotes them). */
const PLAUSIBLE_RANGES: Record<PlatformSource['category'], PlausibleRange[]> = {
  'high-yield-savings': [
    {
      what: 'savings APY',
      unit: 'percent',
      min: 0.01,
      max: 6,
      values: (p) =>
        p.category === 'high-yield-savings' && p.facts.apy
          ? p.facts.apy.tiers.map((t, i) => ({ path: ['facts', 'apy', 'tiers', i, 'apy_pct'], value: t.apy_pct, checked: checked(p.facts.apy) }))
          : [],
    },
    {
      what: 'monthly fee',
      unit: 'USD',
      min: 0,
      max: 25,
      values: (p) =>
        p.category === 'high-yield-savings' && p.facts.monthly_fee && !isNotApplicable(p.facts.monthly_fee)
          ? one(p.facts.monthly_fee, ['facts', 'monthly_fee', 'usd'], p.facts.monthly_fee.usd)
          : [],
    },
    {
      what: 'minimum opening deposit',
      unit: 'USD',
      min: 0,
      max: 100_000,
      values: (p) =>
        p.category === 'high-yield-savings' && p.facts.minimum_opening_deposit
          ? one(p.facts.minimum_opening_deposit, ['facts', 'minimum_opening_deposit', 'usd'], p.facts.minimum_opening_deposit.usd)
          : [],
    },
  ],
  exchanges: [
    {
      what: 'spot maker or taker fee',
      unit: 'percent',
      min: 0,
      max: 2,
      values: (p) =>
        p.category === 'exchanges' && p.facts.trading_fees
          ? p.facts.trading_fees.tiers.flatMap((t, i) =>
              (['maker_pct', 'taker_pct'] as const).map((k) => ({
                path: ['facts', 'trading_fees', 'tiers', i, k],
                value: t[k],
                checked: checked(p.facts.trading_fees),
              })),
            )
          : [],
    },
    {
      what: 'fiat withdrawal fee',
      unit: 'USD',
      min: 0,
      max: 100,
      values: (p) =>
        p.category === 'exchanges' && p.facts.fiat_withdrawal && !isNotApplicable(p.facts.fiat_withdrawal)
          ? one(p.facts.fiat_withdrawal, ['facts', 'fiat_withdrawal', 'fee_usd'], p.facts.fiat_withdrawal.fee_usd)
          : [],
    },
  ],
  brokerages: [
    {
      what: 'online stock or ETF commission',
      unit: 'USD',
      min: 0,
      max: 10,
      values: (p) =>
        p.category === 'brokerages' && p.facts.commissions
          ? one(p.facts.commissions, ['facts', 'commissions', 'online_stock_trade_usd'], p.facts.commissions.online_stock_trade_usd)
          : [],
    },
    {
      what: 'options per-contract fee',
      unit: 'USD',
      min: 0,
      max: 2,
      values: (p) =>
        p.category === 'brokerages' && p.facts.options_fees && !isNotApplicable(p.facts.options_fees)
          ? p.facts.options_fees.tiers.map((t, i) => ({
              path: ['facts', 'options_fees', 'tiers', i, 'per_contract_usd'],
              value: t.per_contract_usd,
              checked: checked(p.facts.options_fees as Group),
            }))
          : [],
    },
    {
      what: 'full ACATS transfer-out fee',
      unit: 'USD',
      min: 0,
      max: 200,
      values: (p) =>
        p.category === 'brokerages' && p.facts.transfer_out
          ? one(p.facts.transfer_out, ['facts', 'transfer_out', 'full_acats_usd'], p.facts.transfer_out.full_acats_usd)
          : [],
    },
    {
      what: 'annual account fee',
      unit: 'USD',
      min: 0,
      max: 250,
      values: (p) =>
        p.category === 'brokerages' && p.facts.account_fees
          ? one(p.facts.account_fees, ['facts', 'account_fees', 'annual_usd'], p.facts.account_fees.annual_usd)
          : [],
    },
  ],
  'hardware-wallets': [
    {
      what: 'device list price',
      unit: 'USD',
      min: 10,
      max: 1_000,
      values: (p) => (p.category === 'hardware-wallets' && p.facts.price ? one(p.facts.price, ['facts', 'price', 'usd'], p.facts.price.usd) : []),
    },
  ],
  'software-wallets': [
    {
      what: 'swap service fee',
      unit: 'percent',
      min: 0,
      max: 3,
      values: (p) =>
        p.category === 'software-wallets' && p.facts.swap_fee && !isNotApplicable(p.facts.swap_fee)
          ? one(p.facts.swap_fee, ['facts', 'swap_fee', 'pct'], p.facts.swap_fee.pct)
          : [],
    },
  ],
};

const show = (value: number, unit: PlausibleRange['unit']) => (unit === 'percent' ? `${value} %` : `USD ${value}`);

export const plausibleValues: PlatformCheck = {
  id: 'plausible-values',
  rule: 'An APY, fee or price outside its plausible range (PLAUSIBLE_RANGES) is an error unless its fact group is marked outlier_checked: such values are far more often typos than offers.',
  check({ source, platform }) {
    if (!platform) return [];
    return PLAUSIBLE_RANGES[platform.category].flatMap((range) =>
      range
        .values(platform)
        .filter((g) => !g.checked && (g.value < range.min || g.value > range.max))
        .map((g) =>
          problemAt(
            source,
            g.path,
            'error',
            `${range.what} ${show(g.value, range.unit)} is outside the plausible range ${show(range.min, range.unit)} to ${show(range.max, range.unit)}`,
            `check the value against its source (percent is 0-100: 0.25 means a quarter of one percent); if it is right, set outlier_checked: true on ${g.path.slice(0, 2).join('.')}`,
          ),
        ),
    );
  },
};
