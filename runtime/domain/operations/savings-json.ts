/**
 * What every GET /v1/savings-interest answer from one dataset shares, made once per dataset: the
 * accounts, the fixed fields of the answer, and its JSON text as fragments (compute/json-template.ts)
 * around the few values a request changes. The answer is 10-15 KB of mostly fixed text (names,
 * pages, notes) around three numbers per account; writing it from fragments instead of
 * JSON.stringify, and not rebuilding the fixed fields, more than halved its cost
 * (docs/performance.md). Byte-identical to JSON.stringify of the same body (test/computed-json.test.ts,
 * random balances and months on the real and the fixture data).
 */
import type { Dataset } from '../dataset.js';
import type { SavingsResponse } from '../contract/calculator-schemas.js';
import type { ModelPlatform } from '../contract/model.js';
import { categoryPageUrl } from '../contract/urls.js';
import { holeMark, jsonFragments, JsonWriter } from '../compute/json-template.js';
import { COMPOUNDING_ASSUMPTION } from '../compute/savings.js';
import { NO_CURRENT_PICK_NOTE, SAVINGS_RANKING, savingsRow, type SavingsRowValues } from '../compute/savings-ranking.js';
import { envelope } from './result.js';
import { madeOnce } from '../compute/made-once.js';

/** The fixed parts of an answer: everything but the balance, the months and the results. */
interface SavingsFixed {
  compounding: string;
  ranking: string;
  excluded: SavingsResponse['excluded'];
  envelope: ReturnType<typeof envelope>;
}

/**
 * An answer with its fields in the published order (the operation and the template both use it).
 * The envelope's fields are appended with Object.assign: object spreads on this path were several
 * microseconds a request under V8 (docs/performance.md).
 */
export function savingsResponse(fixed: SavingsFixed, balance: number, months: number, noPick: boolean, results: SavingsResponse['results']): SavingsResponse {
  return Object.assign(
    {
      balance_usd: balance,
      months,
      compounding: fixed.compounding,
      ranking: fixed.ranking,
      no_current_pick: noPick,
      no_current_pick_note: noPick ? NO_CURRENT_PICK_NOTE : null,
      results,
      excluded: fixed.excluded,
    },
    fixed.envelope,
  );
}

const ROW_HOLES = ['apy', 'interest_usd', 'ending_balance_usd'] as const satisfies ReadonlyArray<keyof SavingsRowValues>;
const TOP_HOLES = ['balance_usd', 'months', 'no_current_pick', 'no_current_pick_note', 'results'] as const;
const mark = holeMark as (name: string) => never;

/** The savings accounts of a dataset and the fixed parts of every answer from it. */
export interface SavingsBasis {
  /** High-yield savings platforms, in the dataset's order (those without an APY are `excluded`). */
  savers: ModelPlatform[];
  fixed: SavingsFixed;
  top: Buffer[];
  /** By platform slug, then by the row's rank note: the 4 fragments around apy, interest and ending balance. */
  rows: Map<string, Map<string, Buffer[]>>;
}

/** The basis of a dataset: made on the first answer from a loaded dataset, gone with it. */
export const savingsBasis = madeOnce((dataset: Dataset): SavingsBasis => {
  const site = dataset.model.site;
  const savers = dataset.model.platforms.filter((p) => p.category === 'high-yield-savings');
  const fixed: SavingsFixed = {
    compounding: COMPOUNDING_ASSUMPTION,
    ranking: SAVINGS_RANKING,
    excluded: savers.filter((p) => p.savings === null).map((p) => ({ name: p.name, slug: p.slug, reason: 'no sourced APY' })),
    envelope: envelope(site, categoryPageUrl(site, 'high-yield-savings')),
  };
  const top = jsonFragments(
    Object.assign(savingsResponse(fixed, mark('balance_usd'), mark('months'), false, mark('results')), {
      no_current_pick: mark('no_current_pick'),
      no_current_pick_note: mark('no_current_pick_note'),
    }),
    TOP_HOLES,
  );
  return { savers, fixed, top, rows: new Map() };
});

/**
 * The fragments of a platform's row. Its rank note (compute/savings-ranking.ts) tells its kinds of
 * row apart: below the opening deposit, below the APY's minimum balance, under the coverage gate,
 * ranked with a stale APY, ranked with a fresh one; the fields besides the three numbers depend only
 * on the platform and that kind.
 */
function rowFragments(basis: SavingsBasis, p: ModelPlatform, r: SavingsResponse['results'][number]): Buffer[] {
  let kinds = basis.rows.get(p.slug);
  if (!kinds) basis.rows.set(p.slug, (kinds = new Map()));
  let fragments = kinds.get(r.rank_note);
  if (!fragments) {
    const values: SavingsRowValues = {
      apy: mark('apy'),
      interest_usd: mark('interest_usd'),
      ending_balance_usd: mark('ending_balance_usd'),
      below_minimum_opening_deposit: r.below_minimum_opening_deposit,
      ranked: r.ranked,
      rank_note: r.rank_note,
    };
    fragments = jsonFragments(savingsRow(p, values), ROW_HOLES);
    kinds.set(r.rank_note, fragments);
  }
  return fragments;
}

const noPickNote = JSON.stringify(NO_CURRENT_PICK_NOTE);

/** The JSON bytes of `response` (made from `dataset`'s basis), equal to Buffer.from(JSON.stringify(response)). */
export function savingsJson(dataset: Dataset, response: SavingsResponse): Buffer {
  const basis = savingsBasis(dataset);
  const { top } = basis;
  const out = new JsonWriter();
  out.bytes(top[0]!);
  out.number(response.balance_usd);
  out.bytes(top[1]!);
  out.number(response.months);
  out.bytes(top[2]!);
  out.text(response.no_current_pick ? 'true' : 'false');
  out.bytes(top[3]!);
  out.text(response.no_current_pick_note === null ? 'null' : noPickNote);
  out.bytes(top[4]!);
  out.array(response.results, (r) => {
    const f = rowFragments(basis, dataset.bySlug.get(r.slug)!, r);
    out.bytes(f[0]!);
    out.number(r.apy);
    out.bytes(f[1]!);
    out.number(r.interest_usd);
    out.bytes(f[2]!);
    out.number(r.ending_balance_usd);
    out.bytes(f[3]!);
  });
  out.bytes(top[5]!);
  return out.take();
}
