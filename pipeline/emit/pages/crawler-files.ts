/**
 * What search engines read: robots.txt (everything may be crawled; where the sitemap is) and
 * sitemap.xml (sitemaps.org protocol 0.9: every page of its own under the base URL, the platform
 * pages with the date their record was last checked as lastmod). Written by the build beside the pages.
 */
import type { PlatformRecord } from '../../../runtime/domain/contract/api-schemas.js';
import { CATEGORY_IDS } from '../../../runtime/domain/contract/categories.js';
import type { Site } from '../../../runtime/domain/contract/model.js';
import type { EmittedFile } from '../open-data.js';

/** The five characters XML escapes in text. */
const xmlText = (text: string): string => text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

/**
 * robots.txt and sitemap.xml.
 * @param records the platform records (their as_of is the lastmod of their page)
 * @param verdictSlugs the published comparison pages (canonical slugs)
 */
export function crawlerFiles(site: Site, records: readonly PlatformRecord[], verdictSlugs: readonly string[]): EmittedFile[] {
  const pages: Array<{ path: string; lastmod?: string }> = [
    { path: '/' },
    { path: '/methodology' },
    { path: '/open-data/' },
    { path: '/docs' },
    { path: '/savings' },
    { path: '/fees' },
    ...CATEGORY_IDS.map((id) => ({ path: `/categories/${id}` })),
    ...records.map((r) => ({ path: `/platforms/${r.slug}`, lastmod: r.as_of })),
    ...[...verdictSlugs].sort().map((slug) => ({ path: `/compare/${slug}` })),
  ];
  const urls = pages
    .map((p) => `  <url><loc>${xmlText(`${site.base_url}${p.path}`)}</loc>${p.lastmod ? `<lastmod>${p.lastmod}</lastmod>` : ''}</url>\n`)
    .join('');
  return [
    { path: 'robots.txt', contents: `User-agent: *\nAllow: /\n\nSitemap: ${site.base_url}/sitemap.xml\n` },
    {
      path: 'sitemap.xml',
      contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`,
    },
  ];
}
