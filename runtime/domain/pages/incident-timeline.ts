/**
 * Inline SVG timeline of a platform's incidents (no chart service, no script): one lane per
 * incident class present, from the year of the first incident to the evaluation date, a marker
 * per incident with its year written beside it, so neither colour nor shape is the only cue. The
 * incident tables next to it carry the same facts with their sources, for screen readers too.
 */
import type { PlatformRecord } from '../contract/api-schemas.js';
import { humanize } from './format.js';
import { html, type SafeHtml } from './html.js';
import { BAR_COLOURS } from './score-chart.js';

type Incident = PlatformRecord['incidents'][number];

const WIDTH = 640;
const LABEL_WIDTH = 150;
const AXIS_WIDTH = 460;
const LANE_HEIGHT = 34;

/** Days since 1970-01-01 of a YYYY-MM-DD date (UTC): the x axis of the site's time charts. */
export const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * The timeline, or nothing when there are no incidents.
 * @param evaluationDate YYYY-MM-DD, the end of the axis (the build's evaluation date, never the clock)
 * @param id unique id prefix for the title/description elements
 */
export function incidentTimeline(incidents: readonly Incident[], evaluationDate: string, id: string): SafeHtml | '' {
  if (incidents.length === 0) return '';
  const classes = [...new Set(incidents.map((i) => i.class))].sort();
  const firstYear = Math.min(...incidents.map((i) => Number(i.date.slice(0, 4))));
  const lastYear = Number(evaluationDate.slice(0, 4));
  const start = dayOf(`${firstYear}-01-01`);
  const span = Math.max(1, dayOf(evaluationDate) - start);
  const x = (date: string) => LABEL_WIDTH + Math.round(((dayOf(date) - start) / span) * AXIS_WIDTH * 10) / 10;
  const height = classes.length * LANE_HEIGHT + 40;
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, k) => firstYear + k).filter((y, _, all) => all.length <= 12 || (y - firstYear) % Math.ceil(all.length / 12) === 0);
  const lanes = classes.map((cls, li) => {
    const y = li * LANE_HEIGHT + 20;
    const colour = BAR_COLOURS[li % BAR_COLOURS.length];
    const marks = incidents
      .filter((i) => i.class === cls)
      .map((i) => html`<circle cx="${x(i.date)}" cy="${y}" r="6" fill="${colour}"><title>${i.date}: ${i.title}</title></circle><text x="${x(i.date) + 8}" y="${y - 8}">${i.date.slice(0, 4)}</text>`);
    return html`<text x="0" y="${y + 4}">${humanize(cls)}</text><line x1="${LABEL_WIDTH}" y1="${y}" x2="${LABEL_WIDTH + AXIS_WIDTH}" y2="${y}" stroke="#bbb"></line>${marks}`;
  });
  const axisY = classes.length * LANE_HEIGHT + 14;
  const ticks = years.map((year) => html`<line x1="${x(`${year}-01-01`)}" y1="${axisY - 4}" x2="${x(`${year}-01-01`)}" y2="${axisY + 2}" stroke="#555"></line><text x="${x(`${year}-01-01`) - 14}" y="${axisY + 16}">${year}</text>`);
  const description = incidents.map((i) => `${i.date} ${humanize(i.class)}: ${i.title}`).join('; ');
  return html`<svg class="incident-timeline" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">Incidents over time, ${firstYear} to ${evaluationDate}</title>
<desc id="${id}-desc">${description}</desc>
${lanes}
<line x1="${LABEL_WIDTH}" y1="${axisY}" x2="${LABEL_WIDTH + AXIS_WIDTH}" y2="${axisY}" stroke="#555"></line>
${ticks}
</svg>`;
}
