/**
 * The methodology page (/methodology), generated from sources/methodology.yaml:
 * how scores are computed, the coverage gate, the too-close margins, the hack
 * caps, and per category each criterion with weight, what it measures and its rule.
 */
import type { Site } from '../../../runtime/contract/model.js';
import { CATEGORY_IDS } from '../../../runtime/contract/categories.js';
import { humanize } from '../../../runtime/pages/format.js';
import { html, type SafeHtml } from '../../../runtime/pages/html.js';
import { pageDocument } from '../../../runtime/pages/layout.js';
import type { Methodology, Rule } from '../../sources/methodology-schema.js';

/** One rule in words. */
function ruleHtml(rule: Rule): SafeHtml {
  switch (rule.kind) {
    case 'assessed':
      return html`Assessed by an editor against this rubric, with sources: ${rule.rubric}`;
    case 'rubric':
      return html`Points for each fact that is true, summed (at most 100): ${rule.points.map((p, i) => html`${i ? ', ' : ''}<code>${p.fact}</code> ${p.points}`)}.`;
    case 'enum':
      return html`A fixed score for each value of <code>${rule.fact}</code>: ${Object.entries(rule.scores).map(([v, s], i) => html`${i ? ', ' : ''}${v.replace(/_/g, ' ')} ${s}`)}.`;
    case 'linear':
      return html`<code>${rule.fact}</code> mapped linearly: ${rule.best} or better scores 100, ${rule.worst} or worse scores 0.`;
    case 'scenario_cost':
      return html`Annual cost in USD of a standard scenario (${rule.scenario.trades_per_month} trades a month of USD ${rule.scenario.avg_trade_size}, ${rule.scenario.options_contracts_per_month} options contracts a month, ${rule.scenario.transfers_per_year} full transfers out a year), computed by the same estimator as GET /v1/fees: USD ${rule.best} or less scores 100, USD ${rule.worst} or more scores 0, linear between.${rule.scenario.options_contracts_per_month > 0 ? ' A broker whose sources say it offers no options trading is costed without the options contracts (its investment choice scores the gap).' : ''}`;
    case 'apy_relative':
      return html`100 × (APY at a USD ${rule.reference_balance_usd} balance) ÷ (best such APY in the category), one decimal.`;
  }
}

/** The whole page. */
export function methodologyPageHtml(site: Site, m: Methodology): string {
  const main = html`<h1>Methodology</h1>
<p class="lede">Version ${m.version}. Every score on this site is computed from sourced facts by the rules below; the rules are read from <code>sources/methodology.yaml</code> at build time, so this page and the scores cannot disagree.</p>
<section aria-labelledby="scores"><h2 id="scores">How a score is computed</h2>
<ul>
<li>Each category has criteria with default weights from 0 to 10. A criterion is <strong>derived</strong> from facts by a rule, or <strong>assessed</strong> by an editor against a published rubric, with sources.</li>
<li><strong>Score</strong> = the weighted mean of the criteria that have data (0 to 100, one decimal). A criterion without a sourced fact is left out of the mean; nothing is guessed.</li>
<li><strong>Coverage</strong> = the percent of the default weight whose criteria have data.</li>
<li><strong>Coverage gate: ${m.coverage_gate_pct} %.</strong> A platform under it is listed and scored but cannot be named winner of a comparison.</li>
<li><strong>Too close to call:</strong> when the gap between the two best eligible products is under ${m.too_close.margin_points} points (${m.too_close.wide_margin_points} points when either has coverage under ${m.too_close.wide_when_coverage_below_pct} %), the result says so; the top pick is still named.</li>
<li>Custom weights (GET /v1/compare) replace the defaults for the keys given.</li>
</ul>
</section>
<section aria-labelledby="caps"><h2 id="caps">Hack caps</h2>
<p>An incident caps the overall score: the score is at most the lowest cap of the rows its incidents match. Ages are counted from the incident date to the newest as_of in the dataset, never the clock, so a build is reproducible. When it is not known whether customers were made whole, they are counted as not made whole.</p>
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table><caption>Cap rows</caption>
<thead><tr><th scope="col">Incident class</th><th scope="col">Customers made whole</th><th scope="col">Minimum amount</th><th scope="col">Within</th><th scope="col">Cap</th><th scope="col">Reason</th></tr></thead>
<tbody>${m.caps.map((c) => html`<tr><td>${humanize(c.class)}</td><td>${c.customers_made_whole === undefined ? 'any' : c.customers_made_whole ? 'yes' : 'no'}</td><td>${c.min_amount_usd === undefined ? 'any' : `USD ${c.min_amount_usd.toLocaleString('en-US')}`}</td><td>${c.within_years} years</td><td>${c.cap}</td><td>${c.reason}</td></tr>`)}</tbody>
</table></div>
</section>
${CATEGORY_IDS.map((id) => {
    const c = m.categories[id];
    return html`<section aria-labelledby="m-${id}"><h2 id="m-${id}">${c.label}</h2>
<p>${c.description}</p>
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table><caption>${c.label}: criteria, default weights and rules</caption>
<thead><tr><th scope="col">Criterion</th><th scope="col">Key</th><th scope="col">Weight</th><th scope="col">Measures</th><th scope="col">Rule</th></tr></thead>
<tbody>${c.criteria.map((k) => html`<tr><th scope="row">${k.label}</th><td><code>${k.key}</code></td><td>${k.weight}</td><td>${k.measures}</td><td>${ruleHtml(k.rule)}</td></tr>`)}</tbody>
</table></div></section>`;
  })}`;
  return pageDocument({ site, title: 'Methodology', description: 'How every score is computed: criteria, weights, rules, coverage gate, hack caps and the too-close margin', main });
}
