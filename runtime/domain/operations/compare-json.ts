/**
 * The JSON bytes of a GET /v1/compare answer written from templates (compute/json-template.ts).
 * Most of an answer is the same from one comparison to the next; the applied weights change only
 * its numbers, a few booleans and its sentences. Two kinds of template, made on first use and kept
 * with the dataset:
 * - the head of a category's answers: everything but the products, with a hole for each field that
 *   changes, one for each applied weight (the weights are keyed by the category's criteria, in
 *   their order), and the envelope texts (methodology, dates, attribution, licence) written in;
 * - a platform's product under one pattern of applied weights (which criteria weigh more than 0):
 *   the pattern decides its lists (missing, stale, weak and unknown criteria, compute/compare.ts)
 *   and every text but the numbers, so the template has holes only for the scores, coverage,
 *   eligibility and its reason, each missing criterion's share and each row's weight and contribution.
 * A request writes the templates' bytes and its values into one Buffer: about 150 pieces for a
 * comparison of three exchanges instead of the 280 written when each list, key and weight was a
 * piece of its own (docs/performance.md, tenth pass). Numbers come from JsonWriter.number, the
 * dataset's names from a table of their JSON texts, sentences from JsonWriter.string.
 * Byte-identical to JSON.stringify of the same body (test/computed-json.test.ts: random platform
 * sets, weights with criteria left out, and profiles, in every category).
 */
import type { Dataset } from '../dataset.js';
import type { ComparedProduct, ComparisonResponse } from '../contract/comparison-schemas.js';
import type { ModelCriterion } from '../contract/model.js';
import { holeMark, jsonFragments, JsonWriter } from '../compute/json-template.js';
import { madeOnce } from '../compute/made-once.js';

/** Most strings a dataset's quote table keeps (its names, slugs, keys and envelope texts are a few thousand). */
const QUOTES_MAX = 10_000;
/**
 * Most weight patterns kept per platform. A category of n criteria has 2^n - 1 patterns (127 for
 * brokerages' 7); callers mostly send a few (every criterion weighed, or one group left out). Beyond
 * this many, a product's template is made for the answer and not kept (about 25 us instead of 2), so
 * callers cycling through patterns cannot grow memory past about 16 x 155 platforms x 3 KB.
 */
const PATTERNS_PER_PLATFORM = 16;

/** Writes the JSON text of one value (JsonWriter, the dataset's quote table). */
type Write<V> = (out: JsonWriter, quotes: Map<string, string>, v: V) => void;

/** The JSON text of a string of the dataset (a name, slug, key or envelope text), kept once made. */
function quoted(quotes: Map<string, string>, s: string): string {
  let q = quotes.get(s);
  if (q === undefined) {
    q = JSON.stringify(s);
    if (quotes.size < QUOTES_MAX) quotes.set(s, q);
  }
  return q;
}

const num: Write<number> = (out, _quotes, v) => out.number(v);
const bool: Write<boolean> = (out, _quotes, v) => out.text(v ? 'true' : 'false');
const str: Write<string> = (out, quotes, v) => out.text(quoted(quotes, v));
/**
 * A sentence made per answer (scores, names or dates in it; the page of the platform set): written
 * by JsonWriter.string, never kept in the quote table (looking a fresh long string up there costs
 * more than writing it).
 */
const sentence: Write<string> = (out, _quotes, v) => out.string(v);
const nullable =
  <V>(write: Write<V>): Write<V | null> =>
  (out, quotes, v) =>
    v === null ? out.text('null') : write(out, quotes, v);
const list =
  <V>(write: Write<V>): Write<readonly V[]> =>
  (out, quotes, v) =>
    out.array(v, (item) => write(out, quotes, item));
const nullableNumber = nullable(num);
const nullableSentence = nullable(sentence);

type Head = Omit<ComparisonResponse, 'products' | 'weights'>;
/** Fields the same in every answer of a category from one dataset: written into the head template. */
const CONSTANT_FIELDS: ReadonlySet<string> = new Set<keyof Head>([
  'category',
  'methodology',
  'methodology_version',
  'evaluation_date',
  'attribution',
  'license',
]);
/** The writer of each head field that changes, by its type in ComparisonResponseSchema (weights and products are written apart). */
const HEAD_WRITERS: { [K in keyof Head]?: Write<Head[K]> } = {
  profile: nullable(str),
  weights_source: str,
  winner: nullable(str),
  winner_slug: nullable(str),
  too_close: bool,
  margin_points: nullableNumber,
  too_close_margin_points: num,
  depends_on_stale: bool,
  depends_on_weak_evidence: bool,
  depends_on_unknown: bool,
  caveats: list(sentence),
  explanation: sentence,
  page: sentence,
};

/** The head of a category's answers: their fields in order, the category's criterion keys (the weights' keys) and the fragments around the holes. */
interface HeadTemplate {
  keys: string[];
  weightKeys: string[];
  fragments: Buffer[];
}

/**
 * A platform's product under one pattern of applied weights: the fragments around its holes (score,
 * its range, raw score, coverage, eligible, ineligible reason, each missing criterion's share, each row's
 * weight and contribution) and the lengths of the lists written into it, checked on every use.
 */
interface ProductTemplate {
  fragments: Buffer[];
  lists: [missing: number, stale: number, weak: number, unknown: number];
}

/** What the answers from one dataset share, made on use and gone with the dataset. */
interface ComparisonBasis {
  /** Category -> its head template. */
  heads: Map<string, HeadTemplate>;
  /** Platform slug -> weight pattern (see weightPattern) -> its product template. */
  products: Map<string, Map<number, ProductTemplate>>;
  /** The JSON texts of the dataset's strings (names, slugs, criterion keys). */
  quotes: Map<string, string>;
}

/** A dataset's basis, empty at first: its templates are made as answers need them. */
const basisOf = madeOnce((_dataset: Dataset): ComparisonBasis => ({ heads: new Map(), products: new Map(), quotes: new Map() }));

function headTemplate(basis: ComparisonBasis, response: ComparisonResponse, criteria: readonly ModelCriterion[]): HeadTemplate {
  let head = basis.heads.get(response.category);
  if (!head) {
    const keys = Object.keys(response);
    const weightKeys = criteria.map((c) => c.key);
    const holes: string[] = [];
    const marked: Record<string, unknown> = {};
    for (const key of keys) {
      if (CONSTANT_FIELDS.has(key)) {
        marked[key] = response[key as keyof ComparisonResponse];
      } else if (key === 'weights') {
        marked[key] = Object.fromEntries(weightKeys.map((k) => [k, holeMark(`weights.${k}`)]));
        holes.push(...weightKeys.map((k) => `weights.${k}`));
      } else {
        if (key !== 'products' && !HEAD_WRITERS[key as keyof Head]) throw new Error(`comparisonJson: no writer for the field "${key}"`);
        marked[key] = holeMark(key);
        holes.push(key);
      }
    }
    head = { keys, weightKeys, fragments: jsonFragments(marked, holes) };
    basis.heads.set(response.category, head);
  }
  return head;
}

/** Most criteria a weight pattern can tell apart: its binary digits must fit a double's 53-bit mantissa. */
const PATTERN_DIGITS = 53;

/**
 * The pattern of applied weights of a product's rows: one binary digit per criterion in methodology
 * order, 1 when it weighs more than 0; -1 (no pattern: the template is made and not kept) for a
 * category of more than PATTERN_DIGITS criteria (the methodology has at most 7).
 */
function weightPattern(rows: ComparedProduct['criteria']): number {
  if (rows.length > PATTERN_DIGITS) return -1;
  let pattern = 0;
  for (let k = 0; k < rows.length; k++) pattern = pattern * 2 + (rows[k]!.weight > 0 ? 1 : 0);
  return pattern;
}

function productTemplate(basis: ComparisonBasis, product: ComparedProduct, pattern: number): ProductTemplate {
  let patterns = basis.products.get(product.slug);
  if (!patterns) basis.products.set(product.slug, (patterns = new Map()));
  let template = patterns.get(pattern);
  if (!template) {
    const holes = ['score_pct', 'score_low_pct', 'score_high_pct', 'raw_score_pct', 'coverage', 'eligible', 'ineligible_reason'];
    const own = holes.length;
    const missing = product.missing_criteria.map((m, i) => ({ ...m, share_pct: holeMark(`missing.${i}`) }));
    holes.push(...missing.map((_, i) => `missing.${i}`));
    const rows = product.criteria.map((row, k) => ({ ...row, weight: holeMark(`weight.${k}`), contribution: holeMark(`contribution.${k}`) }));
    holes.push(...rows.flatMap((_, k) => [`weight.${k}`, `contribution.${k}`]));
    const marked = { ...product, ...Object.fromEntries(holes.slice(0, own).map((h) => [h, holeMark(h)])), missing_criteria: missing, criteria: rows };
    template = {
      fragments: jsonFragments(marked, holes),
      lists: [product.missing_criteria.length, product.stale_criteria.length, product.weak_criteria.length, product.unknown_criteria.length],
    };
    if (pattern >= 0 && patterns.size < PATTERNS_PER_PLATFORM) patterns.set(pattern, template);
  }
  return template;
}

/**
 * The JSON bytes of `response`, a comparison of platforms of `dataset` made by operations/compare.ts,
 * equal to Buffer.from(JSON.stringify(response)).
 * @throws Error when the answer's fields, its weights or a product's criterion rows differ from the
 *   templates' (an answer not made from this dataset), or a product's lists are not the ones its
 *   weight pattern gave before
 */
export function comparisonJson(dataset: Dataset, response: ComparisonResponse): Buffer {
  const basis = basisOf(dataset);
  const criteria = dataset.criteria.get(response.category)!;
  const head = headTemplate(basis, response, criteria);
  const { keys, weightKeys, fragments } = head;
  const out = new JsonWriter();
  let field = 0;
  let hole = 0;
  for (const key in response) {
    if (keys[field++] !== key) throw new Error(`comparisonJson: field ${field - 1} is "${key}", not "${keys[field - 1] ?? 'none'}"`);
    if (CONSTANT_FIELDS.has(key)) continue;
    if (key === 'weights') {
      let k = 0;
      for (const criterion in response.weights) {
        if (weightKeys[k++] !== criterion) throw new Error(`comparisonJson: weight ${k - 1} is "${criterion}", not "${weightKeys[k - 1] ?? 'none'}"`);
        out.bytes(fragments[hole++]!);
        out.number(response.weights[criterion]!);
      }
      if (k !== weightKeys.length) throw new Error(`comparisonJson: ${k} weights, not ${weightKeys.length}`);
      continue;
    }
    out.bytes(fragments[hole++]!);
    if (key === 'products') writeProducts(basis, criteria, response.products, out);
    else (HEAD_WRITERS[key as keyof Head] as Write<unknown>)(out, basis.quotes, response[key as keyof Head]);
  }
  if (field !== keys.length) throw new Error(`comparisonJson: ${field} fields, not ${keys.length}`);
  out.bytes(fragments[hole]!);
  return out.take();
}

function writeProducts(basis: ComparisonBasis, criteria: readonly ModelCriterion[], products: ComparisonResponse['products'], out: JsonWriter): void {
  out.array(products, (product) => {
    const rows = product.criteria;
    if (rows.length !== criteria.length) throw new Error(`comparisonJson: ${product.slug} has ${rows.length} criterion rows, not ${criteria.length}`);
    const { fragments: f, lists } = productTemplate(basis, product, weightPattern(rows));
    if (
      product.missing_criteria.length !== lists[0] ||
      product.stale_criteria.length !== lists[1] ||
      product.weak_criteria.length !== lists[2] ||
      product.unknown_criteria.length !== lists[3]
    ) {
      throw new Error(`comparisonJson: the lists of ${product.slug} are not the ones of its weight pattern`);
    }
    let h = 0;
    out.bytes(f[h++]!);
    nullableNumber(out, basis.quotes, product.score_pct);
    out.bytes(f[h++]!);
    nullableNumber(out, basis.quotes, product.score_low_pct);
    out.bytes(f[h++]!);
    nullableNumber(out, basis.quotes, product.score_high_pct);
    out.bytes(f[h++]!);
    nullableNumber(out, basis.quotes, product.raw_score_pct);
    out.bytes(f[h++]!);
    out.number(product.coverage);
    out.bytes(f[h++]!);
    bool(out, basis.quotes, product.eligible);
    out.bytes(f[h++]!);
    nullableSentence(out, basis.quotes, product.ineligible_reason);
    for (const m of product.missing_criteria) {
      out.bytes(f[h++]!);
      out.number(m.share_pct);
    }
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k]!;
      if (criteria[k]!.key !== row.key) throw new Error(`comparisonJson: criterion row ${k} of ${product.slug} is not ${criteria[k]!.key}`);
      out.bytes(f[h++]!);
      out.number(row.weight);
      out.bytes(f[h++]!);
      nullableNumber(out, basis.quotes, row.contribution);
    }
    out.bytes(f[h]!);
  });
}
