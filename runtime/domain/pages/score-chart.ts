/**
 * Inline SVG bar chart of the compared products' scores by criterion (no chart
 * service, no script). Each criterion is its name on a line of its own, then a group of
 * horizontal bars, one per product, 0-100 scale, with the value written next to each bar so
 * colour is not the only cue; a legend names the products. The arithmetic table next to the
 * chart carries the same numbers for screen readers. Sized to stay legible on a phone (chart-text.ts).
 */
import type { ComparedProduct } from '../contract/comparison-schemas.js';
import { html, type SafeHtml } from './html.js';
import { CHART_FONT_PX, CHART_WIDTH, textWidth } from './chart-text.js';

/** Bar colours by product position (Okabe-Ito palette, distinguishable with colour-vision deficiency). */
export const BAR_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'] as const;

/** Bars start at the left edge; the longest value text ("no data") fits after a full bar. */
const BAR_MAX = Math.round(CHART_WIDTH - 8 - textWidth('no data'));
const BAR_HEIGHT = 14;
const GAP = 4;
const GROUP_GAP = 12;
/** The criterion's name above its bars. */
const LABEL_LINE = CHART_FONT_PX + 6;
const LEGEND_ROW = CHART_FONT_PX + 8;

/**
 * The chart for products that share one category (same criteria, same order).
 * @param id unique id prefix for the title/description elements
 */
export function scoreChart(products: readonly ComparedProduct[], id: string): SafeHtml {
  const criteria = products[0]?.criteria ?? [];
  const legendHeight = LEGEND_ROW * products.length + 8;
  const groupHeight = LABEL_LINE + products.length * (BAR_HEIGHT + GAP) + GROUP_GAP;
  const height = legendHeight + criteria.length * groupHeight + CHART_FONT_PX + 8;
  const description = criteria
    .map((c) => `${c.label}: ${products.map((p) => `${p.name} ${p.criteria.find((x) => x.key === c.key)?.score ?? 'no data'}`).join(', ')}`)
    .join('; ');
  const legend = products.map(
    (p, i) =>
      html`<g transform="translate(0 ${i * LEGEND_ROW})"><rect width="14" height="14" fill="${BAR_COLOURS[i % BAR_COLOURS.length]}"></rect><text x="20" y="${CHART_FONT_PX - 2}">${p.name}</text></g>`,
  );
  const groups = criteria.map((c, ci) => {
    const y0 = legendHeight + ci * groupHeight;
    const bars = products.map((p, pi) => {
      const score = p.criteria.find((x) => x.key === c.key)?.score ?? null;
      const y = y0 + LABEL_LINE + pi * (BAR_HEIGHT + GAP);
      const w = score === null ? 0 : Math.round((score / 100) * BAR_MAX * 10) / 10;
      return html`<rect x="0" y="${y}" width="${w}" height="${BAR_HEIGHT}" fill="${BAR_COLOURS[pi % BAR_COLOURS.length]}"></rect><text x="${Math.round((w + 6) * 10) / 10}" y="${y + BAR_HEIGHT - 2}">${score === null ? 'no data' : score}</text>`;
    });
    return html`<text x="0" y="${y0 + CHART_FONT_PX}" class="chart-label">${c.label}</text>${bars}`;
  });
  return html`<svg class="score-chart" viewBox="0 0 ${CHART_WIDTH} ${height}" width="${CHART_WIDTH}" height="${height}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">Scores by criterion (0 to 100)</title>
<desc id="${id}-desc">${description}</desc>
<g class="chart-legend">${legend}</g>
<line x1="0.5" y1="${legendHeight - 4}" x2="0.5" y2="${height - CHART_FONT_PX - 6}" stroke="#555"></line>
<line x1="${BAR_MAX}" y1="${legendHeight - 4}" x2="${BAR_MAX}" y2="${height - CHART_FONT_PX - 6}" stroke="#bbb" stroke-dasharray="3 3"></line>
<text x="${BAR_MAX}" y="${height - 4}" text-anchor="middle">100</text>
${groups}
</svg>`;
}
