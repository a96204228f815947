/**
 * Inline SVG bar chart of the compared products' scores by criterion (no chart
 * service, no script). Each criterion is a group of horizontal bars, one per
 * product, 0-100 scale, with the value written next to each bar so colour is not
 * the only cue; a legend names the products. The arithmetic table next to the
 * chart carries the same numbers for screen readers.
 */
import type { ComparedProduct } from '../contract/comparison-schemas.js';
import { html, type SafeHtml } from './html.js';

/** Bar colours by product position (Okabe-Ito palette, distinguishable with colour-vision deficiency). */
export const BAR_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'] as const;

const WIDTH = 640;
const LABEL_WIDTH = 170;
const BAR_MAX = 400;
const BAR_HEIGHT = 14;
const GAP = 4;
const GROUP_GAP = 18;

/**
 * The chart for products that share one category (same criteria, same order).
 * @param id unique id prefix for the title/description elements
 */
export function scoreChart(products: readonly ComparedProduct[], id: string): SafeHtml {
  const criteria = products[0]?.criteria ?? [];
  const legendHeight = 22 * products.length + 8;
  const groupHeight = products.length * (BAR_HEIGHT + GAP) + GROUP_GAP;
  const height = legendHeight + criteria.length * groupHeight + 20;
  const description = criteria
    .map((c) => `${c.label}: ${products.map((p) => `${p.name} ${p.criteria.find((x) => x.key === c.key)?.score ?? 'no data'}`).join(', ')}`)
    .join('; ');
  const legend = products.map((p, i) => html`<g transform="translate(0 ${i * 22})"><rect width="14" height="14" fill="${BAR_COLOURS[i % BAR_COLOURS.length]}"></rect><text x="20" y="12">${p.name}</text></g>`);
  const groups = criteria.map((c, ci) => {
    const y0 = legendHeight + ci * groupHeight;
    const bars = products.map((p, pi) => {
      const score = p.criteria.find((x) => x.key === c.key)?.score ?? null;
      const y = y0 + pi * (BAR_HEIGHT + GAP);
      const w = score === null ? 0 : Math.round((score / 100) * BAR_MAX * 10) / 10;
      return html`<rect x="${LABEL_WIDTH}" y="${y}" width="${w}" height="${BAR_HEIGHT}" fill="${BAR_COLOURS[pi % BAR_COLOURS.length]}"></rect><text x="${LABEL_WIDTH + w + 6}" y="${y + BAR_HEIGHT - 2}">${score === null ? 'no data' : score}</text>`;
    });
    return html`<text x="0" y="${y0 + BAR_HEIGHT - 2}" class="chart-label">${c.label}</text>${bars}`;
  });
  return html`<svg class="score-chart" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">Scores by criterion (0 to 100)</title>
<desc id="${id}-desc">${description}</desc>
<g class="chart-legend">${legend}</g>
<line x1="${LABEL_WIDTH}" y1="${legendHeight - 4}" x2="${LABEL_WIDTH}" y2="${height - 10}" stroke="#555"></line>
<line x1="${LABEL_WIDTH + BAR_MAX}" y1="${legendHeight - 4}" x2="${LABEL_WIDTH + BAR_MAX}" y2="${height - 10}" stroke="#bbb" stroke-dasharray="3 3"></line>
<text x="${LABEL_WIDTH + BAR_MAX - 18}" y="${height - 2}">100</text>
${groups}
</svg>`;
}
