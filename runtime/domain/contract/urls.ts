/**
 * Public URLs of the service, all under the site's base URL (README "page URLs").
 * Shared by the build and the runtime (compare pages).
 */
import type { Site } from './model.js';
import type { CategoryId } from './categories.js';
import { byCodeUnits, sortFew } from '../primitives/sort-few.js';

export const platformPageUrl = (site: Site, slug: string): string => `${site.base_url}/platforms/${slug}`;
export const comparePageUrl = (site: Site, verdictSlug: string): string => `${site.base_url}/compare/${verdictSlug}`;
export const categoryPageUrl = (site: Site, id: CategoryId): string => `${site.base_url}/categories/${id}`;
export const platformJsonUrl = (site: Site, slug: string): string => `${site.base_url}/v1/platforms/${slug}`;
export const platformHistoryUrl = (site: Site, slug: string): string => `${site.base_url}/v1/platforms/${slug}/history`;

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
