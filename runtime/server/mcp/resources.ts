/**
 * MCP resources (docs/mcp.md "Resources"): the data an agent may read without calling a tool,
 * named by their https URLs on this service (the same bytes GET at that URL answers), so a
 * client that prefers to fetch can do so directly:
 * - `{base}/v1/categories`: the categories with their criteria;
 * - `{base}/v1/platforms/{name}` (template, listed once per platform): a platform record;
 * - `{base}/v1/safety/{name}` (template): a safety record;
 * - `{base}/methodology`: the methodology page;
 * - `{base}/open-data/<file>`: each JSON and CSV file of the open-data manifest.
 * Template variables complete to platform slugs. Each listed resource gives its `size` in bytes; one
 * larger than the served dist's resourceMaxBytes (MCP_RESOURCE_MAX_BYTES) is not read inline:
 * resources/read answers error RESOURCE_TOO_LARGE naming its size and URL to fetch (issue 40: 20
 * reads of the platforms file in one batch answered 40.8 MB).
 */
import type { Served } from '../served.js';
import type { McpKit, McpRegistry } from './sdk-kit.js';
import type { ResourceIndex } from './mcp-state.js';
import { findPlatform } from '../../domain/compute/platform-match.js';
import { LIMITS } from '../../domain/contract/parameter-rules.js';
import { apiPath } from '../../domain/contract/urls.js';
import { API_PATHS } from '../../domain/operations/catalogue.js';

/**
 * JSON-RPC error code of an unknown resource (MCP 2025-11-25 "Resources", error handling). The
 * 2026-07-28 revision answers -32602 instead; the 2.x SDK maps a thrown -32002 to it for that era.
 */
export const RESOURCE_NOT_FOUND = -32002;

/** JSON-RPC error code of a resource over the inline bound (JSON-RPC 2.0: -32000 to -32099 are the server's own errors; docs/mcp.md "Limits"). */
const RESOURCE_TOO_LARGE = -32001;

/** Most completion values returned (MCP "Completion": at most 100 per response). */
const COMPLETION_MAX = 100;

function resourceIndex(served: Served): ResourceIndex {
  let index = served.mcp.resourceIndex;
  if (!index) {
    const manifest = served.staticFiles.get('/open-data/manifest.json');
    const files = manifest ? (JSON.parse(manifest.bytes.toString('utf8')) as { files: ResourceIndex['openData'] }).files : [];
    index = {
      slugs: [...served.bySlug.keys()].sort(),
      openData: files.filter((f) => f.media_type === 'application/json' || f.media_type.startsWith('text/csv')),
    };
    served.mcp.resourceIndex = index;
  }
  return index;
}

/** Platform slugs starting with `prefix` (any case), then those containing it, each group alphabetical, at most COMPLETION_MAX. */
export function completePlatformSlugs(served: Served, prefix: string): string[] {
  if (prefix.length > LIMITS.nameMaxLength) return []; // no name is that long
  const fragment = prefix.toLowerCase();
  const slugs = resourceIndex(served).slugs;
  const starts = slugs.filter((s) => s.startsWith(fragment));
  const contains = slugs.filter((s) => !s.startsWith(fragment) && s.includes(fragment));
  return [...starts, ...contains].slice(0, COMPLETION_MAX);
}

/** Registers every resource and resource template of the served dist on `server`, with the classes of `kit` (its SDK's). */
export function registerResources(server: McpRegistry, served: Served, kit: McpKit): void {
  const { ResourceTemplate } = kit;
  const base = served.model.site.base_url;
  const json = (uri: URL, bytes: Buffer) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: bytes.toString('utf8') }] });
  const platformOf = (name: unknown) => {
    const platform = typeof name === 'string' ? findPlatform(served.index, name) : undefined;
    if (!platform) throw kit.error(RESOURCE_NOT_FOUND, `Unknown platform "${String(name).slice(0, 100)}"; resources/list names every platform record`);
    return platform;
  };
  const complete = { name: (value: string) => completePlatformSlugs(served, value) };
  /** The text of a file served at `urlPath`, within the inline bound. @throws the SDK's protocol error RESOURCE_NOT_FOUND or RESOURCE_TOO_LARGE */
  const fileText = (urlPath: string): string => {
    const found = served.staticFiles.get(urlPath);
    if (!found) throw kit.error(RESOURCE_NOT_FOUND, `${urlPath} is not available`);
    const max = served.mcp.resourceMaxBytes;
    if (found.bytes.length > max) {
      throw kit.error(
        RESOURCE_TOO_LARGE,
        `${urlPath} is ${found.bytes.length} bytes, more than the ${max} bytes resources/read returns; download it from ${base}${urlPath}`,
        { size: found.bytes.length, max, url: `${base}${urlPath}` },
      );
    }
    return found.bytes.toString('utf8');
  };

  server.registerResource(
    'categories',
    `${base}${API_PATHS.listCategories}`,
    {
      title: 'Categories',
      description: 'The five categories with platform counts and scoring criteria (keys, labels, default weights)',
      mimeType: 'application/json',
    },
    (uri) => json(uri, served.api.get(API_PATHS.listCategories)!),
  );
  server.registerResource(
    'platform-record',
    new ResourceTemplate(`${base}${API_PATHS.getPlatform}`, {
      list: () => ({
        resources: served.model.platforms.map((p) => ({
          uri: `${base}${apiPath(API_PATHS.getPlatform, p.slug)}`,
          name: p.slug,
          title: p.name,
          description: `${p.name}: sourced record (${p.category})`,
          mimeType: 'application/json',
        })),
      }),
      complete,
    }),
    {
      title: 'Platform record',
      description: "A platform's full sourced record: facts with as_of and sources, criterion scores, coverage, incidents",
      mimeType: 'application/json',
    },
    (uri, variables) => json(uri, served.api.get(apiPath(API_PATHS.getPlatform, platformOf(variables.name).slug))!),
  );
  server.registerResource(
    'safety-record',
    new ResourceTemplate(`${base}${API_PATHS.getSafetyRecord}`, { list: undefined, complete }),
    { title: 'Safety record', description: "A platform's incidents, regulatory record, security score and hack cap", mimeType: 'application/json' },
    (uri, variables) => json(uri, served.api.get(apiPath(API_PATHS.getSafetyRecord, platformOf(variables.name).slug))!),
  );
  const methodology = served.staticFiles.get('/methodology/');
  if (methodology) {
    server.registerResource(
      'methodology',
      `${base}/methodology`,
      {
        title: 'Methodology',
        description: 'How scores are computed: criteria, weights, freshness windows, evidence tiers, the coverage gate and caps (HTML)',
        mimeType: 'text/html',
        size: methodology.bytes.length,
      },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/html', text: fileText('/methodology/') }] }),
    );
  }
  for (const file of resourceIndex(served).openData) {
    const urlPath = `/open-data/${file.file}`;
    server.registerResource(
      `open-data:${file.file}`,
      `${base}${urlPath}`,
      { title: file.file, description: file.description, mimeType: file.media_type, size: file.bytes },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: file.media_type, text: fileText(urlPath) }] }),
    );
  }
}
