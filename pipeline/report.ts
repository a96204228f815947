/**
 * `npm run report`: where the data is thin, per category, and how far each
 * category is from the data targets. Pure function over the scored dataset
 * (the printing is in pipeline/report-cli.ts). Figures: platform count,
 * coverage distribution, eligible share under default weights, stale and
 * weak-evidence counts (on the evaluation date, methodology.yaml `freshness`
 * and "evidence"), fee estimates complete with the default inputs, device
 * prices, regulatory actions citing a regulator or court, savings APY dates,
 * incidents by class and sources by domain.
 */
import { CATEGORY_IDS, type CategoryId } from '../runtime/contract/categories.js';
import { estimateFees, type FeeProfile } from '../runtime/compute/fees.js';
import { LIMITS } from '../runtime/http/parameter-rules.js';
import { tierOfUrl, type TierLists } from './score/evidence-tiers.js';
import type { ScoredPlatform } from './score/score-dataset.js';
import { INCIDENT_CLASSES } from './sources/platform-schema.js';

/** Coverage bands of the distribution, percent of default weight with data (lower bound inclusive). */
export const COVERAGE_BANDS = [
  { label: '100', min: 100 },
  { label: '75-99', min: 75 },
  { label: '50-74', min: 50 },
  { label: '0-49', min: 0 },
] as const;

/** Data targets (data round 2), checked per category; an editor reads which platforms miss. */
export const DATA_TARGETS = {
  /** Least platforms per category. */
  minPlatforms: 25,
  /** Least share (percent) eligible under default weights. */
  minEligiblePct: 80,
  /** Least share (percent) of exchanges and brokerages fully costed with the default fee inputs. */
  minFullyCostedPct: 80,
  /** Least share (percent) of hardware wallets with a price. */
  minPricedPct: 90,
  /** Least share (percent) of regulatory actions citing a regulator or court. */
  minRegulatorCitedPct: 80,
  /** Savings APYs dated before this are listed (they are published as stale). */
  apyNotBefore: '2025-06-01',
} as const;

export interface CategoryReport {
  category: CategoryId;
  platforms: number;
  coverage: Record<(typeof COVERAGE_BANDS)[number]['label'], number>;
  under_gate: string[];
  /** Fact groups and assessments older than their freshness window. */
  stale_facts: number;
  /** Fact groups and assessments whose strongest source is weak. */
  weak_facts: number;
  /** All fact groups and assessments. */
  facts: number;
  /** Exchanges and brokerages: not fully costed with the default fee inputs (null for other categories). */
  not_fully_costed: string[] | null;
  /** Hardware wallets without a price (null for other categories). */
  unpriced: string[] | null;
  regulatory_actions: number;
  /** Regulatory actions with no source on a regulator's or court's domain. */
  regulator_not_cited: string[];
  /** Savings: APYs dated before DATA_TARGETS.apyNotBefore (null for other categories). */
  old_apys: string[] | null;
  incidents: Record<(typeof INCIDENT_CLASSES)[number], number>;
  sources_by_domain: Array<[string, number]>;
}

const pct = (part: number, whole: number): number => (whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10);

/** The default inputs of GET /v1/fees. */
const DEFAULT_FEE_PROFILE = Object.fromEntries(LIMITS.feeParameters.map((p) => [p.name, p.default])) as unknown as FeeProfile;

/**
 * The report per category.
 * @param gate coverage gate in percent (methodology coverage_gate_pct)
 * @param lists the evidence tier lists (to tell a regulator's or court's page from the platform's own)
 */
export function dataReport(platforms: readonly ScoredPlatform[], gate: number, lists: TierLists): CategoryReport[] {
  return CATEGORY_IDS.map((category) => {
    const members = platforms.filter((p) => p.source.category === category);
    const coverage = Object.fromEntries(COVERAGE_BANDS.map((b) => [b.label, 0])) as CategoryReport['coverage'];
    const incidents = Object.fromEntries(INCIDENT_CLASSES.map((c) => [c, 0])) as CategoryReport['incidents'];
    const domains = new Map<string, number>();
    let stale = 0;
    let weak = 0;
    let facts = 0;
    let regulatory = 0;
    const regulatorNotCited: string[] = [];
    for (const p of members) {
      coverage[COVERAGE_BANDS.find((b) => p.model.coverage >= b.min)!.label]++;
      for (const f of p.facts.values()) {
        facts++;
        if (f.stale) stale++;
        if (f.evidence_tier === 'weak') weak++;
      }
      for (const c of p.criteria) {
        if (c.basis !== 'assessed') continue;
        facts++;
        if (c.stale) stale++;
        if (c.evidence_tier === 'weak') weak++;
      }
      for (const i of p.source.incidents ?? []) {
        incidents[i.class]++;
        if (i.class !== 'regulatory_action') continue;
        regulatory++;
        if (!i.sources.some((s) => tierOfUrl(s.url, [], lists) === 'primary')) regulatorNotCited.push(`${p.source.slug} ${i.date}`);
      }
      const urls = [
        ...Object.values(p.source.facts as Record<string, { sources: Array<{ url: string }> } | undefined>).flatMap((g) => g?.sources ?? []),
        ...Object.values(p.source.assessments ?? {}).flatMap((a) => a.sources),
        ...(p.source.incidents ?? []).flatMap((i) => i.sources),
        ...(p.source.licences ?? []).flatMap((l) => l.sources),
      ];
      for (const { url } of urls) {
        const host = new URL(url).hostname.replace(/^www\./, '');
        domains.set(host, (domains.get(host) ?? 0) + 1);
      }
    }
    const costed = category === 'exchanges' || category === 'brokerages';
    return {
      category,
      platforms: members.length,
      coverage,
      under_gate: members.filter((p) => p.model.coverage < gate).map((p) => p.source.slug).sort(),
      stale_facts: stale,
      weak_facts: weak,
      facts,
      not_fully_costed: costed
        ? members.filter((p) => !p.model.fees || estimateFees(p.model.fees, DEFAULT_FEE_PROFILE).unknown_items.length > 0).map((p) => p.source.slug).sort()
        : null,
      unpriced: category === 'hardware-wallets' ? members.filter((p) => p.source.category === 'hardware-wallets' && !p.source.facts.price).map((p) => p.source.slug).sort() : null,
      regulatory_actions: regulatory,
      regulator_not_cited: regulatorNotCited.sort(),
      old_apys: category === 'high-yield-savings'
        ? members.filter((p) => p.source.category === 'high-yield-savings' && p.source.facts.apy && p.source.facts.apy.as_of < DATA_TARGETS.apyNotBefore).map((p) => `${p.source.slug} ${(p.source.facts as { apy: { as_of: string } }).apy.as_of}`).sort()
        : null,
      incidents,
      sources_by_domain: [...domains].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    };
  });
}

/** The report as Markdown: a summary table, the targets per category with the platforms that miss, and the top source domains. */
export function formatDataReport(reports: readonly CategoryReport[], topDomains = 5): string {
  const lines = [
    '| category | platforms | coverage 100 | 75-99 | 50-74 | 0-49 | under gate | stale facts | weak facts | facts | funds_lost | data_breach | regulatory_action | outage | other |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const row = (label: string, list: readonly CategoryReport[]) => {
    const sum = (g: (r: CategoryReport) => number) => list.reduce((s, r) => s + g(r), 0);
    return `| ${label} | ${sum((r) => r.platforms)} | ${sum((r) => r.coverage['100'])} | ${sum((r) => r.coverage['75-99'])} | ${sum((r) => r.coverage['50-74'])} | ${sum((r) => r.coverage['0-49'])} | ${sum((r) => r.under_gate.length)} | ${sum((r) => r.stale_facts)} | ${sum((r) => r.weak_facts)} | ${sum((r) => r.facts)} | ${INCIDENT_CLASSES.map((c) => sum((r) => r.incidents[c])).join(' | ')} |`;
  };
  for (const r of reports) lines.push(row(r.category, [r]));
  lines.push(row('all', reports));
  lines.push('', '## Targets', '');
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  for (const r of reports) {
    const eligible = r.platforms - r.under_gate.length;
    lines.push(`${r.category}:`);
    lines.push(`  platforms ${r.platforms} (target ${DATA_TARGETS.minPlatforms}): ${mark(r.platforms >= DATA_TARGETS.minPlatforms)}`);
    lines.push(`  eligible under default weights ${pct(eligible, r.platforms)}% (target ${DATA_TARGETS.minEligiblePct}%): ${mark(pct(eligible, r.platforms) >= DATA_TARGETS.minEligiblePct)}; under the gate: ${r.under_gate.join(', ') || 'none'}`);
    if (r.not_fully_costed) {
      const share = pct(r.platforms - r.not_fully_costed.length, r.platforms);
      lines.push(`  fully costed with default fee inputs ${share}% (target ${DATA_TARGETS.minFullyCostedPct}%): ${mark(share >= DATA_TARGETS.minFullyCostedPct)}; not costed: ${r.not_fully_costed.join(', ') || 'none'}`);
    }
    if (r.unpriced) {
      const share = pct(r.platforms - r.unpriced.length, r.platforms);
      lines.push(`  with a price ${share}% (target ${DATA_TARGETS.minPricedPct}%): ${mark(share >= DATA_TARGETS.minPricedPct)}; no price: ${r.unpriced.join(', ') || 'none'}`);
    }
    const cited = pct(r.regulatory_actions - r.regulator_not_cited.length, r.regulatory_actions);
    lines.push(`  regulatory actions citing a regulator or court ${cited}% of ${r.regulatory_actions} (target ${DATA_TARGETS.minRegulatorCitedPct}%): ${mark(cited >= DATA_TARGETS.minRegulatorCitedPct)}; not cited: ${r.regulator_not_cited.join(', ') || 'none'}`);
    lines.push(`  stale facts ${r.stale_facts} of ${r.facts}; weak-evidence facts ${r.weak_facts} of ${r.facts} (${pct(r.weak_facts, r.facts)}%)`);
    if (r.old_apys) lines.push(`  APYs dated before ${DATA_TARGETS.apyNotBefore} (published as stale): ${r.old_apys.join(', ') || 'none'}`);
    lines.push(`  sources by domain: ${r.sources_by_domain.slice(0, topDomains).map(([d, n]) => `${d} ${n}`).join(', ') || 'none'}${r.sources_by_domain.length > topDomains ? `, and ${r.sources_by_domain.length - topDomains} more domains` : ''}`);
  }
  return lines.join('\n');
}
