/**
 * The API's routes as the request listener matches them: every operation of the catalogue
 * (runtime/domain/operations/catalogue.ts) and the machine-readable files (openapi.json, the
 * MCP and plugin manifests), by their normalised path. A path template's `{name}` matches one
 * non-empty segment (e.g. /v1/platforms/{name} or /v1/platforms/{name}/history), handed back raw
 * (percent-encoded).
 */
import { OPERATIONS, type ApiOperation } from '../../domain/operations/catalogue.js';
import { bytes, type OperationResult } from '../../domain/operations/result.js';
import type { Dataset } from '../../domain/dataset.js';
import { API_PREFIX, SERVICE_PATHS } from '../../domain/contract/urls.js';

/** A route: an operation of the catalogue, or a file of the build served as it is. */
export type ApiRoute =
  | {
      kind: 'operation';
      operation: ApiOperation;
      /** The path parameters with the longest value each takes: the OpenAPI schema's maxLength (the one bound, published and enforced). */
      pathParameters: ReadonlyArray<{ name: string; maxLength: number }>;
      queryNames: readonly string[];
    }
  | { kind: 'file'; run: (dataset: Dataset) => OperationResult };

const exact = new Map<string, ApiRoute>();
/** Templated routes by the fixed parts around their one parameter, e.g. /v1/platforms/ and /history; longest suffix first. */
const templated: Array<{ prefix: string; suffix: string; route: ApiRoute }> = [];

for (const operation of OPERATIONS) {
  const route: ApiRoute = {
    kind: 'operation',
    operation,
    pathParameters: operation.parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, maxLength: Number(p.schema.maxLength) })),
    queryNames: operation.parameters.filter((p) => p.in === 'query').map((p) => p.name),
  };
  const brace = operation.path.indexOf('{');
  const close = operation.path.indexOf('}');
  if (brace < 0) exact.set(operation.path, route);
  else if (
    operation.path[brace - 1] === '/' &&
    operation.path.indexOf('{', brace + 1) < 0 &&
    (close === operation.path.length - 1 || operation.path[close + 1] === '/')
  ) {
    templated.push({ prefix: operation.path.slice(0, brace), suffix: operation.path.slice(close + 1), route });
  } else throw new Error(`${operation.path}: a route takes at most one path parameter, as a whole segment`);
}
templated.sort((a, b) => b.suffix.length - a.suffix.length);
const file = (pick: (b: Dataset['bytes']) => Buffer): ApiRoute => ({ kind: 'file', run: (dataset) => bytes(pick(dataset.bytes)) });
/** The machine-readable files served from the dataset's bytes: OpenAPI and the well-known manifests (also in the precomputed table). */
export const SERVICE_FILES: ReadonlyArray<[string, (b: Dataset['bytes']) => Buffer]> = [
  [SERVICE_PATHS.openapi, (b) => b.openapi],
  [SERVICE_PATHS.mcpManifest, (b) => b.mcpManifest],
  [SERVICE_PATHS.mcpServerCard, (b) => b.mcpServerCard],
  [SERVICE_PATHS.aiPluginManifest, (b) => b.aiPluginManifest],
];
for (const [path, pick] of SERVICE_FILES) exact.set(path, file(pick));

/**
 * The route of a normalised path (a URL's pathname), with the raw value of its path parameter; undefined when none matches.
 */
export function matchApiRoute(path: string): { route: ApiRoute; segment: string | undefined } | undefined {
  const route = exact.get(path);
  if (route) return { route, segment: undefined };
  for (const t of templated) {
    if (path.length <= t.prefix.length + t.suffix.length || !path.startsWith(t.prefix) || !path.endsWith(t.suffix)) continue;
    const segment = path.slice(t.prefix.length, path.length - t.suffix.length);
    if (!segment.includes('/')) return { route: t.route, segment };
  }
  return undefined;
}

/** True when the path may name an API route: the request listener parses only these. */
export function mayBeApiPath(path: string): boolean {
  return path.startsWith(API_PREFIX) || path === SERVICE_PATHS.openapi || path.startsWith('/.well-known/');
}
