/**
 * The methodology page (/methodology), generated from sources/methodology.yaml:
 * how scores are computed, the coverage gate, score ranges and the ranking order
 * (with worked examples), the too-close margins, the hack caps, and per category each criterion with weight, what it measures and its rule.
 */
import type { Site } from '../../../runtime/domain/contract/model.js';
import { CATEGORY_IDS, type CategoryId } from '../../../runtime/domain/contract/categories.js';
import { addDays } from '../../../runtime/domain/contract/calendar.js';
import { humanize } from '../../../runtime/domain/pages/format.js';
import { html, type SafeHtml } from '../../../runtime/domain/pages/html.js';
import { pageDocument } from '../../../runtime/domain/pages/layout.js';
import type { Criterion, Methodology, Rule } from '../../../runtime/domain/sources/methodology-schema.js';
import { linearScore } from '../../../runtime/domain/scoring/criterion-rules.js';
import { round1 } from '../../../runtime/domain/compute/rounding.js';
import { COMPOUNDING_ASSUMPTION } from '../../../runtime/domain/compute/savings.js';
import { SAVINGS_RANKING } from '../../../runtime/domain/compute/savings-ranking.js';
import { FEE_RANKING } from '../../../runtime/domain/compute/fee-ranking.js';
import { reachesCoverageGate } from '../../../runtime/domain/compute/ranking-order.js';
import { shareGroupWeight } from '../../../runtime/domain/scoring/weight-groups.js';

/** One rule in words, with a worked example computed from the rule's own numbers. */
function ruleHtml(rule: Rule): SafeHtml {
  switch (rule.kind) {
    case 'assessed':
      return html`Assessed by an editor against this rubric, with sources: ${rule.rubric}`;
    case 'rubric': {
      const rows = rule.points.map((p) => ({ facts: p.any_of ?? [p.fact!], points: p.points }));
      const half = rows.filter((_, i) => i % 2 === 0);
      return html`Points for each fact that is true, summed (at most 100): ${rows.map((r, i) => html`${i ? ', ' : ''}${r.facts.map((f, j) => html`${j ? ' or ' : ''}<code>${f}</code>`)} ${r.points}`)}. <em>Example:</em> with only ${half.map((r) => r.facts[0]!.split('.')[1]).join(' and ')} true, the score is ${half.map((r) => r.points).join(' + ')} = ${Math.min(
        100,
        half.reduce((s, r) => s + r.points, 0),
      )}. A fact the sources leave open is shown as unknown and earns no points; when every fact is unknown the criterion has no data.`;
    }
    case 'enum':
      return html`A fixed score for each value of <code>${rule.fact}</code>: ${Object.entries(rule.scores).map(([v, s], i) => html`${i ? ', ' : ''}${v.replace(/_/g, ' ')} ${s}`)}.`;
    case 'linear': {
      const v = rule.best + (rule.worst - rule.best) / 4;
      return html`<code>${rule.fact}</code> mapped linearly: ${rule.best} or better scores 100, ${rule.worst} or worse scores 0. <em>Example:</em> ${v} scores 100 × (${rule.worst} − ${v}) ÷ (${rule.worst} − ${rule.best}) = ${linearScore(v, rule.best, rule.worst)}.`;
    }
    case 'scenario_cost': {
      const s = rule.scenario;
      const example = (rule.best + rule.worst) / 2;
      return html`Annual cost in USD of the line items ${rule.items.map((i) => i.replace(/_/g, ' ')).join(', ')} in a standard scenario (${s.trades_per_month} trades a month of USD ${s.avg_trade_size}, ${s.options_contracts_per_month} options contracts a month, ${s.transfers_per_year} full transfers out a year), computed by the same estimator as GET /v1/fees: USD ${rule.best} or less scores 100, USD ${rule.worst} or more scores 0, linear between. <em>Example:</em> a cost of USD ${example} scores ${linearScore(example, rule.best, rule.worst)}. An item whose price has no source leaves the criterion missing; it never counts as free.`;
    }
    case 'apy_relative':
      return html`100 × (APY at a USD ${rule.reference_balance_usd} balance) ÷ (best fresh APY at that balance in the category), one decimal, at most 100. A stale APY never sets the scale, and never scores above an APY with a newer as_of (see Ranking order). <em>Example:</em> an APY of 4.00 % against a best fresh APY of 4.50 % scores 100 × 4.00 ÷ 4.50 = ${Math.round((1000 * 4) / 4.5) / 10}.`;
  }
}

/** How a criterion scores a not-applicable fact, in words. */
function notApplicableHtml(k: Criterion): SafeHtml | string {
  if (k.not_applicable === undefined) return 'not accepted';
  return k.not_applicable === 'exclude' ? 'left out of the mean and of coverage' : html`scores ${k.not_applicable.score}: ${k.not_applicable.reason}`;
}

/**
 * The category of the worked examples: the first with a `fees` weight group (scoring/weight-groups.ts),
 * its criteria, the group's and the others; null when no category has one.
 */
function feesExample(m: Methodology): { id: CategoryId; criteria: readonly Criterion[]; fees: readonly Criterion[]; others: readonly Criterion[] } | null {
  const id = CATEGORY_IDS.find((c) => m.categories[c].criteria.some((k) => k.group === 'fees'));
  if (!id) return null;
  const criteria = m.categories[id].criteria;
  return { id, criteria, fees: criteria.filter((k) => k.group === 'fees'), others: criteria.filter((k) => k.group !== 'fees') };
}

/**
 * Coverage worked example for a category with a weight group: the first platform missing every criterion of the group,
 * under the default weights and with the group weighted 10 by the caller.
 */
function coverageExample(m: Methodology): SafeHtml | string {
  const example = feesExample(m);
  if (!example) return '';
  const { id, criteria, fees, others } = example;
  const sum = (ks: readonly Criterion[], w: (k: Criterion) => number) => Math.round(ks.reduce((s, k) => s + w(k), 0) * 100) / 100;
  const total = sum(criteria, (k) => k.weight);
  const withData = sum(others, (k) => k.weight);
  const shares = shareGroupWeight(fees, Object.fromEntries(criteria.map((k) => [k.key, k.weight])), 10);
  const custom = (k: Criterion) => shares[k.key] ?? k.weight;
  const customTotal = sum(criteria, custom);
  const pct = (a: number, b: number) => Math.round((1000 * a) / b) / 10;
  return html`<p><em>Example (${m.categories[id].label.toLowerCase()}):</em> a platform with every criterion but the fee criteria (${fees.map((k) => k.key).join(', ')}) has coverage ${withData} ÷ ${total} = ${pct(withData, total)} % under the default weights${reachesCoverageGate(pct(withData, total), m.coverage_gate_pct) ? ', so it is eligible' : ''}. A caller who sends <code>weights=fees:10</code> shares 10 among the fee criteria (${fees.map((k) => `${k.key} ${custom(k)}`).join(', ')}); coverage becomes ${withData} ÷ ${customTotal} = ${pct(withData, customTotal)} %, under the ${m.coverage_gate_pct} % gate: the platform cannot be named winner, and the answer says which criteria are missing and what share of the applied weight they carry.</p>`;
}

/**
 * Score-range worked examples from the methodology's own weights (the category with a fees group, as
 * coverageExample): one with the fee criteria missing, one with a stale criterion, each with the arithmetic.
 */
function rangeExamples(m: Methodology): SafeHtml | string {
  const example = feesExample(m);
  if (!example) return '';
  const { id, criteria, fees, others } = example;
  const sum = (ks: readonly Criterion[]) => Math.round(ks.reduce((s, k) => s + k.weight, 0) * 100) / 100;
  const total = sum(criteria);
  const withData = sum(others);
  const feeWeight = sum(fees);
  const first = others[0]!;
  const rest = Math.round((total - first.weight) * 100) / 100;
  const staleLow = round1((first.weight * 50 + rest * 80) / total);
  const staleHigh = round1((first.weight * 95 + rest * 80) / total);
  return html`<p><em>Example 1 (${m.categories[id].label.toLowerCase()}, default weights):</em> a platform scoring 80 on every criterion but the fee criteria (${fees.map((k) => `${k.key} ${k.weight}`).join(', ')}), which have no data, scores 80 (the mean leaves them out). Its range puts them at 0 and at 100: low = 80 × ${withData} ÷ ${total} = ${round1((80 * withData) / total)}, high = (80 × ${withData} + 100 × ${feeWeight}) ÷ ${total} = ${round1((80 * withData + 100 * feeWeight) / total)}. A platform with a fee schedule that scores 70 on every criterion (70 to 70) is then inside that range: the data does not settle which is better.</p>
<p><em>Example 2:</em> every criterion known and scoring 80, but <code>${first.key}</code> (weight ${first.weight}) rests on a figure older than its window; the category's fresh <code>${first.key}</code> scores run from 50 to 95. The stale criterion's own range is 50 to 95 (its 80 widened to the fresh span), so the platform's range is (${first.weight} × 50 + ${rest} × 80) ÷ ${total} = ${staleLow} to (${first.weight} × 95 + ${rest} × 80) ÷ ${total} = ${staleHigh}, around a score of 80. With the same figure fresh, the range would be 80 to 80.</p>`;
}

/** The whole page. */
export function methodologyPageHtml(site: Site, m: Methodology): string {
  const windows = Object.entries(m.freshness) as Array<[string, { days: number; reason: string }]>;
  const main = html`<h1>Methodology</h1>
<p class="lede">Version ${m.version}. Every score on this site is computed from sourced facts by the rules below; the rules are read from <code>sources/methodology.yaml</code> at build time, so this page and the scores cannot disagree. Data evaluated on ${site.evaluation_date}.</p>
<section aria-labelledby="scores"><h2 id="scores">How a score is computed</h2>
<ul>
<li>Each category has criteria with default weights from 0 to 10. A criterion is <strong>derived</strong> from facts by a rule, or <strong>assessed</strong> by an editor against a published rubric, with sources.</li>
<li><strong>Score</strong> = the weighted mean of the criteria that have a score (0 to 100, one decimal). A criterion without a sourced fact is <strong>missing</strong>: left out of the mean; nothing is guessed.</li>
<li><strong>Not applicable is not unknown.</strong> A fact that does not apply (a broker that offers no options has no per-contract fee) is recorded as such, with sources, and scores as its criterion says below: left out of the mean and of coverage, or a fixed score.</li>
<li><strong>Coverage</strong> = the applied weight of the criteria that have data ÷ the applied weight of the criteria that apply, in percent. The applied weights are the caller's (compare <code>weights</code> and <code>profile</code>), else the defaults; a criterion weighted 0 neither helps nor hurts.</li>
<li><strong>Coverage gate: ${m.coverage_gate_pct} %.</strong> A platform under it is listed and scored but cannot be named winner of a comparison; the answer names the missing criteria and their share of the applied weight.</li>
<li><strong>Too close to call:</strong> when the gap between the two best eligible products is under ${m.too_close.margin_points} points (${m.too_close.wide_margin_points} points when either has coverage under ${m.too_close.wide_when_coverage_below_pct} %), the result says so; the top pick is still named.</li>
<li><strong>Weight groups:</strong> a weight on a group key (<code>fees</code>) is shared among the group's criteria in proportion to their weights before it, so <code>fees:10</code> keeps the fee criteria in their default proportions.</li>
</ul>
${coverageExample(m)}
</section>
<section aria-labelledby="score-ranges"><h2 id="score-ranges">Score ranges: how far a score could move</h2>
<p>Every published score carries a range, <code>score_low_pct</code> to <code>score_high_pct</code>: the lowest and highest score the data leaves possible under the applied weights, after the cap. Each criterion contributes its own low and high end (published as <code>score_low</code> and <code>score_high</code>), weighted over every criterion that applies:</p>
<ul>
<li>a criterion <strong>without data</strong> takes the lowest and the highest score its rule allows (0 and 100 for most rules; 0 and its points summed for a rubric; its lowest and highest value for an enum): a platform never gains rank by missing an unfavourable fact without its range showing it;</li>
<li>a criterion <strong>with fresh data</strong> gives its score, plus at the high end the points its unknown rubric facts could add;</li>
<li>a <strong>stale</strong> criterion (older than its freshness window) is widened to the span of the category's fresh scores of that criterion (of all its scores when none is fresh): the old figure may have moved anywhere the market is now;</li>
<li>a criterion not applicable and left out counts on neither side. A fully covered, fresh platform without unknown facts has a range of zero width.</li>
</ul>
${rangeExamples(m)}
<p>A comparison's <code>depends_on_unknown</code> is true when the winner's low end is below an eligible rival's high end: what is missing, unknown or old could reverse the pick, and "Before you rely on this" says so in words.</p>
</section>
<section aria-labelledby="ranking-order"><h2 id="ranking-order">Ranking order</h2>
<p>Every list that ranks (category pages, <code>/v1/platforms</code>, compare, the savings and fee calculators) ranks only the platforms that can be named winner (coverage at the ${m.coverage_gate_pct} % gate); the others follow, unranked, with the reason ("not enough data: coverage 40% (the gate is ${m.coverage_gate_pct}%)"). Where a ranked platform's range overlaps the range of the one above it by more than the too-close margin (${m.too_close.margin_points} points; ${m.too_close.wide_margin_points} when either's coverage is under ${m.too_close.wide_when_coverage_below_pct} %), its row says the data does not settle their order. <em>Example:</em> ranges 78-84 and 76-81 overlap by 81 − 78 = 3 points, not more than ${m.too_close.margin_points}: not flagged; 76-81 and 72-80 overlap by 4 points: flagged.</p>
<p>APYs: rates move with the market, so a stale APY never scores above an APY with a newer <code>as_of</code>: taken newest first, its score is at most the lowest score among the newer APYs. <em>Example:</em> a fresh 3.60 % against a best fresh 4.00 % scores 90; a 5.25 % from 2023 would score 100 (capped) and is held to 90. The savings calculator ranks fresh APYs by interest, then stale ones newest first; when no ranked APY is fresh the answer says there is no current pick.</p>
</section>
<section aria-labelledby="freshness"><h2 id="freshness">Freshness: old figures are shown as old</h2>
<p>Every fact and criterion carries its <code>as_of</code> date and a <code>stale</code> flag: true when as_of is more days before the evaluation date (${site.evaluation_date}, the day of the build) than the window of its kind. A stale fact still counts (stale is not missing), but every answer marks it, the best-APY benchmark uses fresh APYs only, and a comparison says when its pick would change without the stale criteria. <em>Example:</em> with a ${m.freshness.apy.days}-day APY window, an APY as of ${addDays(site.evaluation_date, -(m.freshness.apy.days + 1))} is stale on ${site.evaluation_date}; one as of ${addDays(site.evaluation_date, -m.freshness.apy.days)} is still fresh.</p>
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table><caption>Freshness windows</caption>
<thead><tr><th scope="col">Fact kind</th><th scope="col">Window</th><th scope="col">Why</th></tr></thead>
<tbody>${windows.map(([kind, w]) => html`<tr><th scope="row">${humanize(kind)}</th><td>${w.days} days</td><td>${w.reason}</td></tr>`)}</tbody>
</table></div>
</section>
<section aria-labelledby="evidence"><h2 id="evidence">Evidence tiers</h2>
<p>Every cited source has a tier, read from its domain (<code>sources/source-tiers.yaml</code>): <strong>primary</strong> (the platform's own page or filing, a regulator, a court), <strong>reputable</strong> (established press, auditors, standards bodies) or <strong>weak</strong> (aggregators, blogs, anything unlisted). Each fact and criterion publishes its strongest source's tier. A number (APY, fee, price, penalty) needs a primary source or a reputable one with a publication date; one backed only by weak sources is a build ${m.evidence.numeric_weak_only}. A comparison says when its pick would change without the criteria backed only by weak sources.</p>
</section>
<section aria-labelledby="caps"><h2 id="caps">Hack caps</h2>
<p>An incident caps the overall score: the score is at most the lowest cap of the rows its incidents match. Ages are counted from the incident date to the evaluation date, never the clock at run time. Customers count as made whole when the platform covered the loss in full from its own funds, or publicly pledged to, unless a later source shows the pledge was not honoured; when it is not known, they count as not made whole. For regulatory actions, the minimum amount is compared with the penalty alone: restitution and disgorgement return money to customers and do not count.</p>
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table><caption>Cap rows</caption>
<thead><tr><th scope="col">Incident class</th><th scope="col">Customers made whole</th><th scope="col">Minimum amount</th><th scope="col">Within</th><th scope="col">Cap</th><th scope="col">Reason</th></tr></thead>
<tbody>${m.caps.map((c) => html`<tr><td>${humanize(c.class)}</td><td>${c.customers_made_whole === undefined ? 'any' : c.customers_made_whole ? 'yes' : 'no'}</td><td>${c.min_amount_usd === undefined ? 'any' : `USD ${c.min_amount_usd.toLocaleString('en-US')}`}</td><td>${c.within_years} years</td><td>${c.cap}</td><td>${c.reason}</td></tr>`)}</tbody>
</table></div>
</section>
<section aria-labelledby="calculators"><h2 id="calculators">Calculators</h2>
<p><strong>Savings interest.</strong> ${COMPOUNDING_ASSUMPTION} ${SAVINGS_RANKING}</p>
<p><strong>Fee estimates.</strong> Every platform of the category gets an estimate, line by line; a line whose price has no source is named as unknown, never counted as free. ${FEE_RANKING}</p>
</section>
${CATEGORY_IDS.map((id) => {
  const c = m.categories[id];
  return html`<section aria-labelledby="m-${id}"><h2 id="m-${id}">${c.label}</h2>
<p>${c.description}</p>
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table><caption>${c.label}: criteria, default weights and rules</caption>
<thead><tr><th scope="col">Criterion</th><th scope="col">Key</th><th scope="col">Weight</th><th scope="col">Measures</th><th scope="col">Rule</th><th scope="col">When not applicable</th></tr></thead>
<tbody>${c.criteria.map((k) => html`<tr><th scope="row">${k.label}</th><td><code>${k.key}</code>${k.group ? html` (group <code>${k.group}</code>)` : ''}</td><td>${k.weight}</td><td>${k.measures}</td><td>${ruleHtml(k.rule)}</td><td>${notApplicableHtml(k)}</td></tr>`)}</tbody>
</table></div>
${(c.profiles ?? []).map(
  (p) =>
    html`<p><strong>Profile <code>${p.key}</code> (${p.label}):</strong> ${p.description} Weights over the defaults: ${Object.entries(p.weights)
      .map(([k, w]) => `${k} ${w}`)
      .join(', ')}.</p>`,
)}
</section>`;
})}
<section aria-labelledby="changelog"><h2 id="changelog">Change log</h2>
${m.changelog.map((e) => html`<h3>${e.version} (${e.date})</h3><ul>${e.changes.map((t) => html`<li>${t}</li>`)}</ul>`)}
</section>`;
  return pageDocument({
    site,
    path: '/methodology',
    title: 'Methodology',
    description: 'How every score is computed: criteria, weights, rules, coverage gate, freshness, evidence tiers, hack caps and the too-close margin',
    main,
  });
}
