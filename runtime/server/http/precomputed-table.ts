/**
 * The precomputed API bodies of a loaded dist by their exact canonical URL, made once when the
 * dist is loaded (part of its Served value): the request listener (./request-listener.ts) answers these URLs
 * without h3.
 */
import type { Dataset } from '../../domain/dataset.js';
import { JSON_CONTENT_TYPE } from './reply.js';
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

/** URL path -> the JSON body written by the build: categories, records, histories, safety records, published verdicts, OpenAPI and the manifests. */
export function precomputedTable(dataset: Dataset): Map<string, Precomputed> {
  const table = new Map<string, Precomputed>();
  const json = (bytes: Buffer): Precomputed => ({ bytes, contentType: JSON_CONTENT_TYPE });
  const b = dataset.bytes;
  table.set('/v1/categories', json(b.categories));
  table.set('/openapi.json', json(b.openapi));
  table.set('/.well-known/mcp.json', json(b.mcpManifest));
  table.set('/.well-known/mcp/server-card.json', json(b.mcpServerCard));
  table.set('/.well-known/ai-plugin.json', json(b.aiPluginManifest));
  for (const [slug, bytes] of b.platforms) table.set(`/v1/platforms/${slug}`, json(bytes));
  for (const [slug, bytes] of b.safety) table.set(`/v1/safety/${slug}`, json(bytes));
  for (const [slug, bytes] of b.history) table.set(`/v1/platforms/${slug}/history`, json(bytes));
  for (const [slug, bytes] of b.verdicts) table.set(`/v1/verdicts/${slug}`, json(bytes));
  return table;
}
