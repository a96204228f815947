/**
 * The JSON bytes of a GET /v1/platforms answer written from fragments (compute/json-template.ts):
 * the answer is a short head (query, category, counts), the summaries of the matching platforms
 * and the envelope. Each platform's summary is the same in every answer, so its JSON text is made
 * once per loaded dataset; a request writes the head's values, the summaries' bytes and the page.
 * JSON.stringify of up to 155 summaries was most of the cost of a search whose query differs on
 * every request (docs/performance.md, ninth pass). Byte-identical to JSON.stringify of the same
 * body (test/computed-json.test.ts: random queries, categories and limits).
 */
import type { Dataset } from '../dataset.js';
import type { PlatformSummary, SearchResponse } from '../contract/api-schemas.js';
import type { Site } from '../contract/model.js';
import { holeMark, jsonFragments, JsonWriter } from '../compute/json-template.js';
import { envelope } from './result.js';

/**
 * A search answer with its fields in the published order (the operation and the template both use it).
 * The envelope is appended with Object.assign: a spread into the literal takes V8's slow path (docs/performance.md).
 */
export function searchResponse(site: Site, query: string | null, category: SearchResponse['category'], count: number, total: number, results: PlatformSummary[], page: string): SearchResponse {
  return Object.assign({ query, category, count, total, results }, envelope(site, page));
}

const HOLES = ['query', 'category', 'count', 'total', 'results', 'page'] as const;
const mark = holeMark as (name: string) => never;

/** What every answer from one dataset shares: the fragments around the holes, and each platform summary's JSON bytes. */
interface SearchBasis {
  top: Buffer[];
  summaries: WeakMap<PlatformSummary, Buffer>;
}

const bases = new WeakMap<Dataset, SearchBasis>();

function basisOf(dataset: Dataset): SearchBasis {
  let basis = bases.get(dataset);
  if (!basis) {
    const response = searchResponse(dataset.model.site, mark('query'), mark('category'), mark('count'), mark('total'), mark('results'), mark('page'));
    basis = { top: jsonFragments(response, HOLES), summaries: new WeakMap() };
    bases.set(dataset, basis);
  }
  return basis;
}

/** The JSON text of a summary (kept per summary object: compute/search.ts makes one per platform). */
function summaryJson(basis: SearchBasis, summary: PlatformSummary): Buffer {
  let bytes = basis.summaries.get(summary);
  if (!bytes) basis.summaries.set(summary, (bytes = Buffer.from(JSON.stringify(summary))));
  return bytes;
}

/** The JSON bytes of `response` (made from `dataset` by operations/search.ts), equal to Buffer.from(JSON.stringify(response)). */
export function searchJson(dataset: Dataset, response: SearchResponse): Buffer {
  const basis = basisOf(dataset);
  const { top } = basis;
  const out = new JsonWriter();
  out.bytes(top[0]!);
  out.text(JSON.stringify(response.query));
  out.bytes(top[1]!);
  out.text(JSON.stringify(response.category));
  out.bytes(top[2]!);
  out.number(response.count);
  out.bytes(top[3]!);
  out.number(response.total);
  out.bytes(top[4]!);
  out.text('[');
  const results = response.results;
  for (let i = 0; i < results.length; i++) {
    if (i > 0) out.text(',');
    out.bytes(summaryJson(basis, results[i]!));
  }
  out.text(']');
  out.bytes(top[5]!);
  out.text(JSON.stringify(response.page));
  out.bytes(top[6]!);
  return out.take();
}
