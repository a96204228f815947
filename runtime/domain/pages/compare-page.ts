/**
 * The compare page (/compare/{a}-vs-{b}, README "Page URLs"): the verdict, the
 * arithmetic as a table, a bar chart of the scores by criterion, and the
 * too-close explanation when it applies. Rendered by the build for every
 * published verdict and by the runtime for any other comparison, from the same
 * comparison body the API returns.
 */
import type { ComparisonResponse } from '../contract/comparison-schemas.js';
import type { Site } from '../contract/model.js';
import { LIMITS } from '../contract/parameter-rules.js';
import { comparisonSlug, sitePath } from '../contract/urls.js';
import { asOfLabel, formatPct, formatScoreRange } from './format.js';
import { html, type SafeHtml } from './html.js';
import { pageDocument } from './layout.js';
import { scoreChart } from './score-chart.js';
import { coverageNote } from './coverage-note.js';

/** A criterion's cell: its score, or why there is none, with stale and weak-evidence marks in words. */
const cell = (x: ComparisonResponse['products'][number]['criteria'][number]) => {
  if (x.score === null) return x.basis === 'not_applicable' ? 'not applicable' : 'no data';
  const marks = [asOfLabel(x.as_of, x.stale), x.evidence_tier === 'weak' ? 'weak evidence' : ''].filter(Boolean);
  return marks.length ? `${x.score} (${marks.join('; ')})` : String(x.score);
};
const points = (value: number | null) => (value === null ? '-' : value.toFixed(2));

/** The arithmetic table: per criterion the weight, each product's score and contribution; then raw score, cap, final score, coverage. */
function arithmeticTable(c: ComparisonResponse): SafeHtml {
  const products = c.products;
  const criteria = products[0]?.criteria ?? [];
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="arithmetic">
<caption>How the scores add up: contribution = weight × score ÷ (sum of the weights of criteria with data)</caption>
<thead><tr><th scope="col">Criterion</th><th scope="col">Weight</th>${products.map((p) => html`<th scope="col">${p.name}: score</th><th scope="col">${p.name}: points</th>`)}</tr></thead>
<tbody>
${criteria.map(
  (k) =>
    html`<tr><th scope="row">${k.label}</th><td>${k.weight}</td>${products.map((p) => {
      const x = p.criteria.find((y) => y.key === k.key)!;
      return html`<td${x.stale ? html` class="stale"` : ''}>${cell(x)}</td><td>${points(x.contribution)}</td>`;
    })}</tr>`,
)}
<tr><th scope="row">Weighted score before any cap</th><td></td>${products.map((p) => html`<td colspan="2">${formatPct(p.raw_score_pct)}</td>`)}</tr>
<tr><th scope="row">Hack cap</th><td></td>${products.map((p) => html`<td colspan="2">${p.cap ? html`at most ${p.cap.cap}: ${p.cap.reason} (${p.cap.incident.date}, ${p.cap.incident.title})` : 'none'}</td>`)}</tr>
<tr><th scope="row">Score</th><td></td>${products.map((p) => html`<td colspan="2"><strong>${formatPct(p.score_pct)}</strong></td>`)}</tr>
<tr><th scope="row">Score range the data leaves possible</th><td></td>${products.map((p) => html`<td colspan="2">${p.score_low_pct === null ? 'n/a' : `${formatPct(p.score_low_pct)} to ${formatPct(p.score_high_pct)}`}</td>`)}</tr>
<tr><th scope="row">Coverage (share of the applied weight with data; under the gate, a product cannot be named winner)</th><td></td>${products.map((p) => html`<td colspan="2">${formatPct(p.coverage)}${p.eligible ? '' : html` (under the gate: ${p.ineligible_reason ?? 'cannot win'})`}</td>`)}</tr>
</tbody>
</table></div>`;
}

/**
 * A form (GET, works without script) that renders the same comparison with other weights or a
 * profile, in the API's own syntax (`weights=key:weight,...`, `profile=...`), listing the keys.
 */
function weightsForm(site: Site, c: ComparisonResponse): SafeHtml {
  const criteria = c.products[0]?.criteria ?? [];
  const current = c.weights_source === 'custom' ? criteria.map((k) => `${k.key}:${k.weight}`).join(',') : '';
  const action = sitePath(site, `/compare/${comparisonSlug(c.products.map((p) => p.slug))}`);
  return html`<section aria-labelledby="weights"><h2 id="weights">Compare with your own weights</h2>
<form method="get" action="${action}" class="weights-form">
<p><label for="weights-input">Weights, ${LIMITS.weightMin} to ${LIMITS.weightMax}, as <code>key:weight</code> pairs separated by commas</label><br>
<input id="weights-input" name="weights" type="text" value="${current}" placeholder="${criteria
    .slice(0, 2)
    .map((k) => `${k.key}:${k.weight}`)
    .join(',')}" size="40"></p>
<p><label for="profile-input">Or a published profile (see the methodology), e.g. <code>options</code> for brokerages</label><br>
<input id="profile-input" name="profile" type="text" value="${c.profile ?? ''}" size="20"></p>
<p><button type="submit">Compare again</button> · <a href="${action}">Default weights</a></p>
</form>
<p>Criterion keys and the weights applied now: ${criteria.map((k, i) => html`${i ? ', ' : ''}<code>${k.key}</code> (${k.label}) ${k.weight}`)}. A key left out keeps its default; the weights shown in the arithmetic above are the ones applied.</p>
</section>`;
}

/**
 * The whole compare page.
 * @param title heading, e.g. "Kraken vs Coinbase"
 * @param jsonPath path of the same comparison as JSON under the site (e.g. /v1/verdicts/a-vs-b), linked relative to the host serving the page
 * @param gatePct the coverage gate in percent (methodology.yaml coverage_gate_pct), for the sentence under the arithmetic
 */
export function comparePageHtml(site: Site, c: ComparisonResponse, title: string, jsonPath: string, gatePct: number): string {
  const json = sitePath(site, jsonPath);
  const verdict = c.winner
    ? html`<p class="verdict"><strong>${c.too_close ? 'Too close to call; the top pick is' : c.depends_on_unknown ? 'Leads, not settled by the data:' : 'Winner:'} ${c.winner}</strong></p>`
    : html`<p class="verdict"><strong>No winner:</strong> no product reaches the coverage gate.</p>`;
  const main = html`<h1>${title}</h1>
<p class="lede">Comparison with ${c.weights_source} weights${c.profile ? ` (profile ${c.profile})` : ''}, methodology ${c.methodology_version}, data evaluated on ${c.evaluation_date}. Category: <a href="${sitePath(site, `/categories/${c.category}`)}">${c.category}</a>.</p>
${verdict}
<p>${c.explanation}</p>
<p>Score ranges: ${c.products.map((p, i) => html`${i ? '; ' : ''}${p.name} ${formatScoreRange(p.score_pct, p.score_low_pct, p.score_high_pct)}`)}. A range is what the score could be once missing criteria, unknown facts and figures older than their window are settled.</p>
${c.caveats.length ? html`<section aria-labelledby="caveats"><h2 id="caveats">Before you rely on this</h2><ul>${c.caveats.map((t) => html`<li>${t}</li>`)}</ul></section>` : ''}
${c.too_close ? html`<section aria-labelledby="too-close"><h2 id="too-close">Why it is too close to call</h2><p>The gap between the two best eligible products is ${c.margin_points} points, under the margin of ${c.too_close_margin_points} points the methodology sets for this comparison (a wider margin applies when either product's coverage is under 90 %). Differences this small are within what a single missing or dated fact can change.</p></section>` : ''}
<section aria-labelledby="chart"><h2 id="chart">Scores by criterion</h2>
${scoreChart(c.products, 'score-chart')}
</section>
<section aria-labelledby="arithmetic"><h2 id="arithmetic">The arithmetic</h2>
${arithmeticTable(c)}
${coverageNote(site, gatePct)}
</section>
${weightsForm(site, c)}
<section aria-labelledby="products"><h2 id="products">The products</h2>
<ul>${c.products.map((p) => html`<li><a href="${sitePath(site, `/platforms/${p.slug}`)}">${p.name}: full record with sources</a> (facts as of ${p.as_of})</li>`)}</ul>
<p><a href="${json}">This comparison as JSON</a> · <a href="${sitePath(site, '/methodology')}">How scores are computed</a></p>
</section>`;
  return pageDocument({
    site,
    title,
    description: `${title}: ${c.explanation}`,
    path: `/compare/${comparisonSlug(c.products.map((p) => p.slug))}`,
    alternateJson: json,
    main,
  });
}
