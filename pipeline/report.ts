/**
 * `npm run report`: where the data is thin, per category. Pure function over
 * the scored dataset (the printing is in pipeline/report-cli.ts).
 * Figures: platform count, coverage distribution, platforms under the gate,
 * facts older than STALE_AFTER_DAYS, incidents by class, sources by domain.
 */
import { CATEGORY_IDS, type CategoryId } from '../runtime/contract/categories.js';
import { STALE_AFTER_DAYS } from './lint.js';
import type { ScoredPlatform } from './score/score-dataset.js';
import { INCIDENT_CLASSES } from './sources/platform-schema.js';

/** Coverage bands of the distribution, percent of default weight with data (lower bound inclusive). */
export const COVERAGE_BANDS = [
  { label: '100', min: 100 },
  { label: '75-99', min: 75 },
  { label: '50-74', min: 50 },
  { label: '0-49', min: 0 },
] as const;

export interface CategoryReport {
  category: CategoryId;
  platforms: number;
  coverage: Record<(typeof COVERAGE_BANDS)[number]['label'], number>;
  under_gate: string[];
  stale_facts: number;
  incidents: Record<(typeof INCIDENT_CLASSES)[number], number>;
  sources_by_domain: Array<[string, number]>;
}

const DAY_MS = 86_400_000;

function* evidenceOf(value: unknown): Generator<{ as_of?: string; url?: string }> {
  if (Array.isArray(value)) {
    for (const v of value) yield* evidenceOf(v);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.url === 'string') yield { url: o.url };
    if (typeof o.as_of === 'string' && Array.isArray(o.sources)) yield { as_of: o.as_of };
    for (const v of Object.values(o)) yield* evidenceOf(v);
  }
}

/**
 * The report per category.
 * @param today YYYY-MM-DD: facts whose as_of is more than STALE_AFTER_DAYS before it count as stale
 * @param gate coverage gate in percent (methodology coverage_gate_pct)
 */
export function dataReport(platforms: readonly ScoredPlatform[], today: string, gate: number): CategoryReport[] {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  return CATEGORY_IDS.map((category) => {
    const members = platforms.filter((p) => p.source.category === category);
    const coverage = Object.fromEntries(COVERAGE_BANDS.map((b) => [b.label, 0])) as CategoryReport['coverage'];
    const incidents = Object.fromEntries(INCIDENT_CLASSES.map((c) => [c, 0])) as CategoryReport['incidents'];
    const domains = new Map<string, number>();
    let stale = 0;
    for (const p of members) {
      coverage[COVERAGE_BANDS.find((b) => p.model.coverage >= b.min)!.label]++;
      for (const i of p.source.incidents ?? []) incidents[i.class]++;
      for (const e of evidenceOf({ facts: p.source.facts, assessments: p.source.assessments, incidents: p.source.incidents, licences: p.source.licences })) {
        if (e.url) {
          const host = new URL(e.url).hostname.replace(/^www\./, '');
          domains.set(host, (domains.get(host) ?? 0) + 1);
        }
        if (e.as_of && (todayMs - Date.parse(`${e.as_of}T00:00:00Z`)) / DAY_MS > STALE_AFTER_DAYS) stale++;
      }
    }
    return {
      category,
      platforms: members.length,
      coverage,
      under_gate: members.filter((p) => p.model.coverage < gate).map((p) => p.source.slug).sort(),
      stale_facts: stale,
      incidents,
      sources_by_domain: [...domains].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    };
  });
}

/** The report as Markdown tables: a summary table, then the top source domains per category. */
export function formatDataReport(reports: readonly CategoryReport[], topDomains = 5): string {
  const lines = [
    '| category | platforms | coverage 100 | 75-99 | 50-74 | 0-49 | under gate | stale facts | funds_lost | data_breach | regulatory_action | outage | other |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of reports) {
    lines.push(
      `| ${r.category} | ${r.platforms} | ${r.coverage['100']} | ${r.coverage['75-99']} | ${r.coverage['50-74']} | ${r.coverage['0-49']} | ${r.under_gate.length} | ${r.stale_facts} | ${INCIDENT_CLASSES.map((c) => r.incidents[c]).join(' | ')} |`,
    );
  }
  const total = (f: (r: CategoryReport) => number) => reports.reduce((s, r) => s + f(r), 0);
  lines.push(`| all | ${total((r) => r.platforms)} | ${total((r) => r.coverage['100'])} | ${total((r) => r.coverage['75-99'])} | ${total((r) => r.coverage['50-74'])} | ${total((r) => r.coverage['0-49'])} | ${total((r) => r.under_gate.length)} | ${total((r) => r.stale_facts)} | ${INCIDENT_CLASSES.map((c) => total((r) => r.incidents[c])).join(' | ')} |`);
  lines.push('');
  for (const r of reports) {
    lines.push(`${r.category}: under the gate: ${r.under_gate.join(', ') || 'none'}`);
    lines.push(`  sources by domain: ${r.sources_by_domain.slice(0, topDomains).map(([d, n]) => `${d} ${n}`).join(', ') || 'none'}${r.sources_by_domain.length > topDomains ? `, and ${r.sources_by_domain.length - topDomains} more domains` : ''}`);
  }
  return lines.join('\n');
}
