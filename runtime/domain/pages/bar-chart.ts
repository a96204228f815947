/**
 * Inline SVG horizontal bar chart of the calculator pages (no chart service, no script): a row
 * per item with its label on a line of its own, then one bar of one or more stacked segments
 * scaled to the largest total, with the row's note (its amount) written after the bar, so colour
 * is never the only cue; an optional legend names the segments. The table next to each chart
 * carries the same numbers. Sized to stay legible on a phone (chart-text.ts).
 */
import { html, type SafeHtml } from './html.js';
import { CHART_FONT_PX, CHART_WIDTH, textWidth } from './chart-text.js';

/** One row: its label, the segments of its bar (values in one unit, e.g. USD) and the text beside it. */
export interface BarRow {
  label: string;
  segments: ReadonlyArray<{ value: number; colour: string }>;
  note: string;
}

const BAR_HEIGHT = 14;
/** A row: the label line, the bar, and a gap to the next row. */
const ROW = CHART_FONT_PX + 6 + BAR_HEIGHT + 10;
const LEGEND_ROW = CHART_FONT_PX + 8;
/** Legend entries per line. */
const LEGEND_COLUMNS = 2;
/** Most characters of a label (the table next to the chart has the full name). */
const LABEL_MAX = 44;

/**
 * The chart, or nothing when there are no rows.
 * @param id unique id prefix for the title/description elements
 * @param legend the segments' names and colours, in stacking order (omit for one-segment bars)
 */
export function barChart(
  rows: readonly BarRow[],
  chart: { id: string; title: string; description: string; legend?: ReadonlyArray<{ label: string; colour: string }> },
): SafeHtml | '' {
  if (rows.length === 0) return '';
  const top = Math.max(...rows.map((r) => r.segments.reduce((sum, s) => sum + s.value, 0)), 0.01);
  // the longest note fits after the longest bar
  const barMax = Math.round(CHART_WIDTH - 8 - Math.max(...rows.map((r) => textWidth(r.note))));
  const legend = chart.legend ?? [];
  const legendHeight = legend.length ? Math.ceil(legend.length / LEGEND_COLUMNS) * LEGEND_ROW + 6 : 4;
  const height = legendHeight + rows.length * ROW + 4;
  const legendItems = legend.map(
    (l, i) =>
      html`<g transform="translate(${(i % LEGEND_COLUMNS) * (CHART_WIDTH / LEGEND_COLUMNS)} ${Math.floor(i / LEGEND_COLUMNS) * LEGEND_ROW})"><rect width="12" height="12" y="${CHART_FONT_PX - 12}" fill="${l.colour}"></rect><text x="16" y="${CHART_FONT_PX}">${l.label}</text></g>`,
  );
  const bars = rows.map((r, ri) => {
    const labelY = legendHeight + ri * ROW + CHART_FONT_PX;
    const barY = labelY + 6;
    let x = 0;
    const segments = r.segments.map((s) => {
      const w = Math.round((s.value / top) * barMax * 10) / 10;
      const segment = html`<rect x="${x}" y="${barY}" width="${w}" height="${BAR_HEIGHT}" fill="${s.colour}"></rect>`;
      x += w;
      return segment;
    });
    const label = r.label.length > LABEL_MAX ? `${r.label.slice(0, LABEL_MAX - 1)}…` : r.label;
    return html`<text x="0" y="${labelY}">${label}</text>${segments}<text x="${Math.round((x + 6) * 10) / 10}" y="${barY + BAR_HEIGHT - 2}">${r.note}</text>`;
  });
  return html`<svg class="score-chart" viewBox="0 0 ${CHART_WIDTH} ${height}" width="${CHART_WIDTH}" height="${height}" role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${chart.id}-title">${chart.title}</title>
<desc id="${chart.id}-desc">${chart.description}</desc>
${legend.length ? html`<g>${legendItems}</g>` : ''}
${bars}
</svg>`;
}
