/**
 * Renders one fact group of a platform record as HTML, generically: scalar
 * fields as a description list (units from the field name: `_pct` percent
 * 0-100, `usd`/`_usd` US dollars), tier lists as a table, string lists joined,
 * then as_of (with its precision) and the sources as links.
 */
import { formatPct, formatUsd, humanize } from '../../../runtime/domain/pages/format.js';
import { html, type SafeHtml } from '../../../runtime/domain/pages/html.js';
import { sourceLinks } from '../../../runtime/domain/pages/layout.js';
import { CITATION_KEYS } from '../../../runtime/domain/sources/common-schema.js';

type Source = { url: string; title: string; publisher?: string; published?: string };
type Group = Record<string, unknown> & {
  as_of?: string;
  as_of_precision?: string;
  sources?: Source[];
  outlier_checked?: boolean;
  stale_reason?: string;
  stale?: boolean;
  evidence_tier?: string;
  not_applicable?: string;
};

/** Shown apart from the fact's fields: the as_of line and the source links. */
const EVIDENCE_KEYS = new Set(['as_of', 'as_of_precision', 'stale', 'evidence_tier', 'not_applicable', ...CITATION_KEYS]);

/** One value with its unit read from the field name. */
function factValue(key: string, value: unknown): string {
  if (value === null) return 'Unknown (the sources do not say)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (key.endsWith('_pct') || key === 'pct') return formatPct(value);
    if (key.endsWith('_usd') || key === 'usd') return formatUsd(value);
    return value.toLocaleString('en-US');
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value).replace(/_/g, ' ');
}

function tierTable(key: string, rows: Array<Record<string, unknown>>, caption: string): SafeHtml {
  const columns = Object.keys(rows[0] ?? {});
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table><caption>${caption}: ${humanize(key)}</caption>
<thead><tr>${columns.map((c) => html`<th scope="col">${humanize(c)}</th>`)}</tr></thead>
<tbody>${rows.map((r) => html`<tr>${columns.map((c) => html`<td>${factValue(c, r[c])}</td>`)}</tr>`)}</tbody></table></div>`;
}

/** The as_of line: "As of 2024-01-01 (the source gives only the year)". */
function asOfText(asOf: string, precision?: string): string {
  if (precision === 'year') return `As of ${asOf.slice(0, 4)} (the source gives only the year)`;
  if (precision === 'month') return `As of ${asOf.slice(0, 7)} (the source gives only the month)`;
  return `As of ${asOf}`;
}

/** A fact group as an article with heading level 3. */
export function factGroupHtml(key: string, group: Group): SafeHtml {
  const fields = Object.entries(group).filter(([k]) => !EVIDENCE_KEYS.has(k));
  const scalars = fields.filter(([, v]) => !(Array.isArray(v) && v.some((x) => typeof x === 'object')));
  const tables = fields.filter(([, v]) => Array.isArray(v) && v.some((x) => typeof x === 'object')) as Array<[string, Array<Record<string, unknown>>]>;
  return html`<article class="fact-group" aria-labelledby="fact-${key}"><h3 id="fact-${key}">${humanize(key)}</h3>
${group.not_applicable ? html`<p>Not applicable: ${group.not_applicable}</p>` : ''}
${scalars.length ? html`<dl>${scalars.map(([k, v]) => html`<dt>${humanize(k)}</dt><dd>${factValue(k, v)}</dd>`)}</dl>` : ''}
${tables.map(([k, rows]) => tierTable(k, rows, humanize(key)))}
<p class="as-of${group.stale ? ' stale' : ''}">${group.stale ? html`<strong>Old figure:</strong> ` : ''}${asOfText(group.as_of ?? '', group.as_of_precision)}${group.stale ? ', older than the freshness window of the methodology; check the source before relying on it' : ''}${group.stale && group.stale_reason ? ` (${group.stale_reason})` : ''}${group.evidence_tier ? ` · evidence: ${group.evidence_tier}` : ''}${group.outlier_checked ? ' · unusual value, checked against the source by an editor' : ''}</p>
${sourceLinks(group.sources ?? [])}
</article>`;
}
