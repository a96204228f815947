/**
 * The dataset the operations answer from: the runtime model of a build
 * (contract/model.ts) with its lookup tables, and the precomputed API bodies
 * by URL path. The server loads it from dist/ (runtime/server/served.ts);
 * nothing here reads files.
 */
import type { CategoryId } from './contract/categories.js';
import type { ModelCriterion, ModelPlatform, ModelProfile, RuntimeModel } from './contract/model.js';
import { buildPlatformIndex, type PlatformIndex } from './compute/platform-match.js';

/** A loaded build: the model, its indexes, and the exact bytes of each precomputed API body. */
export interface Dataset {
  model: RuntimeModel;
  /** Names, aliases and slugs to platforms, for lookups and suggestions (compute/platform-match.ts). */
  index: PlatformIndex;
  bySlug: Map<string, ModelPlatform>;
  criteria: Map<CategoryId, ModelCriterion[]>;
  profiles: Map<CategoryId, ModelProfile[]>;
  /**
   * The precomputed API bodies as the build wrote them, by URL path (e.g. /v1/platforms/kraken, /v1/categories): every
   * precomputed operation's answers (contract/dist-layout.ts apiBodyFile), found by its path template and contract/urls.ts apiPath.
   */
  api: ReadonlyMap<string, Buffer>;
  /** The machine-readable files beside the API, as the build wrote them. */
  bytes: {
    openapi: Buffer;
    mcpManifest: Buffer;
    mcpServerCard: Buffer;
    aiPluginManifest: Buffer;
  };
}

/** The dataset of a runtime model and the precomputed bodies written with it: indexes by slug, name and category made once. */
export function datasetOf(model: RuntimeModel, api: Dataset['api'], bytes: Dataset['bytes']): Dataset {
  return {
    model,
    index: buildPlatformIndex(model.platforms),
    bySlug: new Map(model.platforms.map((p) => [p.slug, p])),
    criteria: new Map(model.categories.map((c) => [c.id, c.criteria])),
    profiles: new Map(model.categories.map((c) => [c.id, c.profiles])),
    api,
    bytes,
  };
}
