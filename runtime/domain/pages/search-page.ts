/**
 * The site's search page (/search?query=...): platforms whose name, alias or slug contains the
 * text, those that can be named winner first, each with its score range, linked to its page; the same search as GET /v1/platforms, rendered
 * on request for people and working without script (the form in every page's header sends it).
 */
import type { SearchResponse } from '../contract/api-schemas.js';
import type { Site } from '../contract/model.js';
import { sitePath } from '../contract/urls.js';
import { asOfLabel, formatPct, formatScoreRange, humanize } from './format.js';
import { html } from './html.js';
import { pageDocument } from './layout.js';
import { coverageNote } from './coverage-note.js';

/**
 * A whole search page.
 * @param result the search answer for the query, or null when no query was given (the form only)
 * @param gatePct the coverage gate in percent (methodology.yaml coverage_gate_pct), explained under the results
 * @param jsonPath the path of the same search in the API (GET /v1/platforms: operations/catalogue.ts API_PATHS), linked under the results
 */
export function searchPageHtml(site: Site, result: SearchResponse | null, gatePct: number, jsonPath: string): string {
  const query = result?.query ?? '';
  const body =
    result === null
      ? html`<p>Type part of a platform's name or of a name people use for it, e.g. <code>ledger</code> or <code>schwab</code>.</p>`
      : result.count === 0
        ? html`<p>No platform's name, alias or slug contains “${query}”. Every category page lists all of its platforms: start from the <a href="${sitePath(site, '/')}">home page</a>.</p>`
        : html`<p>${result.count} of ${result.total} platform${result.total === 1 ? '' : 's'} whose name, alias or slug contains “${query}”: those that can be named winner first, best score first, then those under the coverage gate.</p>
<ul class="search-results">${result.results.map((p) => html`<li><a href="${sitePath(site, `/platforms/${p.slug}`)}">${p.name}</a>: ${humanize(p.category)}, score ${formatScoreRange(p.score_pct, p.score_low_pct, p.score_high_pct, 'none')}, coverage ${formatPct(p.coverage)}${p.eligible ? '' : ' (under the coverage gate: not ranked)'}${p.apy !== undefined ? `, APY ${formatPct(p.apy)} (${asOfLabel(p.apy_as_of, p.apy_stale)})` : ''}, newest fact as of ${p.as_of}</li>`)}</ul>
${coverageNote(site, gatePct)}
<p><a href="${sitePath(site, `${jsonPath}?query=${encodeURIComponent(query)}`)}">These results as JSON</a></p>`;
  return pageDocument({
    site,
    title: result === null ? 'Search' : `Search: ${query}`,
    description: 'Find a platform by its name or a name people use for it',
    main: html`<h1>${result === null ? 'Search platforms' : html`Platforms matching “${query}”`}</h1>
${body}`,
  });
}
