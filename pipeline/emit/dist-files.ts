/**
 * Everything the build writes to dist/, as (path, bytes, schema) entries:
 * the REST bodies, the runtime model, openapi.json and the open-data files.
 */
import { CATEGORY_IDS } from '../../runtime/domain/contract/categories.js';
import { RuntimeModelSchema, type RuntimeModel, type Site } from '../../runtime/domain/contract/model.js';
import { apiBodyFile, DIST_LAYOUT } from '../../runtime/domain/contract/dist-layout.js';
import { apiPath } from '../../runtime/domain/contract/urls.js';
import { apiRegistry } from '../../runtime/domain/contract/api-schemas.js';
import { API_PATHS, OPERATIONS, type OperationId } from '../../runtime/domain/operations/catalogue.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import { modelCriteria, type ScoredPlatform } from '../score/score-dataset.js';
import { categoriesBody, platformBody, safetyBody, verdictBodies } from './api-bodies.js';
import { standaloneSchema } from './component-schemas.js';
import { openApiDocument } from './openapi.js';
import { aiPluginManifest, LOGO_SVG, mcpManifest, serverCard } from './manifests.js';
import { AiPluginManifestSchema, McpManifestSchema, ServerCardSchema } from '../../runtime/domain/contract/manifests.js';
import { openDataFiles, type EmittedFile } from './open-data.js';
import { jsonFile, prettyJson } from './json-file.js';
import { changeFeed, feedEvents } from './changes.js';
import { eventsBySlug, platformHistoryBody } from './history-bodies.js';
import { sitePages } from './pages/site-pages.js';
import type { SourceHistory } from '../history/source-history.js';

/**
 * A precomputed answer of a catalogue operation (result.precomputed): its body at the file of its URL path
 * (contract/dist-layout.ts apiBodyFile, where the runtime finds it by URL), compact, checked against the
 * operation's result schema (its OpenAPI component).
 * @param value the path parameter's value (a slug), or undefined for a path without one
 */
function apiBody(operationId: OperationId, value: string | undefined, body: unknown): EmittedFile {
  const operation = OPERATIONS.find((o) => o.operationId === operationId)!;
  const template = API_PATHS[operationId];
  const component = apiRegistry.get(operation.result.schema)!.id;
  return jsonFile(apiBodyFile(value === undefined ? template : apiPath(template, value)), body, { component }, 'compact');
}

/**
 * Every output file of a build, in a stable order, in groups as they are made
 * (so that a writer can store one group while the next is computed).
 * @param history the history of the sources (pipeline/history/source-history.ts)
 * @param assets the asset files `site.assets` names (emit/site-assets.ts, made with the site)
 */
export function* distFileGroups(
  site: Site,
  methodology: Methodology,
  scored: readonly ScoredPlatform[],
  history: SourceHistory,
  assets: readonly EmittedFile[],
): Generator<EmittedFile[]> {
  const records = scored.map((p) => platformBody(site, p));
  // the changes GET /v1/changes lists and the feed files show, made once
  const feed = feedEvents(history);
  const openapi = openApiDocument(site);
  yield [
    // first: the output check looks the REST bodies' schemas up in it (validate-output.ts)
    { path: DIST_LAYOUT.openapi, contents: prettyJson(openapi) },
    apiBody('listCategories', undefined, categoriesBody(site, methodology, scored)),
    ...records.map((r) => apiBody('getPlatform', r.slug, r)),
  ];
  yield scored.map((p) => apiBody('getSafetyRecord', p.source.slug, safetyBody(site, p)));
  const verdicts = verdictBodies(site, methodology, scored);
  const model: RuntimeModel = {
    site,
    rules: { coverage_gate_pct: methodology.coverage_gate_pct, too_close: methodology.too_close },
    categories: CATEGORY_IDS.map((id) => ({ id, criteria: modelCriteria(methodology, id), profiles: methodology.categories[id].profiles ?? [] })),
    platforms: scored.map((p) => p.model),
    history: history.status,
    changes: feed,
  };
  yield [
    ...[...verdicts].map(([slug, v]) => apiBody('getVerdict', slug, v)),
    jsonFile(DIST_LAYOUT.runtimeModel, model, { standalone: standaloneSchema(RuntimeModelSchema, 'runtime-model', 'Runtime model') }, 'compact'),
    jsonFile(DIST_LAYOUT.mcpManifest, mcpManifest(site), { standalone: standaloneSchema(McpManifestSchema, 'mcp-manifest', 'MCP manifest') }, 'pretty'),
    jsonFile(
      DIST_LAYOUT.mcpServerCard,
      serverCard(site),
      { standalone: standaloneSchema(ServerCardSchema, 'mcp-server-card', 'MCP server card (MCP registry server.json)') },
      'pretty',
    ),
    jsonFile(
      DIST_LAYOUT.aiPluginManifest,
      aiPluginManifest(site),
      { standalone: standaloneSchema(AiPluginManifestSchema, 'ai-plugin-manifest', 'Plugin manifest') },
      'pretty',
    ),
    { path: DIST_LAYOUT.logo, contents: LOGO_SVG },
  ];
  const bySlug = eventsBySlug(history);
  const histories = new Map(records.map((r) => [r.slug, platformHistoryBody(site, r, history, bySlug.get(r.slug) ?? [])]));
  yield [...histories].map(([slug, body]) => apiBody('getPlatformHistory', slug, body));
  const openData = openDataFiles(site, records, changeFeed(site, history, feed), history);
  yield openData.files;
  yield [...assets, ...sitePages(site, methodology, scored, records, verdicts, openData.manifest, openapi, histories)];
}

/** Every output file of a build, in a stable order (distFileGroups, flattened). */
export function distFiles(...args: Parameters<typeof distFileGroups>): EmittedFile[] {
  return [...distFileGroups(...args)].flat();
}
