/**
 * The precomputed API bodies of a loaded dist by their exact canonical URL, made once when the
 * dist is loaded (part of its Served value): the request listener (./request-listener.ts) answers these URLs
 * without h3.
 */
import type { Dataset } from '../../domain/dataset.js';
import { JSON_CONTENT_TYPE } from './reply.js';
import { SERVICE_FILES } from './api-routes.js';
import type { Encoding } from './compression.js';

/** Precomputed bytes at one exact URL, with their media type and further headers (a page's CSP). */
export interface Precomputed {
  bytes: Buffer;
  contentType: string;
  extra?: Record<string, string>;
  /** A page, asset or open-data file of the site: answered without counting against the API rate limit. */
  siteFile?: true;
  /** The compressed copies the build wrote (a static file: StaticFiles.compressedCopy); absent: compressed in memory (http/compression.ts). */
  copies?: (encoding: Encoding) => Buffer | undefined;
}

/** URL path -> the JSON body written by the build: every precomputed operation's bodies (Dataset.api), OpenAPI and the manifests. */
export function precomputedTable(dataset: Dataset): Map<string, Precomputed> {
  const table = new Map<string, Precomputed>();
  const json = (bytes: Buffer): Precomputed => ({ bytes, contentType: JSON_CONTENT_TYPE });
  for (const [path, bytes] of dataset.api) table.set(path, json(bytes));
  for (const [path, pick] of SERVICE_FILES) table.set(path, json(pick(dataset.bytes)));
  return table;
}
