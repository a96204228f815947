/**
 * The fee calculator page (/fees?category=...&trades_per_month=...): the estimate of GET /v1/fees
 * rendered for people, with a form that works without script and an inline SVG chart of each
 * costed platform's annual total split by fee line (trading, options contracts, transfers out,
 * account fees), each segment's amount in the table beside it and the total written on the bar.
 * The form takes "1,000" as well as "1000" (form-input.ts); a value the operation refuses shows the
 * page again with the form, the values as typed and what to correct.
 */
import type { FeesResponse } from '../contract/calculator-schemas.js';
import type { ParameterError } from '../contract/parameter-rules.js';
import type { Site } from '../contract/model.js';
import { sitePath } from '../contract/urls.js';
import { FEE_CATEGORIES, FEE_CATEGORY_PARAMETER, LIMITS } from '../contract/parameter-rules.js';
import { asOfLabel, formatUsd, humanize } from './format.js';
import { barChart } from './bar-chart.js';
import { html, type SafeHtml } from './html.js';
import { pageDocument } from './layout.js';
import { errorSummary, fieldMessage, invalidAttributes } from './form-input.js';
import { BAR_COLOURS } from './score-chart.js';

/** The fee lines, in the order of the table columns and the stacked segments. */
const ITEMS = ['trading', 'options_contracts', 'transfers_out', 'account_fees'] as const;

/** Stacked bars of the annual cost by fee line of the ranked (fully costed) platforms, at most 15, cheapest first. */
function breakdownChart(f: FeesResponse): SafeHtml | '' {
  const rows = f.results.filter((r) => r.ranked).slice(0, 15);
  return barChart(
    rows.map((r) => ({
      label: r.name,
      segments: ITEMS.map((item, i) => ({ value: r.line_items.find((l) => l.item === item)?.usd ?? 0, colour: BAR_COLOURS[i]! })),
      note: formatUsd(r.known_subtotal_usd),
    })),
    {
      id: 'fees-chart',
      title: 'Annual cost by fee line, cheapest first',
      description: rows
        .map(
          (r) =>
            `${r.name} ${formatUsd(r.known_subtotal_usd)} a year: ${r.line_items.map((l) => `${humanize(l.item)} ${l.usd === null ? 'unknown' : formatUsd(l.usd)}`).join(', ')}`,
        )
        .join('; '),
      legend: ITEMS.map((item, i) => ({ label: humanize(item), colour: BAR_COLOURS[i]! })),
    },
  );
}

/**
 * A whole calculator page.
 * @param f the estimate for the asked inputs, or null when no category was given (the form only)
 * @param asked the form's values as the visitor typed them (parameter name -> text)
 * @param errors what the operation refused in them (the page is then answered with status 400); none by default
 */
export function feesPageHtml(site: Site, f: FeesResponse | null, asked: Readonly<Record<string, string>>, errors: readonly ParameterError[] = []): string {
  const name = FEE_CATEGORY_PARAMETER.name;
  const category = asked[name] ?? '';
  const fields = Object.fromEntries([
    [name, { label: 'Category', id: 'fees-category' }],
    ...LIMITS.feeParameters.map((p) => [p.name, { label: p.description, id: `fees-${p.name}` }]),
  ]);
  const form = html`${errorSummary(errors, fields)}<form method="get" action="${sitePath(site, '/fees')}" class="weights-form">
<p><label for="fees-category">Category</label><br><select id="fees-category" name="${name}"${invalidAttributes(errors, name)}>${FEE_CATEGORIES.map((c) => html`<option value="${c}"${c === category || `${category}s` === c ? html` selected` : ''}>${humanize(c)}</option>`)}</select>${fieldMessage(errors, name)}</p>
${LIMITS.feeParameters.map((p) => html`<p><label for="fees-${p.name}">${p.description} (${p.min} to ${p.max.toLocaleString('en-US')})</label><br><input id="fees-${p.name}" name="${p.name}" type="text" inputmode="decimal" value="${asked[p.name] ?? ''}" placeholder="${p.default.toLocaleString('en-US')}" size="10"${invalidAttributes(errors, p.name)}>${fieldMessage(errors, p.name)}</p>`)}
<p><button type="submit">Estimate the fees</button></p>
</form>`;
  const results =
    f === null
      ? errors.length
        ? ''
        : html`<p>Choose a category and describe your activity; empty fields keep their defaults.</p>`
      : html`<h2 id="estimate">Estimated annual fees: ${humanize(f.category)}s</h2>
${breakdownChart(f)}
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="fees"><caption>Annual cost per platform and fee line, in the ranking order</caption>
<thead><tr><th scope="col">Platform</th><th scope="col">Annual total</th>${ITEMS.map((item) => html`<th scope="col">${humanize(item)}</th>`)}<th scope="col">Note</th></tr></thead>
<tbody>${f.results.map(
          (r) =>
            html`<tr><th scope="row"><a href="${sitePath(site, `/platforms/${r.slug}`)}">${r.name}</a></th><td>${r.annual_total_usd === null ? html`unknown: a line has no price (the known lines alone: ${formatUsd(r.known_subtotal_usd)})` : formatUsd(r.annual_total_usd)}${r.stale ? html`; <strong>rests on old figures</strong>` : ''}</td>${ITEMS.map(
              (item) => {
                const line = r.line_items.find((l) => l.item === item);
                const date = asOfLabel(line?.as_of, line?.stale);
                return html`<td>${line === undefined || line.status === 'not_applicable' ? 'n/a' : line.usd === null ? 'unknown' : formatUsd(line.usd)}${date ? html`<br><small${line?.stale ? html` class="old"` : ''}>${date}</small>` : ''}</td>`;
              },
            )}<td>${r.rank_note}</td></tr>`,
        )}</tbody>
</table></div>
<p>${f.ranking}</p>
${f.not_applied.length ? html`<p>Not used for ${humanize(f.category)}s: ${f.not_applied.map((n) => `${n.parameter} (${n.reason})`).join('; ')}.</p>` : ''}`;
  return pageDocument({
    site,
    path: '/fees',
    title: errors.length ? 'Fee calculator: please correct the form' : 'Fee calculator',
    description: 'What a year of your trading would cost at each brokerage or exchange, by fee line',
    main: html`<h1>Fee calculator</h1>
<p class="lede">An estimate from sourced fee schedules, each line with its date; platforms without every fee line priced are listed after the others. Not investment advice.</p>
${form}
${results}`,
  });
}
