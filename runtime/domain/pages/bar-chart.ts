/**
 * Inline SVG horizontal bar chart of the calculator pages (no chart service, no script): a row
 * per item with its label, one bar of one or more stacked segments scaled to the largest total,
 * and the row's note (its amount) written beside the bar, so colour is never the only cue; an
 * optional legend names the segments. The table next to each chart carries the same numbers.
 */
import { html, type SafeHtml } from './html.js';

/** One row: its label, the segments of its bar (values in one unit, e.g. USD) and the text beside it. */
export interface BarRow {
  label: string;
  segments: ReadonlyArray<{ value: number; colour: string }>;
  note: string;
}

const WIDTH = 640;
const LABEL_WIDTH = 210;
const BAR_MAX = 300;
const ROW = 22;
const LEGEND_HEIGHT = 24;

/**
 * The chart, or nothing when there are no rows.
 * @param id unique id prefix for the title/description elements
 * @param legend the segments' names and colours, in stacking order (omit for one-segment bars)
 */
export function barChart(rows: readonly BarRow[], chart: { id: string; title: string; description: string; legend?: ReadonlyArray<{ label: string; colour: string }> }): SafeHtml | '' {
  if (rows.length === 0) return '';
  const top = Math.max(...rows.map((r) => r.segments.reduce((sum, s) => sum + s.value, 0)), 0.01);
  const legendHeight = chart.legend ? LEGEND_HEIGHT : 4;
  const height = legendHeight + rows.length * ROW + 10;
  const legend = (chart.legend ?? []).map((l, i) => html`<g transform="translate(${i * 150} 0)"><rect width="12" height="12" fill="${l.colour}"></rect><text x="16" y="11">${l.label}</text></g>`);
  const bars = rows.map((r, ri) => {
    const y = legendHeight + ri * ROW;
    let x = LABEL_WIDTH;
    const segments = r.segments.map((s) => {
      const w = Math.round((s.value / top) * BAR_MAX * 10) / 10;
      const segment = html`<rect x="${x}" y="${y}" width="${w}" height="16" fill="${s.colour}"></rect>`;
      x += w;
      return segment;
    });
    return html`<text x="0" y="${y + 13}">${r.label.slice(0, 30)}</text>${segments}<text x="${x + 6}" y="${y + 13}">${r.note}</text>`;
  });
  return html`<svg class="score-chart" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${chart.id}-title">${chart.title}</title>
<desc id="${chart.id}-desc">${chart.description}</desc>
${chart.legend ? html`<g>${legend}</g>` : ''}
${bars}
</svg>`;
}
