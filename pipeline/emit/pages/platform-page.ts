/**
 * The platform page (/platforms/{slug}): summary, overall score and coverage,
 * each criterion's score with its rationale and its sources next to it, the
 * facts with as_of, the incidents and the regulatory record, licences, the history
 * (history-section.ts), links to the JSON record and to the published comparisons it appears in.
 */
import type { PlatformRecord } from '../../../runtime/domain/contract/api-schemas.js';
import type { Site } from '../../../runtime/domain/contract/model.js';
import { apiPath, sitePath } from '../../../runtime/domain/contract/urls.js';
import { API_PATHS } from '../../../runtime/domain/operations/catalogue.js';
import { formatPct, formatUsd, humanize } from '../../../runtime/domain/pages/format.js';
import { html, type SafeHtml } from '../../../runtime/domain/pages/html.js';
import { pageDocument, sourceLinks } from '../../../runtime/domain/pages/layout.js';
import { incidentTimeline } from '../../../runtime/domain/pages/incident-timeline.js';
import { factGroupHtml } from './fact-html.js';
import { historySection } from './history-section.js';
import type { PlatformHistoryResponse } from '../../../runtime/domain/contract/history-schemas.js';
import type { Methodology } from '../../../runtime/domain/sources/methodology-schema.js';
import { coverageNote } from '../../../runtime/domain/pages/coverage-note.js';

type Incident = PlatformRecord['incidents'][number];

function incidentTable(caption: string, incidents: readonly Incident[]): SafeHtml {
  if (incidents.length === 0) return html`<p>${caption}: none on record.</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="incidents"><caption>${caption}, oldest first</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Class</th><th scope="col">What happened</th><th scope="col">Amount</th><th scope="col">Customers made whole</th><th scope="col">Sources</th></tr></thead>
<tbody>${incidents.map((i) => html`<tr><td>${i.date}</td><td>${humanize(i.class)}</td><td><strong>${i.title}</strong><br>${i.summary}</td><td>${i.amount_usd === undefined ? 'not stated' : formatUsd(i.amount_usd)}</td><td>${i.customers_made_whole === undefined ? 'not known' : i.customers_made_whole ? 'Yes' : 'No'}</td><td>${sourceLinks(i.sources)}</td></tr>`)}</tbody>
</table></div>`;
}

/**
 * The whole page.
 * @param comparisons published verdicts this platform is in: [verdict slug, title]
 * @param history the platform's history (GET /v1/platforms/{slug}/history)
 * @param methodology the coverage gate (explained beside the coverage) and the APY freshness window (where the history chart stops a rate)
 */
export function platformPageHtml(
  site: Site,
  r: PlatformRecord,
  comparisons: ReadonlyArray<[string, string]>,
  history: PlatformHistoryResponse,
  methodology: Methodology,
): string {
  const regulatory = r.incidents.filter((i) => i.class === 'regulatory_action');
  const others = r.incidents.filter((i) => i.class !== 'regulatory_action');
  const main = html`<h1>${r.name}</h1>
${r.summary ? html`<p class="lede">${r.summary}</p>` : ''}
<p>Category: <a href="${sitePath(site, `/categories/${r.category}`)}">${humanize(r.category)}</a> · Website: <a href="${r.website}" rel="nofollow">${r.website}</a> · Newest fact as of ${r.as_of} (each score and fact below has its own date)</p>
<section aria-labelledby="score"><h2 id="score">Score</h2>
<dl class="score-box">
<dt>Overall score</dt><dd><strong>${formatPct(r.score_pct, 'no score (no sourced data)')}</strong></dd>
${r.score_low_pct === null ? '' : html`<dt>Score range</dt><dd>${formatPct(r.score_low_pct)} to ${formatPct(r.score_high_pct)}: what the score could be once missing criteria, unknown facts and figures older than their window are settled${r.score_low_pct === r.score_high_pct ? ' (every criterion is known and fresh)' : ''}</dd>`}
<dt>Coverage</dt><dd>${formatPct(r.coverage)} of the default criteria weight has sourced data${r.eligible ? '' : ' (under the coverage gate: listed, but cannot be named winner with default weights)'}</dd>
<dt>Place in the category</dt><dd>${r.rank_note}</dd>
${r.cap ? html`<dt>Hack cap</dt><dd>At most ${r.cap.cap}: ${r.cap.reason} (${r.cap.incident.date}, ${r.cap.incident.title}); score before the cap ${formatPct(r.raw_score_pct)}</dd>` : ''}
</dl>
${coverageNote(site, methodology.coverage_gate_pct)}
</section>
<section aria-labelledby="criteria"><h2 id="criteria">Scores by criterion</h2>
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="criteria"><caption>Each criterion's score (0 to 100), how it was reached and its sources</caption>
<thead><tr><th scope="col">Criterion</th><th scope="col">Weight</th><th scope="col">Score</th><th scope="col">Basis and rationale</th><th scope="col">Sources</th></tr></thead>
<tbody>${r.criteria.map((c) => html`<tr><th scope="row">${c.label}</th><td>${c.default_weight}</td><td>${c.score === null ? (c.basis === 'not_applicable' ? 'not applicable' : `no data (could be ${c.score_low} to ${c.score_high})`) : c.score_low !== null && (c.score_low !== c.score || c.score_high !== c.score) ? `${c.score} (range ${c.score_low}-${c.score_high})` : c.score}</td><td>${c.basis.replace('_', ' ')}${c.rationale ? html`: ${c.rationale}` : ''}${c.as_of ? html` (as of ${c.as_of}${c.stale ? html`; <strong>old</strong>: older than its freshness window` : ''}${c.evidence_tier ? `; evidence ${c.evidence_tier}` : ''})` : ''}</td><td>${c.sources.length ? sourceLinks(c.sources) : 'none'}</td></tr>`)}</tbody>
</table></div>
</section>
<section aria-labelledby="facts"><h2 id="facts">Facts</h2>
${Object.keys(r.facts).length ? Object.entries(r.facts).map(([k, g]) => factGroupHtml(k, g as Record<string, unknown>)) : html`<p>No sourced facts yet.</p>`}
</section>
<section aria-labelledby="safety"><h2 id="safety">Safety record</h2>
<p class="as-of${r.incident_record_stale ? ' stale' : ''}">${r.incident_record_stale ? html`<strong>Old search:</strong> ` : ''}Incidents and regulatory actions last searched on ${r.incidents_checked}${r.incident_record_stale ? ', longer ago than the freshness window of the methodology: newer incidents may be missing' : ''}.</p>
${incidentTimeline(r.incidents, site.evaluation_date, `timeline-${r.slug}`)}
${incidentTable('Security incidents', others)}
</section>
<section aria-labelledby="regulatory"><h2 id="regulatory">Regulatory record</h2>
${incidentTable('Regulatory actions', regulatory)}
${r.licences.length ? html`<h3>Licences and registrations</h3><ul>${r.licences.map((l) => html`<li>${l.regulator}: ${l.licence} (${l.jurisdiction}), as of ${l.as_of}${sourceLinks(l.sources)}</li>`)}</ul>` : ''}
</section>
${historySection(site, history, methodology)}
${comparisons.length ? html`<section aria-labelledby="comparisons"><h2 id="comparisons">Published comparisons</h2><ul>${comparisons.map(([slug, title]) => html`<li><a href="${sitePath(site, `/compare/${slug}`)}">${title}</a></li>`)}</ul></section>` : ''}
<p><a href="${sitePath(site, apiPath(API_PATHS.getPlatform, r.slug))}">${r.name} as JSON</a> · <a href="${sitePath(site, apiPath(API_PATHS.getSafetyRecord, r.slug))}">Safety record as JSON</a> · <a href="${sitePath(site, apiPath(API_PATHS.getPlatformHistory, r.slug))}">History as JSON</a></p>`;
  return pageDocument({
    site,
    title: r.name,
    description: r.summary ?? `${r.name}: sourced facts, scores and safety record`,
    path: `/platforms/${r.slug}`,
    alternateJson: sitePath(site, apiPath(API_PATHS.getPlatform, r.slug)),
    main,
  });
}
