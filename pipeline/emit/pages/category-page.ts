/**
 * The category page (/categories/{id}): the ranked table of the category's
 * platforms (score descending, no score last, then name: the search order),
 * with coverage, eligibility, APY for savings, and the criteria with weights.
 */
import type { CategoryId } from '../../../runtime/domain/contract/categories.js';
import type { Site } from '../../../runtime/domain/contract/model.js';
import { API_PATHS, sitePath } from '../../../runtime/domain/contract/urls.js';
import { formatPct } from '../../../runtime/domain/pages/format.js';
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
<p class="lede">${c.description} ${ranked.length} platforms, ranked by score with default weights.</p>
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="ranking"><caption>${c.label}: platforms by score (coverage gate ${methodology.coverage_gate_pct} %)</caption>
<thead><tr><th scope="col">Rank</th><th scope="col">Platform</th><th scope="col">Score</th><th scope="col">Coverage</th><th scope="col">Can be named winner</th>${savings ? html`<th scope="col">APY at USD 10,000</th>` : ''}<th scope="col">As of</th></tr></thead>
<tbody>${ranked.map((p, i) => html`<tr><td>${i + 1}</td><th scope="row"><a href="${sitePath(site, `/platforms/${p.source.slug}`)}">${p.source.name}</a></th><td>${formatPct(p.model.score_pct, 'no score')}</td><td>${formatPct(p.model.coverage)}</td><td>${p.model.eligible ? 'Yes' : 'No (under the gate)'}</td>${savings ? html`<td>${formatPct(p.model.apy, 'no sourced APY')}</td>` : ''}<td>${p.source.as_of}</td></tr>`)}</tbody>
</table></div>
${coverageNote(site, methodology.coverage_gate_pct)}
<section aria-labelledby="criteria"><h2 id="criteria">Criteria and default weights</h2>
<ul>${c.criteria.map((k) => html`<li><strong>${k.label}</strong> (weight ${k.weight}): ${k.measures}</li>`)}</ul>
<p><a href="${sitePath(site, '/methodology')}">The full methodology</a> · <a href="${sitePath(site, `${API_PATHS.search}?category=${id}`)}">This list as JSON</a> · <a href="${sitePath(site, `/open-data/${id}.csv`)}">This category as CSV</a></p>
</section>`;
  return pageDocument({
    site,
    title: c.label,
    description: `${c.label}: ${ranked.length} platforms ranked by a published, sourced methodology`,
    path: `/categories/${id}`,
    alternateJson: sitePath(site, `${API_PATHS.search}?category=${id}`),
    main,
  });
}
