/**
 * The API's routes as the request listener matches them: every operation of the catalogue
 * (runtime/domain/operations/catalogue.ts) and the machine-readable files (openapi.json, the
 * MCP and plugin manifests), by their normalised path. A path template's `{name}` matches one
 * non-empty segment, handed back raw (percent-encoded).
 */
import { OPERATIONS, type ApiOperation } from '../../domain/operations/catalogue.js';
import { bytes, type OperationResult } from '../../domain/operations/result.js';
import type { Dataset } from '../../domain/dataset.js';

/** A route: an operation of the catalogue, or a file of the build served as it is. */
export type ApiRoute =
  | { kind: 'operation'; operation: ApiOperation; pathNames: readonly string[]; queryNames: readonly string[] }
  | { kind: 'file'; run: (dataset: Dataset) => OperationResult };

const exact = new Map<string, ApiRoute>();
/** Templated routes by the fixed part before their one parameter, e.g. /v1/platforms/ for /v1/platforms/{name}. */
const templated = new Map<string, ApiRoute>();

for (const operation of OPERATIONS) {
  const route: ApiRoute = {
    kind: 'operation',
    operation,
    pathNames: operation.parameters.filter((p) => p.in === 'path').map((p) => p.name),
    queryNames: operation.parameters.filter((p) => p.in === 'query').map((p) => p.name),
  };
  const brace = operation.path.indexOf('{');
  if (brace < 0) exact.set(operation.path, route);
  else if (operation.path.endsWith('}') && operation.path.indexOf('{', brace + 1) < 0) templated.set(operation.path.slice(0, brace), route);
  else throw new Error(`${operation.path}: a route takes at most one path parameter, as its last segment`);
}
const file = (pick: (b: Dataset['bytes']) => Buffer): ApiRoute => ({ kind: 'file', run: (dataset) => bytes(pick(dataset.bytes)) });
exact.set('/openapi.json', file((b) => b.openapi));
exact.set('/.well-known/mcp.json', file((b) => b.mcpManifest));
exact.set('/.well-known/mcp/server-card.json', file((b) => b.mcpServerCard));
exact.set('/.well-known/ai-plugin.json', file((b) => b.aiPluginManifest));

/**
 * The route of a normalised path (a URL's pathname), with the raw value of its path parameter; undefined when none matches.
 */
export function matchApiRoute(path: string): { route: ApiRoute; segment: string | undefined } | undefined {
  const route = exact.get(path);
  if (route) return { route, segment: undefined };
  const slash = path.lastIndexOf('/');
  const prefix = path.slice(0, slash + 1);
  const segment = path.slice(slash + 1);
  const match = segment.length > 0 ? templated.get(prefix) : undefined;
  return match && { route: match, segment };
}

/** True when the path may name an API route: the request listener parses only these. */
export function mayBeApiPath(path: string): boolean {
  return path.startsWith('/v1/') || path === '/openapi.json' || path.startsWith('/.well-known/');
}
