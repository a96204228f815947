/**
 * The text of an MCP tool result (docs/mcp.md "Answers sized for agents"): a few lines an agent
 * can quote (the pick, the key numbers with their as_of dates, the caveats and the page to cite),
 * while the whole REST body goes in structuredContent. Pure functions of the body; numbers are
 * the body's own (percent 0-100, USD), never recomputed.
 */
import type { CategoriesResponse, PlatformRecord, SearchResponse } from '../contract/api-schemas.js';
import type { ComparisonResponse, SafetyResponse, VerdictResponse } from '../contract/comparison-schemas.js';
import type { FeesResponse, SavingsResponse } from '../contract/calculator-schemas.js';
import type { ChangesResponse, PlatformHistoryResponse } from '../contract/history-schemas.js';

/** Most rows a summary names (the rest are in structuredContent). */
const ROWS = 5;

const pct = (value: number | null | undefined) => (value === null || value === undefined ? 'no score' : `${value}%`);
const usd = (value: number) => `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;
/** A score with the range the data leaves possible (methodology "Score ranges"), e.g. "86.5% (range 81.7-87.2%)". */
const scored = (score: number | null | undefined, low: number | null | undefined, high: number | null | undefined) =>
  score === null || score === undefined
    ? 'no score'
    : low === null || low === undefined || high === null || high === undefined || low === high
      ? `${score}%`
      : `${score}% (range ${low}-${high}%)`;
const more = (shown: number, total: number, what: string) => (total > shown ? ` (${total - shown} more ${what} in structuredContent)` : '');
/** The closing line of every summary: what to cite and that the full data is in structuredContent. */
const footer = (body: { page: string; evaluation_date: string; attribution: string }) =>
  `Data as evaluated ${body.evaluation_date}; full data with sources in structuredContent. Cite: ${body.page} (${body.attribution}). Informational, not investment advice.`;

const lines = (...parts: Array<string | false | undefined>) => parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('\n');

/** list_categories: each category with its platform count and criterion keys. */
export function categoriesSummary(b: CategoriesResponse): string {
  return lines(
    `${b.categories.length} categories: ${b.categories.map((c) => `${c.id} (${c.platform_count} platforms; criteria ${c.criteria.map((k) => k.key).join(', ')})`).join('; ')}.`,
    footer(b),
  );
}

/** search_platforms: how many match, then the first rows with score range, coverage, rank note and APY as_of; suggestions when none matches. */
export function searchSummary(b: SearchResponse): string {
  const head =
    b.total === 0
      ? `No platform matches${b.query === null ? '' : ` "${b.query}"`}${b.category ? ` in ${b.category}` : ''}.${b.suggestions?.length ? ` Did you mean: ${b.suggestions.join(', ')}?` : ''}`
      : `${b.total} platform${b.total === 1 ? '' : 's'} match${b.query === null ? '' : ` "${b.query}"`}${b.category ? ` in ${b.category}` : ''}; those that can be named winner first, best score first:`;
  const rows = b.results
    .slice(0, ROWS)
    .map(
      (r) =>
        `- ${r.name} (${r.slug}, ${r.category}): score ${scored(r.score_pct, r.score_low_pct, r.score_high_pct)}, coverage ${r.coverage}%${r.eligible ? '' : ` (${r.rank_note})`}${r.apy !== undefined ? `, APY ${r.apy}% as of ${r.apy_as_of}${r.apy_stale ? ' (stale)' : ''}` : ''}, as of ${r.as_of}`,
    );
  return lines(head, ...rows, more(Math.min(ROWS, b.results.length), b.total, 'matches'), footer(b));
}

/** get_platform: score with its range, coverage, cap and stale facts of one record. */
export function platformSummary(b: PlatformRecord): string {
  const stale = Object.entries(b.facts as Record<string, { stale?: boolean } | undefined>)
    .filter(([, f]) => f?.stale)
    .map(([k]) => k);
  return lines(
    `${b.name} (${b.slug}, ${b.category}): score ${scored(b.score_pct, b.score_low_pct, b.score_high_pct)}, coverage ${b.coverage}%${b.eligible === false ? ' (below the coverage gate: not eligible to win a comparison)' : ''}, data as of ${b.as_of}.`,
    b.cap ? `Hack cap: score at most ${b.cap.cap}% (${b.cap.reason}).` : undefined,
    stale.length > 0 && `Stale facts: ${stale.join(', ')}.`,
    footer(b),
  );
}

/** get_platform_history: how many fact changes, corrections, incidents and score points one platform's timelines hold. */
export function historySummary(b: PlatformHistoryResponse): string {
  const changed = b.facts.filter((f) => f.events.length > 0);
  const last = b.scores.at(-1);
  return lines(
    `${b.name} (${b.slug}): ${changed.length} fact timelines, ${b.incidents.length} incident changes, ${b.scores.length} score points${b.history.available ? '' : ` (history not available: ${b.history.note ?? 'no git history'})`}.`,
    last && `Latest score ${pct(last.score_pct)} on ${last.evaluation_date} (methodology ${last.methodology_version}).`,
    footer(b),
  );
}

/** list_changes: how many changes on the page and since when, the first ones, and the summary counts when asked. */
export function changesSummary(b: ChangesResponse): string {
  const s = b.summary;
  return lines(
    `${b.total} change${b.total === 1 ? '' : 's'}${b.since ? ` since ${b.since}` : ''}${b.category ? ` in ${b.category}` : ''}${b.platform ? ` for ${b.platform}` : ''}${b.kinds ? ` of kind ${b.kinds.join(', ')}` : ''}; this page ${b.changes.length} from offset ${b.offset}${b.next ? `, next: ${b.next}` : ''}.`,
    s &&
      `By kind: ${Object.entries(s.by_kind)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}.`,
    s &&
      s.by_platform.length > 0 &&
      `${s.platforms_changed} platforms changed; most: ${s.by_platform
        .slice(0, ROWS)
        .map((p) => `${p.name ?? p.slug} ${p.count}`)
        .join(', ')}.`,
    s &&
      s.largest_moves.length > 0 &&
      `Largest moves: ${s.largest_moves
        .slice(0, ROWS)
        .map((m) => `${m.name ?? m.slug} ${m.field} ${m.old_value} -> ${m.new_value}${m.new_as_of ? ` (as of ${m.new_as_of})` : ''}`)
        .join('; ')}.`,
    ...b.changes.slice(0, ROWS).map((c) => `- ${c.date.slice(0, 10)} ${c.kind}: ${c.description}`),
    !s && 'Add summary=true for counts per kind and platform and the largest moves.',
    footer(b),
  );
}

/** compare_platforms and get_verdict: the pick (or why there is none), each platform's score with its range and the caveats. */
export function comparisonSummary(b: ComparisonResponse | VerdictResponse): string {
  const head =
    b.winner === null
      ? 'No winner: no platform reaches the coverage gate under these weights.'
      : b.too_close
        ? `Too close to call: ${b.winner} leads by ${b.margin_points} points (under the ${b.too_close_margin_points}-point margin).`
        : `Pick: ${b.winner}, ahead by ${b.margin_points} points.`;
  const rows = b.products.map(
    (p) =>
      `- ${p.name}: score ${scored(p.score_pct, p.score_low_pct, p.score_high_pct)}, coverage ${p.coverage}%${p.eligible ? '' : ` (not eligible: ${p.ineligible_reason})`}${p.cap ? `, capped at ${p.cap.cap}%` : ''}, as of ${p.as_of}${p.stale_criteria.length ? `; stale: ${p.stale_criteria.join(', ')}` : ''}`,
  );
  return lines(
    `${'title' in b ? `${b.title}. ` : ''}${head} Weights: ${b.weights_source}${b.profile ? ` (profile ${b.profile})` : ''}.`,
    ...rows,
    b.caveats.length > 0 && `Caveats: ${b.caveats.join(' ')}`,
    footer(b),
  );
}

/** check_platform_safety: incidents, licences, the security score and any hack cap. */
export function safetySummary(b: SafetyResponse): string {
  const latest = b.incidents.at(-1);
  return lines(
    `${b.name} (${b.slug}): security score ${pct(b.security_score)} (${b.security_basis}), ${b.incident_count} incidents, ${b.regulatory_action_count} regulatory actions, record as of ${b.as_of}.`,
    b.cap ? `Hack cap: overall score at most ${b.cap.cap}% (${b.cap.reason}).` : 'No hack cap.',
    latest && `Latest incident: ${latest.date} ${latest.title}.`,
    footer(b),
  );
}

/** estimate_savings_interest: the top rows with the APY used and its as_of, and the no-current-pick sentence first when no APY is fresh. */
export function savingsSummary(b: SavingsResponse): string {
  const ranked = b.results.filter((r) => r.ranked);
  const rows = ranked
    .slice(0, ROWS)
    .map(
      (r) =>
        `- ${r.name}: ${usd(r.interest_usd)} interest at ${r.apy}% APY (as of ${r.as_of}${r.stale ? ', stale: ranked after fresh APYs, newest first' : ''})`,
    );
  return lines(
    b.no_current_pick_note ?? undefined,
    `${usd(b.balance_usd)} over ${b.months} months, APY held constant; fresh APYs first by interest, then stale ones newest first:`,
    ...rows,
    more(rows.length, ranked.length, 'ranked accounts'),
    b.results.length > ranked.length && `${b.results.length - ranked.length} accounts unranked (the balance cannot open them or earn the APY).`,
    b.excluded.length > 0 && `Left out: ${b.excluded.map((e) => `${e.name} (${e.reason})`).join('; ')}.`,
    'Rates change; this is a projection at published APYs.',
    footer(b),
  );
}

/** estimate_fees: the cheapest ranked platforms a year (USD) and how many are unranked for an unknown fee line. */
export function feesSummary(b: FeesResponse): string {
  const ranked = b.results.filter((r) => r.ranked);
  const rows = ranked
    .slice(0, ROWS)
    .map(
      (r) =>
        `- ${r.name}: ${r.annual_total_usd === null ? `total unknown (a fee line without data; priced lines ${usd(r.known_subtotal_usd)})` : `${usd(r.annual_total_usd)} a year`}${r.stale ? ' (a line priced from stale data)' : ''}`,
    );
  return lines(
    `Estimated annual fees at ${b.category === 'brokerage' ? 'brokerages' : 'exchanges'} for ${b.inputs.trades_per_month} trades a month of ${usd(b.inputs.avg_trade_size)}, ${b.inputs.options_contracts_per_month} options contracts a month, ${b.inputs.transfers_per_year} transfers out a year; cheapest first:`,
    ...rows,
    more(rows.length, ranked.length, 'ranked platforms'),
    b.results.length > ranked.length && `${b.results.length - ranked.length} platforms unranked (a fee line without data; known totals in structuredContent).`,
    footer(b),
  );
}

/** get_methodology: the version, the coverage gate, the too-close margins and the criteria per category. */
export function methodologySummary(b: {
  methodology_version: string;
  coverage_gate_pct: number;
  too_close: unknown;
  categories: Array<{ id: string; criteria: unknown[] }>;
  page: string;
  evaluation_date: string;
  attribution: string;
}): string {
  return lines(
    `Methodology ${b.methodology_version}: a platform needs ${b.coverage_gate_pct}% coverage to win; too-close margins ${JSON.stringify(b.too_close)}; ${b.categories.map((c) => `${c.id} ${c.criteria.length} criteria`).join(', ')}.`,
    footer(b),
  );
}
