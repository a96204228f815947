/**
 * Sizes shared by the site's inline SVG charts so their text stays legible on a phone: every
 * chart is drawn CHART_WIDTH user units wide, shown at that many CSS pixels where there is room
 * and scaled down only to the width of the screen (site.css: max-width 100 %, height auto), and
 * its text is CHART_FONT_PX user units high (site.css), so on a 390 px wide phone (358 px of
 * content) labels are about 12.5 px high; before, a 640-unit chart at 12 units shrank them to about
 * 6.7 px. Label widths are estimated from the character count, so labels can be kept apart.
 */

import { dayNumber } from '../contract/calendar.js';

/** Width of every chart's viewBox, in user units (CSS pixels at full size). */
export const CHART_WIDTH = 400;

/** Height of chart text in user units; site.css sets the same for svg text. */
export const CHART_FONT_PX = 14;

/** Estimated width of a text in user units: 0.6 em per character, a little wider than system-ui's digits and lower-case letters. */
export const textWidth = (text: string): number => text.length * CHART_FONT_PX * 0.6;

/**
 * Rows for labels centred at given x positions so no two in one row overlap: each label takes the
 * first row whose last label ends at least `gap` units before it starts (labels taken left to right).
 * @returns the row of each label, in the order given
 */
export function labelRows(labels: ReadonlyArray<{ x: number; width: number }>, gap = 6): number[] {
  const order = labels.map((l, i) => i).sort((a, b) => labels[a]!.x - labels[b]!.x);
  const rowEnds: number[] = [];
  const rows = new Array<number>(labels.length);
  for (const i of order) {
    const { x, width } = labels[i]!;
    let row = rowEnds.findIndex((end) => end + gap <= x - width / 2);
    if (row === -1) row = rowEnds.push(0) - 1;
    rowEnds[row] = x + width / 2;
    rows[i] = row;
  }
  return rows;
}

/** The x at which a label of `width` centred near `x` stays inside the chart (text-anchor middle). */
/**
 * The x position (SVG units, one decimal) of a YYYY-MM-DD date on a time axis from day `startDay` to `endDay`
 * (contract/calendar.ts dayNumber) drawn from `left` over `width` units: the axis of the incident timeline and the APY chart.
 */
export const dateAxis =
  (startDay: number, endDay: number, left: number, width: number) =>
  (date: string): number =>
    left + Math.round(((dayNumber(date) - startDay) / (endDay - startDay)) * width * 10) / 10;

export const clampCentre = (x: number, width: number): number => Math.min(Math.max(x, width / 2 + 1), CHART_WIDTH - width / 2 - 1);
