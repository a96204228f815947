/**
 * The JSON bytes of a GET /v1/compare answer written from fragments (compute/json-template.ts).
 * Most of an answer is each platform's own text (name, page, cap, dates, and per criterion its key,
 * label, basis, score, as_of, stale flag and evidence tier), the same in every comparison; the
 * applied weights change the head (weights, pick, caveats, explanation), each product's scores,
 * coverage and criterion lists, and each criterion's weight and contribution. The platform's text
 * is made once per dataset and the values are written into its holes: the numbers from a table
 * (JsonWriter.number), the dataset's names and keys from a table of their JSON texts, only sentences by
 * JSON.stringify. JSON.stringify of the whole body was about two thirds of the cost of a comparison
 * whose weights differ on every request (docs/performance.md). Byte-identical to JSON.stringify
 * of the same body (test/computed-json.test.ts: random platform sets, weights and profiles).
 */
import type { Dataset } from '../dataset.js';
import type { ComparisonResponse } from '../contract/comparison-schemas.js';
import type { ModelCriterion, ModelPlatform } from '../contract/model.js';
import { holeMark, jsonFragments, JsonWriter } from '../compute/json-template.js';
import { comparedProduct, type WeightedFields } from '../compute/compare.js';
import { contributionRow, criterionState } from '../compute/weighted-score.js';

/** The weighted fields of a compared product in the order of its JSON text (comparedProduct); criteria is last. */
const PRODUCT_HOLES = [
  'score_pct',
  'raw_score_pct',
  'coverage',
  'eligible',
  'ineligible_reason',
  'missing_criteria',
  'stale_criteria',
  'weak_criteria',
  'unknown_criteria',
  'criteria',
] as const satisfies ReadonlyArray<keyof WeightedFields>;
const ROW_HOLES = ['weight', 'contribution'] as const;

/**
 * Fields whose text is made per answer (sentences with scores, names or dates in them, the page of
 * the platform set): written by JSON.stringify, never kept in the quote table (looking a long
 * sentence up there costs more than writing it).
 */
const SENTENCES: ReadonlySet<string> = new Set(['explanation', 'ineligible_reason', 'page', 'caveats']);
/** Most strings a dataset's quote table keeps (its names, slugs, keys and envelope texts are a few thousand). */
const QUOTES_MAX = 10_000;

/** A platform's fixed text: the 11 fragments around its product's holes, and the 3 around each criterion row's weight and contribution. */
interface PlatformText {
  product: Buffer[];
  rows: Buffer[][];
}

/** What the answers from one dataset share, made on use and gone with the dataset. */
interface ComparisonBasis {
  /** The answer's fields in order and the fragments around each field's value (every answer has the shape of the first). */
  keys: string[];
  fragments: Buffer[];
  /** Platform slug -> its fixed text. */
  platforms: Map<string, PlatformText>;
  /** The JSON texts of the dataset's strings (names, slugs, criterion keys, envelope texts). */
  quotes: Map<string, string>;
}

const bases = new WeakMap<Dataset, ComparisonBasis>();

function basisOf(dataset: Dataset, response: ComparisonResponse): ComparisonBasis {
  let basis = bases.get(dataset);
  if (!basis) {
    const keys = Object.keys(response);
    basis = { keys, fragments: jsonFragments(Object.fromEntries(keys.map((k) => [k, holeMark(k)])), keys), platforms: new Map(), quotes: new Map() };
    bases.set(dataset, basis);
  }
  return basis;
}

function platformText(basis: ComparisonBasis, p: ModelPlatform, criteria: readonly ModelCriterion[]): PlatformText {
  let text = basis.platforms.get(p.slug);
  if (!text) {
    const marks = Object.fromEntries(PRODUCT_HOLES.map((h) => [h, holeMark(h)])) as Record<(typeof PRODUCT_HOLES)[number], string>;
    text = {
      product: jsonFragments(comparedProduct(p, marks), PRODUCT_HOLES),
      rows: criteria.map((c) => jsonFragments(contributionRow(c, criterionState(p.criteria, c.key), holeMark('weight'), holeMark('contribution')), ROW_HOLES)),
    };
    basis.platforms.set(p.slug, text);
  }
  return text;
}

/** The JSON text of a string of the dataset (a name, slug, key or envelope text), kept once made. */
function quoted(quotes: Map<string, string>, s: string): string {
  let q = quotes.get(s);
  if (q === undefined) {
    q = JSON.stringify(s);
    if (quotes.size < QUOTES_MAX) quotes.set(s, q);
  }
  return q;
}

/**
 * Writes the JSON text of a field's value, as JSON.stringify writes it: numbers by JsonWriter.number,
 * null and booleans as themselves, strings from the quote table, lists and plain records (missing
 * criteria, the weights) element by element; a sentence (and a list of them) by JSON.stringify,
 * whose fixed cost per call dominates for the answer's many small values but not for a sentence.
 */
function writeField(out: JsonWriter, quotes: Map<string, string>, v: unknown, sentence: boolean): void {
  if (typeof v === 'number') return out.number(v);
  if (v === null) return out.text('null');
  if (typeof v === 'boolean') return out.text(v ? 'true' : 'false');
  if (sentence) return out.text(JSON.stringify(v));
  if (typeof v === 'string') return out.text(quoted(quotes, v));
  if (Array.isArray(v)) {
    out.text('[');
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out.text(',');
      const x: unknown = v[i];
      if (x === undefined) out.text('null'); // as JSON.stringify writes a hole or undefined in a list
      else writeField(out, quotes, x, false);
    }
    return out.text(']');
  }
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const record = v as Record<string, unknown>;
    let first = true;
    out.text('{');
    for (const k in record) {
      const x = record[k];
      if (x === undefined) continue; // JSON.stringify leaves such a key out
      if (!first) out.text(',');
      first = false;
      out.text(quoted(quotes, k));
      out.text(':');
      writeField(out, quotes, x, false);
    }
    return out.text('}');
  }
  out.text(JSON.stringify(v));
}

/**
 * The JSON bytes of `response`, a comparison of platforms of `dataset` made by operations/compare.ts,
 * equal to Buffer.from(JSON.stringify(response)).
 * @throws Error when the answer's fields differ from the first answer's, or a product's criterion rows
 *   are not the category's criteria in methodology order (an answer not made from this dataset)
 */
export function comparisonJson(dataset: Dataset, response: ComparisonResponse): Buffer {
  const basis = basisOf(dataset, response);
  const { keys, fragments, quotes } = basis;
  const criteria = dataset.criteria.get(response.category)!;
  const out = new JsonWriter();
  let fields = 0;
  for (const key in response) {
    if (keys[fields] !== key) throw new Error(`comparisonJson: field ${fields} is "${key}", not "${keys[fields] ?? 'none'}"`);
    out.bytes(fragments[fields++]!);
    if (key === 'products') writeProducts(dataset, basis, criteria, response.products, out);
    else writeField(out, quotes, response[key as keyof ComparisonResponse], SENTENCES.has(key));
  }
  if (fields !== keys.length) throw new Error(`comparisonJson: ${fields} fields, not ${keys.length}`);
  out.bytes(fragments[fields]!);
  return out.take();
}

function writeProducts(dataset: Dataset, basis: ComparisonBasis, criteria: readonly ModelCriterion[], products: ComparisonResponse['products'], out: JsonWriter): void {
  out.text('[');
  for (let i = 0; i < products.length; i++) {
    const product = products[i]!;
    const text = platformText(basis, dataset.bySlug.get(product.slug)!, criteria);
    if (i > 0) out.text(',');
    for (let h = 0; h < PRODUCT_HOLES.length; h++) {
      const hole = PRODUCT_HOLES[h]!;
      out.bytes(text.product[h]!);
      if (hole !== 'criteria') writeField(out, basis.quotes, product[hole], SENTENCES.has(hole));
    }
    out.text('[');
    const rows = product.criteria;
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k]!;
      const r = text.rows[k];
      if (!r || criteria[k]!.key !== row.key) throw new Error(`comparisonJson: criterion row ${k} of ${product.slug} is not ${criteria[k]?.key ?? 'a criterion'}`);
      if (k > 0) out.text(',');
      out.bytes(r[0]!);
      out.number(row.weight);
      out.bytes(r[1]!);
      if (row.contribution === null) out.text('null');
      else out.number(row.contribution);
      out.bytes(r[2]!);
    }
    out.text(']');
    out.bytes(text.product[PRODUCT_HOLES.length]!);
  }
  out.text(']');
}
