/**
 * The sentence every page that shows coverage carries beside it: what coverage is and what the
 * coverage gate does (methodology.yaml `coverage_gate_pct`; README "Scores"), so "coverage 40 %"
 * or "under the gate" never stands unexplained.
 */
import type { Site } from '../contract/model.js';
import { sitePath } from '../contract/urls.js';
import { html, type SafeHtml } from './html.js';

/**
 * The explanation as a paragraph, linking to the methodology's scores section.
 * @param gatePct the coverage gate in percent (0-100), as the methodology sets it
 */
export function coverageNote(site: Site, gatePct: number): SafeHtml {
  return html`<p class="coverage-note">Coverage is the share of the criteria's weight that has sourced data. A platform under the coverage gate of ${gatePct} % is listed and scored, but cannot be named winner: the facts still missing could move its score either way. <a href="${sitePath(site, '/methodology#scores')}">How coverage and scores are computed</a>.</p>`;
}
