/**
 * Public URLs of the service, all under the site's base URL (README "page URLs").
 * Shared by the build and the runtime (compare pages).
 */
import type { Site } from './model.js';
import type { CategoryId } from './categories.js';
import { byCodeUnits, sortFew } from '../primitives/sort-few.js';
import { DIST_LAYOUT } from './dist-layout.js';

/** The prefix of every API operation's path (operations/catalogue.ts): the version of the REST API. */
export const API_PREFIX = '/v1/';

/**
 * The path of one resource: an operation's path template (operations/catalogue.ts API_PATHS) with its one `{...}`
 * segment set to `value`, inserted as given (slugs are URL-safe), e.g. apiPath('/v1/platforms/{name}/history', 'kraken')
 * -> /v1/platforms/kraken/history.
 * @throws Error when the template has no `{...}` segment
 */
export function apiPath(template: string, value: string): string {
  const path = template.replace(/\{[^}]+\}/, () => value);
  if (path === template) throw new Error(`${template} is not a path template with a {parameter}`);
  return path;
}

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
