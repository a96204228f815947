/**
 * The category page (/categories/{id}): the table of the category's platforms in
 * the search order (those that can be named winner ranked by score, then those
 * under the gate, unranked, with the reason), each score with its range, coverage,
 * APY for savings with its own date, the record's newest-fact date, and the
 * criteria with weights.
 */
import type { CategoryId } from '../../../runtime/domain/contract/categories.js';
import type { Site } from '../../../runtime/domain/contract/model.js';
import { sitePath } from '../../../runtime/domain/contract/urls.js';
import { API_PATHS } from '../../../runtime/domain/operations/catalogue.js';
import { asOfLabel, formatPct, formatScoreRange } from '../../../runtime/domain/pages/format.js';
import { html } from '../../../runtime/domain/pages/html.js';
import { pageDocument } from '../../../runtime/domain/pages/layout.js';
import { coverageNote } from '../../../runtime/domain/pages/coverage-note.js';
import type { Methodology } from '../../../runtime/domain/sources/methodology-schema.js';
import type { ScoredPlatform } from '../../score/score-dataset.js';

/**
 * The whole page.
 * @param ranked the category's platforms in rank order
 */
export function categoryPageHtml(site: Site, methodology: Methodology, id: CategoryId, ranked: readonly ScoredPlatform[]): string {
  const c = methodology.categories[id];
  const savings = id === 'high-yield-savings';
  const main = html`<h1>${c.label}</h1>
<p class="lede">${c.description} ${ranked.length} platforms: those with enough data to be named winner ranked by score with default weights, then those under the coverage gate, unranked.</p>
<p>The range beside a score is what the score could be once missing criteria, unknown facts and figures older than their freshness window are settled (<a href="${sitePath(site, '/methodology')}#score-ranges">how ranges are computed</a>).</p>
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="ranking"><caption>${c.label}: platforms by score (coverage gate ${methodology.coverage_gate_pct} %)</caption>
<thead><tr><th scope="col">Rank</th><th scope="col">Platform</th><th scope="col">Score (range)</th><th scope="col">Coverage</th><th scope="col">Can be named winner</th>${savings ? html`<th scope="col">APY at USD 10,000 (its date)</th>` : ''}<th scope="col">Newest fact</th></tr></thead>
<tbody>${ranked.map((p) => html`<tr${p.model.overlaps_previous ? html` class="overlaps"` : ''}><td>${p.model.rank ?? 'not ranked'}</td><th scope="row"><a href="${sitePath(site, `/platforms/${p.source.slug}`)}">${p.source.name}</a></th><td>${formatScoreRange(p.model.score_pct, p.model.score_low_pct, p.model.score_high_pct)}${p.model.overlaps_previous ? html`<br><small>overlaps the row above by more than the too-close margin: the data does not settle their order</small>` : ''}</td><td>${formatPct(p.model.coverage)}</td><td>${p.model.eligible ? 'Yes' : `No: ${p.model.rank_note.replace(/^Not ranked: /, '')}`}</td>${savings ? html`<td>${formatPct(p.model.apy, 'no sourced APY')}${p.model.savings ? html`<br><small>${asOfLabel(p.model.savings.as_of, p.model.savings.stale)}</small>` : ''}</td>` : ''}<td>${p.source.as_of}</td></tr>`)}</tbody>
</table></div>
${coverageNote(site, methodology.coverage_gate_pct)}
<section aria-labelledby="criteria"><h2 id="criteria">Criteria and default weights</h2>
<ul>${c.criteria.map((k) => html`<li><strong>${k.label}</strong> (weight ${k.weight}): ${k.measures}</li>`)}</ul>
<p><a href="${sitePath(site, '/methodology')}">The full methodology</a> · <a href="${sitePath(site, `${API_PATHS.searchPlatforms}?category=${id}`)}">This list as JSON</a> · <a href="${sitePath(site, `/open-data/${id}.csv`)}">This category as CSV</a></p>
</section>`;
  return pageDocument({
    site,
    title: c.label,
    description: `${c.label}: ${ranked.length} platforms ranked by a published, sourced methodology`,
    path: `/categories/${id}`,
    alternateJson: sitePath(site, `${API_PATHS.searchPlatforms}?category=${id}`),
    main,
  });
}
