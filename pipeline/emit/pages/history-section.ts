/**
 * The History section of a platform page (docs/history.md): for an account with an APY, an
 * inline SVG of its base-tier APY over time (by as_of, the date each rate was true; a correction
 * replaces the value of its date; values later removed are not drawn; each rate is drawn from its
 * date until the next one or the end of the APY freshness window, whichever comes first, never on
 * to the evaluation date past its window); the changes to its facts, newest first, each marked as a change
 * in the world or a correction; the score after each change with its methodology version. No
 * script, no chart service; the table carries the same values as text. Sized to stay legible on a
 * phone (chart-text.ts); point labels that would overlap a neighbour's are left to the table.
 */
import type { ChangeEvent, PlatformHistoryResponse } from '../../../runtime/domain/contract/history-schemas.js';
import type { Site } from '../../../runtime/domain/contract/model.js';
import { apiPath, sitePath } from '../../../runtime/domain/contract/urls.js';
import { API_PATHS } from '../../../runtime/domain/operations/catalogue.js';
import { formatPct } from '../../../runtime/domain/pages/format.js';
import { html, type SafeHtml } from '../../../runtime/domain/pages/html.js';
import { BAR_COLOURS } from '../../../runtime/domain/pages/score-chart.js';
import { addDays, dayNumber } from '../../../runtime/domain/contract/calendar.js';
import { CHART_FONT_PX, CHART_WIDTH, dateAxis, textWidth } from '../../../runtime/domain/pages/chart-text.js';
import { coverageNote } from '../../../runtime/domain/pages/coverage-note.js';
import type { Methodology } from '../../../runtime/domain/sources/methodology-schema.js';

/** The field of a savings account's base-tier APY. */
const APY_FIELD = 'facts.apy.tiers.0.apy_pct';
/** Fact changes shown on the page; the JSON history has them all. */
const SHOWN_CHANGES = 20;

const KIND_LABELS: Partial<Record<ChangeEvent['kind'], string>> = {
  fact_added: 'recorded',
  fact_changed: 'changed (in the world)',
  fact_corrected: 'corrected (our data)',
  fact_removed: 'removed',
};

const WIDTH = CHART_WIDTH;
const HEIGHT = 264;
const LEFT = 52;
const RIGHT = 24;
const TOP = CHART_FONT_PX + 12;
/** Under the axis: a row of dates, then a row for the note on where the last rate stops. */
const BOTTOM = 2 * CHART_FONT_PX + 30;
const DATE_Y = HEIGHT - BOTTOM + CHART_FONT_PX + 6;
const NOTE_Y = DATE_Y + CHART_FONT_PX + 10;
/** Space kept between two point labels side by side. */
const LABEL_GAP = 6;
const show = (v: unknown): string => (v === null || v === undefined ? 'none' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * (as_of, APY percent) points of the base tier, oldest first: a later event for the same as_of
 * replaces the earlier one, and a removal withdraws every value recorded before it (a figure
 * taken out, e.g. for weak evidence, is no longer one we state; the table still lists it).
 */
function apyPoints(history: PlatformHistoryResponse): Array<[string, number]> {
  const events = history.facts.find((f) => f.field === APY_FIELD)?.events ?? [];
  const byDate = new Map<string, number>();
  for (const e of events) {
    if (e.kind === 'fact_removed') byDate.clear();
    else if (typeof e.new_value === 'number' && e.new_as_of) byDate.set(e.new_as_of, e.new_value);
  }
  return [...byDate].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * The APY chart, or nothing with fewer than one point.
 * @param windowDays the APY freshness window (methodology.yaml freshness.apy.days): a rate is not drawn past it
 */
function apyChart(points: ReadonlyArray<[string, number]>, evaluationDate: string, windowDays: number, id: string): SafeHtml | '' {
  if (points.length === 0) return '';
  const start = dayNumber(points[0]![0]);
  const end = Math.max(dayNumber(evaluationDate), start + 1);
  const top = Math.max(...points.map(([, v]) => v)) * 1.25 || 1;
  const x = dateAxis(start, end, LEFT, WIDTH - LEFT - RIGHT);
  const y = (v: number) => TOP + Math.round((1 - v / top) * (HEIGHT - TOP - BOTTOM) * 10) / 10;
  // a step per rate: from its as_of to the next as_of, the end of its freshness window or the evaluation date, whichever is first
  const until = points.map(([date], i) => [points[i + 1]?.[0] ?? evaluationDate, addDays(date, windowDays), evaluationDate].sort()[0]!);
  const steps = points.map(
    ([date, v], i) => html`<line x1="${x(date)}" y1="${y(v)}" x2="${x(until[i]!)}" y2="${y(v)}" stroke="${BAR_COLOURS[0]}" stroke-width="2"></line>`,
  );
  // label a point only where its labels keep clear of the last labelled one (the table lists every change)
  let lastEnd = -Infinity;
  const labelled = points.map(([date, v]) => {
    const width = Math.max(textWidth(`${v}%`), textWidth(date.slice(0, 7)));
    const show = x(date) - width / 2 >= lastEnd + LABEL_GAP && x(date) + width / 2 <= WIDTH;
    if (show) lastEnd = x(date) + width / 2;
    return show;
  });
  const lastUntil = until[until.length - 1]!;
  // the axis's end, the evaluation date, named when it keeps clear of the last point's label
  const endLabel = evaluationDate.slice(0, 7);
  const showEnd = lastEnd + LABEL_GAP <= WIDTH - RIGHT - textWidth(endLabel);
  const description = `${points.map(([date, v], i) => `${v}% as of ${date}, drawn to ${until[i]}`).join('; ')}${lastUntil < evaluationDate ? `; no rate known from ${lastUntil} (the ${windowDays}-day window of the last one) to ${evaluationDate}` : ''}`;
  return html`<svg class="apy-history" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">Base-tier APY over time, ${points[0]![0]} to ${evaluationDate}</title>
<desc id="${id}-desc">${description}</desc>
<line x1="${LEFT}" y1="${HEIGHT - BOTTOM}" x2="${WIDTH - RIGHT}" y2="${HEIGHT - BOTTOM}" stroke="#555"></line>
<line x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${HEIGHT - BOTTOM}" stroke="#555"></line>
<text x="4" y="${TOP + 4}">${Math.round(top * 100) / 100}%</text><text x="4" y="${HEIGHT - BOTTOM}">0%</text>
${steps}
${points.map(([date, v], i) => html`<circle cx="${x(date)}" cy="${y(v)}" r="4" fill="${BAR_COLOURS[0]}"><title>${v}% as of ${date}, drawn to ${until[i]}</title></circle>${labelled[i] ? html`<text x="${x(date)}" y="${y(v) - 8}" text-anchor="middle">${v}%</text><text x="${x(date)}" y="${DATE_Y}" text-anchor="middle">${date.slice(0, 7)}</text>` : ''}`)}
${showEnd ? html`<text x="${WIDTH - RIGHT}" y="${DATE_Y}" text-anchor="end">${endLabel}</text>` : ''}
${lastUntil < evaluationDate ? html`<text x="${WIDTH - RIGHT}" y="${NOTE_Y}" text-anchor="end">no rate known after ${lastUntil}</text>` : ''}
</svg>`;
}

/**
 * The section, with the link to the JSON history.
 * @param methodology the APY freshness window (where the chart stops a rate) and the coverage gate (explained under the score table)
 */
export function historySection(site: Site, history: PlatformHistoryResponse, methodology: Methodology): SafeHtml {
  const json = sitePath(site, apiPath(API_PATHS.getPlatformHistory, history.slug));
  if (!history.history.available) {
    return html`<section aria-labelledby="history"><h2 id="history">History</h2><p>No history: this build had no version history of its sources (${history.history.note ?? 'no git'}).</p></section>`;
  }
  const changes = history.facts
    .flatMap((f) => f.events)
    .filter((e) => KIND_LABELS[e.kind] !== undefined)
    .sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
  const shown = changes.slice(0, SHOWN_CHANGES);
  const points = apyPoints(history);
  return html`<section aria-labelledby="history"><h2 id="history">History</h2>
<p>From the version history of our sources, ${history.history.commits} commits since ${history.history.first_commit_date?.slice(0, 10) ?? 'the start'}. A change in the world has a newer as-of date than the value it replaces; a correction fixes our own data. <a href="${json}">Every change as JSON</a>.</p>
${apyChart(points, history.evaluation_date, methodology.freshness.apy.days, `apy-${history.slug}`)}
${
  shown.length
    ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="history"><caption>Changes to the facts, newest first${changes.length > shown.length ? ` (${shown.length} of ${changes.length})` : ''}</caption>
<thead><tr><th scope="col">Published</th><th scope="col">Fact</th><th scope="col">Change</th><th scope="col">As of</th><th scope="col">Kind</th></tr></thead>
<tbody>${shown.map((e) => html`<tr><td>${e.date.slice(0, 10)}</td><td>${e.field ?? ''}</td><td>${show(e.old_value)} → ${show(e.new_value)}</td><td>${e.new_as_of ?? e.old_as_of ?? ''}</td><td>${KIND_LABELS[e.kind] ?? e.kind}</td></tr>`)}</tbody>
</table></div>`
    : html`<p>No fact has changed since it was first recorded.</p>`
}
${
  history.scores.length
    ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="score-history"><caption>Overall score after each change, with the methodology version</caption>
<thead><tr><th scope="col">Published</th><th scope="col">Methodology</th><th scope="col">Score</th><th scope="col">Coverage</th><th scope="col">Eligible</th></tr></thead>
<tbody>${history.scores.map((s) => html`<tr><td>${s.date.slice(0, 10)}</td><td>${s.methodology_version}</td><td>${formatPct(s.score_pct, 'no score')}</td><td>${formatPct(s.coverage)}</td><td>${s.eligible ? 'yes' : 'no'}</td></tr>`)}</tbody>
</table></div>
${coverageNote(site, methodology.coverage_gate_pct)}`
    : ''
}
</section>`;
}
