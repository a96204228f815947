/**
 * Every HTML page of the site and its assets, as files under dist/ in the
 * directory-index layout any static host serves (/platforms/kraken ->
 * platforms/kraken/index.html): landing page, one page per platform, category
 * and published verdict, the methodology, the open-data page, the API
 * reference and the error types, with robots.txt and sitemap.xml. The runtime serves the same
 * files (runtime/server/static-files.ts).
 */
import { CATEGORY_IDS } from '../../../runtime/domain/contract/categories.js';
import type { PlatformRecord } from '../../../runtime/domain/contract/api-schemas.js';
import type { VerdictResponse } from '../../../runtime/domain/contract/comparison-schemas.js';
import type { Site } from '../../../runtime/domain/contract/model.js';
import { apiPath } from '../../../runtime/domain/contract/urls.js';
import { API_PATHS } from '../../../runtime/domain/operations/catalogue.js';
import type { PlatformHistoryResponse } from '../../../runtime/domain/contract/history-schemas.js';
import { comparePageHtml } from '../../../runtime/domain/pages/compare-page.js';
import type { Methodology } from '../../../runtime/domain/sources/methodology-schema.js';
import type { ScoredPlatform } from '../../score/score-dataset.js';
import type { EmittedFile, Manifest } from '../open-data.js';
import { categoryPageHtml } from './category-page.js';
import { crawlerFiles } from './crawler-files.js';
import { docsFiles } from './docs-page.js';
import { indexPageHtml } from './index-page.js';
import { methodologyPageHtml } from './methodology-page.js';
import { openDataPageHtml } from './open-data-page.js';
import { platformPageHtml } from './platform-page.js';
import { problemPages } from './problem-pages.js';

const page = (dir: string, htmlText: string): EmittedFile => ({ path: dir ? `${dir}/index.html` : 'index.html', contents: htmlText });

/** All pages and assets. `scored` and `records` are in rank order; `verdicts` keyed by canonical slug. */
export function sitePages(
  site: Site,
  methodology: Methodology,
  scored: readonly ScoredPlatform[],
  records: readonly PlatformRecord[],
  verdicts: ReadonlyMap<string, VerdictResponse>,
  manifest: Manifest,
  openapi: Parameters<typeof docsFiles>[1],
  histories: ReadonlyMap<string, PlatformHistoryResponse>,
): EmittedFile[] {
  const comparisonsOf = new Map<string, Array<[string, string]>>();
  for (const [slug, v] of verdicts) {
    for (const p of v.products) {
      const list = comparisonsOf.get(p.slug) ?? [];
      list.push([slug, v.title]);
      comparisonsOf.set(p.slug, list);
    }
  }
  return [
    page('', indexPageHtml(site, methodology, scored)),
    page('methodology', methodologyPageHtml(site, methodology)),
    page('open-data', openDataPageHtml(site, manifest)),
    ...docsFiles(site, openapi),
    ...problemPages(site),
    ...CATEGORY_IDS.map((id) =>
      page(
        `categories/${id}`,
        categoryPageHtml(
          site,
          methodology,
          id,
          scored.filter((p) => p.source.category === id),
        ),
      ),
    ),
    ...records.map((r) => page(`platforms/${r.slug}`, platformPageHtml(site, r, comparisonsOf.get(r.slug) ?? [], histories.get(r.slug)!, methodology))),
    ...[...verdicts].map(([slug, v]) =>
      page(`compare/${slug}`, comparePageHtml(site, v, v.title, apiPath(API_PATHS.getVerdict, slug), methodology.coverage_gate_pct)),
    ),
    ...crawlerFiles(site, records, [...verdicts.keys()]),
  ];
}
