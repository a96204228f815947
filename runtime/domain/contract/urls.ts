/**
 * Public URLs of the service, all under the site's base URL (README "page URLs").
 * Shared by the build and the runtime (compare pages).
 */
import type { Site } from './model.js';
import type { CategoryId } from './categories.js';
import { byCodeUnits, sortFew } from '../primitives/sort-few.js';
import { DIST_LAYOUT } from './dist-layout.js';

/**
 * The path of each API operation (an OpenAPI path template; a `{...}` is one path segment), defined
 * once: the catalogue (operations/catalogue.ts) gives each to its operation, from which the server
 * routes and counts requests (runtime/server/http/api-routes.ts, metrics.ts); pages, the build and
 * the precomputed table make their links and keys from the same constants with apiPath. Here in
 * contract/ so pages may import them (docs/architecture.md "Layers of the domain").
 */
export const API_PATHS = {
  categories: '/v1/categories',
  search: '/v1/platforms',
  platform: '/v1/platforms/{name}',
  platformHistory: '/v1/platforms/{name}/history',
  changes: '/v1/changes',
  compare: '/v1/compare',
  verdict: '/v1/verdicts/{slug}',
  safety: '/v1/safety/{name}',
  savingsInterest: '/v1/savings-interest',
  fees: '/v1/fees',
  methodology: '/v1/methodology',
} as const;

/** A path template of API_PATHS with one `{...}` segment. */
type TemplatedPath = Extract<(typeof API_PATHS)[keyof typeof API_PATHS], `${string}{${string}}${string}`>;

/**
 * The path of one resource: a template of API_PATHS with its `{...}` segment set to `value`, inserted as
 * given (slugs are URL-safe), e.g. apiPath(API_PATHS.platformHistory, 'kraken') -> /v1/platforms/kraken/history.
 */
export const apiPath = (template: TemplatedPath, value: string): string => template.replace(/\{[^}]+\}/, () => value);

/**
 * The MCP endpoint and the machine-readable files beside the API: OpenAPI document, MCP manifest and
 * server card, plugin manifest (README "GET /openapi.json" and "MCP endpoint for AI agents"), each file at the URL of its place in dist/.
 */
export const SERVICE_PATHS = {
  mcp: '/mcp',
  openapi: `/${DIST_LAYOUT.openapi}`,
  mcpManifest: `/${DIST_LAYOUT.mcpManifest}`,
  mcpServerCard: `/${DIST_LAYOUT.mcpServerCard}`,
  aiPluginManifest: `/${DIST_LAYOUT.aiPluginManifest}`,
} as const;

export const platformPageUrl = (site: Site, slug: string): string => `${site.base_url}/platforms/${slug}`;
export const comparePageUrl = (site: Site, verdictSlug: string): string => `${site.base_url}/compare/${verdictSlug}`;
export const categoryPageUrl = (site: Site, id: CategoryId): string => `${site.base_url}/categories/${id}`;
export const platformJsonUrl = (site: Site, slug: string): string => `${site.base_url}${apiPath(API_PATHS.platform, slug)}`;
export const platformHistoryUrl = (site: Site, slug: string): string => `${site.base_url}${apiPath(API_PATHS.platformHistory, slug)}`;

/** Canonical comparison slug: the platform slugs in alphabetical order joined by `-vs-`. */
export const comparisonSlug = (slugs: readonly string[]): string => sortFew([...slugs], byCodeUnits).join('-vs-');

/**
 * A root-relative link to a page of the site, keeping any path prefix of the base URL
 * (base https://example.org/data -> /data/platforms/x), so pages work on any host.
 */
export const sitePath = (site: Site, pathname: string): string => `${new URL(site.base_url).pathname.replace(/\/$/, '')}${pathname}`;

/** True when a base URL names this machine (localhost, *.localhost, 127.0.0.0/8, ::1): the development default, an address for no one else. */
export function isLocalHost(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
}
