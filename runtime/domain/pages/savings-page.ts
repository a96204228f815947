/**
 * The savings calculator page (/savings?balance=...&months=...): the projection of
 * GET /v1/savings-interest rendered for people, with a form that works without script and an
 * inline SVG chart of the interest each account would pay over the chosen months (bars with the
 * amount written beside them; stale APYs marked in words, not only by colour). The form takes
 * "10,000" as well as "10000" (form-input.ts); a value the operation refuses shows the page again
 * with the form, the value as typed and what to correct.
 */
import type { SavingsResponse } from '../contract/calculator-schemas.js';
import { NUMBER_PARAMETERS, type ParameterError } from '../contract/parameter-rules.js';
import type { Site } from '../contract/model.js';
import { sitePath } from '../contract/urls.js';
import { asOfLabel, formatPct, formatUsd } from './format.js';
import { barChart } from './bar-chart.js';
import { html, type SafeHtml } from './html.js';
import { pageDocument } from './layout.js';
import { errorSummary, fieldMessage, invalidAttributes } from './form-input.js';

/** Bars of the interest of each ranked account (at most 15, highest first); an old APY is said in words. */
function interestChart(s: SavingsResponse): SafeHtml | '' {
  const rows = s.results.filter((r) => r.ranked).slice(0, 15);
  return barChart(
    rows.map((r) => ({
      label: r.name,
      segments: [{ value: r.interest_usd, colour: r.stale ? '#999999' : '#0072B2' }],
      note: `${formatUsd(r.interest_usd)}${r.stale ? ' (old APY)' : ''}`,
    })),
    {
      id: 'savings-chart',
      title: `Interest on ${formatUsd(s.balance_usd)} over ${s.months} months`,
      description: rows.map((r) => `${r.name} ${formatUsd(r.interest_usd)} at ${r.apy} % APY${r.stale ? ' (old APY)' : ''}`).join('; '),
    },
  );
}

/**
 * A whole calculator page.
 * @param s the projection for the asked balance and months, or null when no balance was given (the form only)
 * @param asked the form's values as the visitor typed them
 * @param jsonPath the path of the projection in the API (GET /v1/savings-interest: operations/catalogue.ts API_PATHS), linked under it
 * @param errors what the operation refused in them (the page is then answered with status 400); none by default
 */
export function savingsPageHtml(
  site: Site,
  s: SavingsResponse | null,
  asked: { balance: string; months: string },
  jsonPath: string,
  errors: readonly ParameterError[] = [],
): string {
  const form = html`${errorSummary(errors, { balance: { label: 'Balance', id: 'balance-input' }, months: { label: 'Months', id: 'months-input' } })}<form method="get" action="${sitePath(site, '/savings')}" class="weights-form">
<p><label for="balance-input">Balance in USD, e.g. 10,000 or 2500.50</label><br><input id="balance-input" name="balance" type="text" inputmode="decimal" value="${asked.balance}" placeholder="10,000" size="12" required${invalidAttributes(errors, 'balance')}>${fieldMessage(errors, 'balance')}</p>
<p><label for="months-input">Months, ${NUMBER_PARAMETERS.months.min} to ${NUMBER_PARAMETERS.months.max}</label><br><input id="months-input" name="months" type="text" inputmode="numeric" value="${asked.months}" placeholder="${NUMBER_PARAMETERS.months.default}" size="6"${invalidAttributes(errors, 'months')}>${fieldMessage(errors, 'months')}</p>
<p><button type="submit">Project the interest</button></p>
</form>`;
  const results =
    s === null
      ? errors.length
        ? ''
        : html`<p>Give a balance to see what each high-yield savings account with a sourced APY would pay.</p>`
      : html`<h2 id="projection">Interest on ${formatUsd(s.balance_usd)} over ${s.months} months</h2>
${s.no_current_pick_note === null ? '' : html`<p class="notice" role="note"><strong>${s.no_current_pick_note}</strong></p>`}
${interestChart(s)}
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="savings"><caption>Projected interest per account, in the ranking order</caption>
<thead><tr><th scope="col">Account</th><th scope="col">APY used</th><th scope="col">Interest</th><th scope="col">APY as of</th><th scope="col">Note</th></tr></thead>
<tbody>${s.results.map((r) => html`<tr><th scope="row"><a href="${sitePath(site, `/platforms/${r.slug}`)}">${r.name}</a></th><td>${formatPct(r.apy)}</td><td>${formatUsd(r.interest_usd)}</td><td>${r.stale ? html`<strong>${asOfLabel(r.as_of, true)}</strong>` : r.as_of}${r.sources.length ? html` (<a href="${r.sources[0]!}">source</a>)` : ''}</td><td>${r.rank_note}</td></tr>`)}</tbody>
</table></div>
${s.excluded.length ? html`<p>Not projected (no sourced APY): ${s.excluded.map((e, i) => html`${i ? ', ' : ''}<a href="${sitePath(site, `/platforms/${e.slug}`)}">${e.name}</a>`)}.</p>` : ''}
<p>${s.compounding} ${s.ranking}</p>
<p><a href="${sitePath(site, `${jsonPath}?balance=${encodeURIComponent(String(s.balance_usd))}&months=${s.months}`)}">This projection as JSON</a></p>`;
  return pageDocument({
    site,
    path: '/savings',
    title: errors.length ? 'Savings calculator: please correct the form' : 'Savings calculator',
    description: 'What each US high-yield savings account would pay on your balance, at its sourced APY',
    main: html`<h1>Savings calculator</h1>
<p class="lede">A projection at published APYs, which change; each APY is shown with its date. Not investment advice.</p>
${form}
${results}`,
  });
}
