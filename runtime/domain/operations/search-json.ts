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
import { madeOnce } from '../compute/made-once.js';

/**
 * A search answer with its fields in the published order (the operation and the template both use it);
 * `suggestions` (nearest names, when nothing matched) between `results` and the envelope.
 * The envelope is appended with Object.assign: a spread into the literal takes V8's slow path (docs/performance.md).
 */
export function searchResponse(
  site: Site,
  query: string | null,
  category: SearchResponse['category'],
  count: number,
  total: number,
  results: PlatformSummary[],
  page: string,
  suggestions?: string[],
): SearchResponse {
  return Object.assign({ query, category, count, total, results }, suggestions && { suggestions }, envelope(site, page));
}

const HOLES = ['query', 'category', 'count', 'total', 'results', 'page'] as const;
const mark = holeMark as (name: string) => never;

/** The fragments of a dataset's answers around their holes, made once per dataset. */
const fragmentsOf = madeOnce((dataset: Dataset): Buffer[] =>
  jsonFragments(searchResponse(dataset.model.site, mark('query'), mark('category'), mark('count'), mark('total'), mark('results'), mark('page')), HOLES),
);

/** The JSON bytes of a summary, made once per summary object (compute/search.ts makes one per platform). */
const summaryJson = madeOnce((summary: PlatformSummary): Buffer => Buffer.from(JSON.stringify(summary)));

/** The JSON bytes of `response` (made from `dataset` by operations/search.ts), equal to Buffer.from(JSON.stringify(response)). */
export function searchJson(dataset: Dataset, response: SearchResponse): Buffer {
  const top = fragmentsOf(dataset);
  const out = new JsonWriter();
  out.bytes(top[0]!);
  if (response.query === null) out.text('null');
  else out.string(response.query);
  out.bytes(top[1]!);
  if (response.category === null) out.text('null');
  else out.string(response.category);
  out.bytes(top[2]!);
  out.number(response.count);
  out.bytes(top[3]!);
  out.number(response.total);
  out.bytes(top[4]!);
  out.array(response.results, (summary) => out.bytes(summaryJson(summary)));
  out.bytes(top[5]!);
  out.string(response.page);
  out.bytes(top[6]!);
  return out.take();
}
