/**
 * The runtime's in-memory copy of dist/: the precomputed response bytes and the
 * runtime model (search index and calculator inputs). Loaded once at start and on
 * each reload; the runtime never reads sources/. Before a dist is served it is
 * checked against its build manifest (runtime/domain/contract/build-manifest.ts): every
 * listed file must exist with its size, and every file loaded here must match its
 * SHA-256; anything else refuses the dist (at start: no start; on reload: the old
 * one keeps serving). dist/ is resolved once, so all of a served dist comes from one build.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RuntimeModelSchema } from '../domain/contract/model.js';
import { BUILD_MANIFEST_FILE, BuildManifestSchema, sha256Hex, type BuildManifest } from '../domain/contract/build-manifest.js';
import { StaticFiles } from './static-files.js';
import { newComputedCache, type ComputedCache } from './http/computed-cache.js';
import { precomputedTable, type Precomputed } from './http/precomputed-table.js';
import { newMcpState, type McpState } from './mcp/mcp-state.js';
import { apiBodyPath, DIST_LAYOUT } from '../domain/contract/dist-layout.js';
import { datasetOf, type Dataset } from '../domain/dataset.js';

/**
 * One loaded dist/, everything the server answers from, built once at load and swapped whole
 * on reload (nothing is kept beside it in tables keyed by it): the dataset the operations
 * answer from, the precomputed bodies by URL, the site's static files, the cache of computed
 * bodies, and the MCP endpoint's state.
 */
export interface Served extends Dataset {
  /** Exact URL path -> precomputed JSON body (http/precomputed-table.ts), for the fast path. */
  precomputed: Map<string, Precomputed>;
  /** Pages, their assets and the open-data files by URL path, read on first use (runtime/server/static-files.ts). */
  staticFiles: StaticFiles;
  /** Computed bodies by request target (http/computed-cache.ts); starts empty. */
  computedCache: ComputedCache;
  /** Server pool, tools/call answers, resource index (mcp/mcp-state.ts); starts empty. */
  mcp: McpState;
  /** The build folder this was loaded from (dist/ resolved at load): the static files are read from it. */
  root: string;
}

/**
 * Every precomputed API body the build listed in its manifest (the files under api/), by URL path
 * (contract/dist-layout.ts apiBodyPath), each checked by `verify`. Read synchronously: one promise per file
 * opened every file at once (EMFILE at about 20,000 files, i.e. 10,000 platforms), and for thousands of
 * small files a synchronous loop is several times faster than the thread pool.
 */
function apiBodies(root: string, manifest: BuildManifest, verify: (rel: string, bytes: Buffer) => Buffer): Map<string, Buffer> {
  const bodies = new Map<string, Buffer>();
  for (const file of Object.keys(manifest.files).sort()) {
    const urlPath = apiBodyPath(file);
    if (urlPath !== undefined) bodies.set(urlPath, verify(file, readFileSync(path.join(root, file))));
  }
  return bodies;
}

/**
 * The build manifest of a build folder, after checking that every file it lists is there with its size.
 * @throws Error naming the manifest or up to five files that are missing or of another size
 */
function checkedManifest(root: string): BuildManifest {
  let manifest: BuildManifest;
  try {
    manifest = BuildManifestSchema.parse(JSON.parse(readFileSync(path.join(root, BUILD_MANIFEST_FILE), 'utf8')));
  } catch (error) {
    throw new Error(
      `${BUILD_MANIFEST_FILE} is missing or unreadable (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): build dist/ again`,
    );
  }
  const bad: string[] = [];
  for (const [file, entry] of Object.entries(manifest.files)) {
    const size = statSync(path.join(root, file), { throwIfNoEntry: false })?.size;
    if (size !== entry.bytes) bad.push(size === undefined ? `${file} is missing` : `${file} has ${size} bytes, the build wrote ${entry.bytes}`);
    if (bad.length === 5) break;
  }
  if (bad.length) throw new Error(`dist/ does not match its ${BUILD_MANIFEST_FILE}: ${bad.join('; ')}`);
  return manifest;
}

/** Settings of a served dist that come from the runtime's configuration, not from dist/. */
export interface ServedSettings {
  /** MCP_RESOURCE_MAX_BYTES (mcp/mcp-state.ts); absent: its default. */
  mcpResourceMaxBytes?: number;
}

/**
 * Loads dist/ into memory, checked against its build manifest.
 * @throws Error when the manifest is missing, a listed file is missing or of another size, a loaded file
 *   does not match its SHA-256, or the runtime model does not match its schema (a broken dist/)
 */
export async function loadServed(distDir: string, settings: ServedSettings = {}): Promise<Served> {
  const root = realpathSync(distDir);
  const manifest = checkedManifest(root);
  const verify = (rel: string, bytes: Buffer): Buffer => {
    const entry = manifest.files[rel];
    if (!entry || entry.bytes !== bytes.length || entry.sha256 !== sha256Hex(bytes)) throw new Error(`dist/${rel} does not match its ${BUILD_MANIFEST_FILE}`);
    return bytes;
  };
  const read = async (rel: string) => verify(rel, await readFile(path.join(root, rel)));
  const [modelBytes, openapi, mcpManifest, mcpServerCard, aiPluginManifest] = await Promise.all([
    read(DIST_LAYOUT.runtimeModel),
    read(DIST_LAYOUT.openapi),
    read(DIST_LAYOUT.mcpManifest),
    read(DIST_LAYOUT.mcpServerCard),
    read(DIST_LAYOUT.aiPluginManifest),
  ]);
  const model = RuntimeModelSchema.parse(JSON.parse(modelBytes.toString('utf8')));
  const dataset = datasetOf(model, apiBodies(root, manifest, verify), { openapi, mcpManifest, mcpServerCard, aiPluginManifest });
  return {
    ...dataset,
    precomputed: precomputedTable(dataset),
    staticFiles: new StaticFiles(root, manifest.files),
    computedCache: newComputedCache(),
    mcp: newMcpState(settings.mcpResourceMaxBytes),
    root,
  };
}
