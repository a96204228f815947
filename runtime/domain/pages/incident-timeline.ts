/**
 * Inline SVG timeline of a platform's incidents (no chart service, no script): one lane per
 * incident class present, from the year of the first incident to the evaluation date, a marker
 * per incident with its year written under it, so neither colour nor shape is the only cue. The
 * incident tables next to it carry the same facts with their sources, for screen readers too.
 * Labels never overlap: the lane's name sits above its line, marker years below it in as many
 * rows as close incidents need, and the axis names every n-th year, n chosen so its labels fit
 * (chart-text.ts); text is sized to stay legible on a phone.
 */
import type { PlatformRecord } from '../contract/api-schemas.js';
import { humanize } from './format.js';
import { html, type SafeHtml } from './html.js';
import { BAR_COLOURS } from './score-chart.js';
import { CHART_FONT_PX, CHART_WIDTH, clampCentre, dateAxis, labelRows, textWidth } from './chart-text.js';
import { dayNumber, YEAR_DAYS } from '../contract/calendar.js';

type Incident = PlatformRecord['incidents'][number];

/** The axis runs from LEFT to CHART_WIDTH - RIGHT: room for half a year label at each end. */
const LEFT = 20;
const RIGHT = 20;
const AXIS_WIDTH = CHART_WIDTH - LEFT - RIGHT;
/** Vertical layout of a lane: its name, its line below, then rows of marker years. */
const LINE_OFFSET = 32;
const LABEL_ROW = CHART_FONT_PX + 4;
/** Space kept between two labels side by side. */
const LABEL_GAP = 8;

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
  const start = dayNumber(`${firstYear}-01-01`);
  const span = Math.max(1, dayNumber(evaluationDate) - start);
  const x = dateAxis(start, start + span, LEFT, AXIS_WIDTH);
  const yearWidth = textWidth('0000');
  let top = 0;
  const lanes = classes.map((cls, li) => {
    const lineY = top + LINE_OFFSET;
    const colour = BAR_COLOURS[li % BAR_COLOURS.length];
    const members = incidents.filter((i) => i.class === cls);
    const centres = members.map((i) => clampCentre(x(i.date), yearWidth));
    const rows = labelRows(
      centres.map((c) => ({ x: c, width: yearWidth })),
      LABEL_GAP,
    );
    const marks = members.map(
      (i, k) =>
        html`<circle cx="${x(i.date)}" cy="${lineY}" r="6" fill="${colour}"><title>${i.date}: ${i.title}</title></circle><text class="timeline-year" x="${centres[k]}" y="${lineY + 8 + LABEL_ROW * (rows[k]! + 1)}" text-anchor="middle">${i.date.slice(0, 4)}</text>`,
    );
    const lane = html`<text class="timeline-lane" x="0" y="${top + CHART_FONT_PX + 2}">${humanize(cls)}</text><line x1="${LEFT}" y1="${lineY}" x2="${LEFT + AXIS_WIDTH}" y2="${lineY}" stroke="#bbb"></line>${marks}`;
    top = lineY + 8 + LABEL_ROW * (Math.max(...rows) + 1) + 10;
    return lane;
  });
  const axisY = top + 4;
  const perYear = (AXIS_WIDTH * YEAR_DAYS) / span;
  const step = Math.max(1, Math.ceil((yearWidth + LABEL_GAP) / perYear));
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, k) => firstYear + k).filter((y) => (y - firstYear) % step === 0);
  const ticks = years.map(
    (year) =>
      html`<line x1="${x(`${year}-01-01`)}" y1="${axisY - 4}" x2="${x(`${year}-01-01`)}" y2="${axisY + 2}" stroke="#555"></line><text class="timeline-axis" x="${x(`${year}-01-01`)}" y="${axisY + LABEL_ROW + 2}" text-anchor="middle">${year}</text>`,
  );
  const height = axisY + LABEL_ROW + 8;
  const description = incidents.map((i) => `${i.date} ${humanize(i.class)}: ${i.title}`).join('; ');
  return html`<svg class="incident-timeline" viewBox="0 0 ${CHART_WIDTH} ${height}" width="${CHART_WIDTH}" height="${height}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">Incidents over time, ${firstYear} to ${evaluationDate}</title>
<desc id="${id}-desc">${description}</desc>
${lanes}
<line x1="${LEFT}" y1="${axisY}" x2="${LEFT + AXIS_WIDTH}" y2="${axisY}" stroke="#555"></line>
${ticks}
</svg>`;
}
