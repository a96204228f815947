/**
 * Ranks the fee estimates of every platform of a category (GET /v1/fees,
 * methodology.yaml "Calculators"): every platform gets an estimate; a line
 * item without a sourced price is named, never guessed into a rank.
 */
import type { FeeResult } from '../contract/calculator-schemas.js';
import type { ModelPlatform } from '../contract/model.js';
import { estimateFees, type FeeEstimate, type FeeItem, type FeeProfile } from './fees.js';
import { compareNames } from './name-order.js';

/** The ranking rule, published with every fee response. */
export const FEE_RANKING =
  "Only platforms with enough data to be named winner (coverage at the gate) are ranked; the others are listed after them, unranked, with the reason. Complete estimates are ranked cheapest first (then by name). An estimate with an unknown line has no annual total (null), only the subtotal of its known lines. An estimate with an unknown line item that the profile uses is ranked only when it is last even with that item at 0 USD; an unknown price has no upper bound, so otherwise it is listed after the ranked ones, with its known total and its total with each unknown item at the category's typical value (the median of that item, for the same profile, among platforms where it is priced). A platform that does not offer an item the profile uses (options at a broker without options trading) is listed last.";

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 100) / 100;
};

const ITEM_NAMES: Record<FeeItem, string> = {
  trading: 'trading fee',
  options_contracts: 'options per-contract fee',
  transfers_out: 'transfer-out fee',
  account_fees: 'account fee',
};

/**
 * Estimates and orders every platform with a fee model. Amounts in USD a year.
 * @param members platforms of one category (exchanges or brokerages)
 */
export function rankFeeEstimates(members: readonly ModelPlatform[], profile: FeeProfile): FeeResult[] {
  const rows = members.filter((p) => p.fees !== null).map((p) => ({ p, e: estimateFees(p.fees!, profile) }));
  const typical = new Map<FeeItem, number | null>();
  for (const item of ['trading', 'options_contracts', 'transfers_out', 'account_fees'] as const) {
    typical.set(
      item,
      median(rows.flatMap(({ e }) => e.line_items.filter((l) => l.item === item && l.status === 'known' && l.as_of !== null).map((l) => l.usd!))),
    );
  }
  const notOffered = (e: FeeEstimate) => e.line_items.some((l) => l.status === 'not_applicable');
  const complete = rows.filter(({ p, e }) => p.eligible && e.unknown_items.length === 0 && !notOffered(e));
  const partial = rows.filter(({ p, e }) => p.eligible && e.unknown_items.length > 0 && !notOffered(e));
  const underGate = rows.filter(({ p, e }) => !p.eligible && !notOffered(e));
  const excluded = rows.filter(({ e }) => notOffered(e));
  const byTotal = (a: { p: ModelPlatform; e: FeeEstimate }, b: { p: ModelPlatform; e: FeeEstimate }) =>
    a.e.known_total_usd - b.e.known_total_usd || compareNames(a.p.name, b.p.name);
  complete.sort(byTotal);
  partial.sort(byTotal);
  underGate.sort(byTotal);
  excluded.sort(byTotal);
  const maxComplete = complete.reduce((m, r) => Math.max(m, r.e.known_total_usd), -Infinity);
  // the one partial estimate that is last whatever its unknown items cost: the only partial one, above every complete total
  const lastAnyway = partial.length === 1 && partial[0]!.e.known_total_usd > maxComplete ? partial[0] : undefined;
  const ranked = lastAnyway ? [...complete, lastAnyway] : complete;
  const total = ranked.length;
  const rankIfZero = (cost: number) => complete.filter((r) => r.e.known_total_usd <= cost).length + 1;
  const result = (row: { p: ModelPlatform; e: FeeEstimate }, isRanked: boolean, note: string): FeeResult => {
    const { p, e } = row;
    const unknownTypical = e.unknown_items.map((i) => typical.get(i) ?? null);
    const withTypical =
      e.unknown_items.length === 0 || unknownTypical.some((v) => v === null)
        ? null
        : Math.round((e.known_total_usd + unknownTypical.reduce<number>((s, v) => s + v!, 0)) * 100) / 100;
    return {
      name: p.name,
      slug: p.slug,
      annual_total_usd: e.unknown_items.length === 0 ? e.known_total_usd : null,
      known_subtotal_usd: e.known_total_usd,
      complete: e.unknown_items.length === 0,
      unknown_items: e.unknown_items,
      annual_total_if_unknown_typical_usd: withTypical,
      ranked: isRanked,
      rank_note: note,
      stale: e.line_items.some((l) => l.stale === true),
      line_items: e.line_items,
      assumptions: e.assumptions,
      page: p.page,
    };
  };
  const names = (e: FeeEstimate) => e.unknown_items.map((i) => ITEM_NAMES[i]).join(' and ');
  return [
    ...ranked.map((row, i) =>
      result(
        row,
        true,
        row === lastAnyway
          ? `Ranked ${i + 1} of ${total}, last: its ${names(row.e)} has no source, but its known lines alone cost more than every other platform.`
          : `Ranked ${i + 1} of ${total}: every line the profile uses is priced.`,
      ),
    ),
    ...partial
      .filter((row) => row !== lastAnyway)
      .map((row) => {
        const typicalNote = (() => {
          const r = result(row, false, '');
          return r.annual_total_if_unknown_typical_usd === null
            ? ''
            : ` With the category's typical value for it, about ${r.annual_total_if_unknown_typical_usd.toFixed(2)} USD.`;
        })();
        return result(
          row,
          false,
          `Not ranked: its ${names(row.e)} has no source. Its known lines cost ${row.e.known_total_usd.toFixed(2)} USD a year, which would rank ${rankIfZero(row.e.known_total_usd)} of ${complete.length + 1} if the unknown cost nothing.${typicalNote}`,
        );
      }),
    ...underGate.map((row) => result(row, false, row.p.rank_note)),
    ...excluded.map((row) => {
      const items = row.e.line_items
        .filter((l) => l.status === 'not_applicable')
        .map((l) => ITEM_NAMES[l.item])
        .join(' and ');
      return result(row, false, `Not ranked: it does not offer what the profile uses (${items}).`);
    }),
  ];
}
