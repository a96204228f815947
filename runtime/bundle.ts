/**
 * The runtime's in-memory copy of dist/: the precomputed response bytes and the
 * runtime model (search index and calculator inputs). Loaded once at start; the
 * runtime never reads sources/.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CategoryId } from './contract/categories.js';
import { RuntimeModelSchema, type ModelCriterion, type ModelPlatform, type ModelProfile, type RuntimeModel } from './contract/model.js';
import { buildPlatformIndex, type PlatformIndex } from './compute/platform-match.js';
import { StaticFiles } from './static-files.js';

/** Layout of dist/ shared by the pipeline (writer) and the runtime (reader). */
export const DIST_LAYOUT = {
  categories: 'api/v1/categories.json',
  platformsDir: 'api/v1/platforms',
  safetyDir: 'api/v1/safety',
  verdictsDir: 'api/v1/verdicts',
  runtimeModel: 'runtime-model.json',
  openapi: 'openapi.json',
  mcpManifest: '.well-known/mcp.json',
  aiPluginManifest: '.well-known/ai-plugin.json',
  logo: 'logo.svg',
} as const;

export interface Bundle {
  model: RuntimeModel;
  index: PlatformIndex;
  bySlug: Map<string, ModelPlatform>;
  criteria: Map<CategoryId, ModelCriterion[]>;
  profiles: Map<CategoryId, ModelProfile[]>;
  bytes: {
    categories: Buffer;
    openapi: Buffer;
    mcpManifest: Buffer;
    aiPluginManifest: Buffer;
    platforms: Map<string, Buffer>;
    safety: Map<string, Buffer>;
    verdicts: Map<string, Buffer>;
  };
  /** Pages, their assets and the open-data files by URL path, read on first use (runtime/static-files.ts). */
  staticFiles: StaticFiles;
}

/**
 * The JSON files of a folder by name without `.json`. Read synchronously: one promise per file
 * opened every file at once (EMFILE at about 20,000 files, i.e. 10,000 platforms), and for
 * thousands of small files a synchronous loop is several times faster than the thread pool.
 */
async function readJsonFolder(dir: string): Promise<Map<string, Buffer>> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return new Map(files.map((f) => [f.slice(0, -5), readFileSync(path.join(dir, f))] as const));
}

/**
 * Loads dist/ into memory.
 * @throws Error when a file is missing or the runtime model does not match its schema (a broken dist/)
 */
export async function loadBundle(distDir: string): Promise<Bundle> {
  const read = (rel: string) => readFile(path.join(distDir, rel));
  const [modelBytes, categories, openapi, mcpManifest, aiPluginManifest, platforms, safety, verdicts] = await Promise.all([
    read(DIST_LAYOUT.runtimeModel),
    read(DIST_LAYOUT.categories),
    read(DIST_LAYOUT.openapi),
    read(DIST_LAYOUT.mcpManifest),
    read(DIST_LAYOUT.aiPluginManifest),
    readJsonFolder(path.join(distDir, DIST_LAYOUT.platformsDir)),
    readJsonFolder(path.join(distDir, DIST_LAYOUT.safetyDir)),
    readJsonFolder(path.join(distDir, DIST_LAYOUT.verdictsDir)),
  ]);
  const model = RuntimeModelSchema.parse(JSON.parse(modelBytes.toString('utf8')));
  return {
    model,
    index: buildPlatformIndex(model.platforms),
    bySlug: new Map(model.platforms.map((p) => [p.slug, p])),
    criteria: new Map(model.categories.map((c) => [c.id, c.criteria])),
    profiles: new Map(model.categories.map((c) => [c.id, c.profiles])),
    bytes: { categories, openapi, mcpManifest, aiPluginManifest, platforms, safety, verdicts },
    staticFiles: new StaticFiles(distDir),
  };
}
