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
import { CATEGORY_IDS, type CategoryId } from '../runtime/domain/contract/categories.js';
import { estimateFees, type FeeProfile } from '../runtime/domain/compute/fees.js';
import { reachesCoverageGate } from '../runtime/domain/compute/ranking-order.js';
import { LIMITS } from '../runtime/domain/contract/parameter-rules.js';
import { tierOfUrl, type TierLists } from '../runtime/domain/scoring/evidence-tiers.js';
import type { ScoredPlatform } from './score/score-dataset.js';
import { figuresOf } from './score/figures.js';
import { weakNumbers } from '../runtime/domain/scoring/numeric-evidence.js';
import { INCIDENT_CLASSES } from '../runtime/domain/sources/platform-schema.js';

/** Coverage bands of the distribution, percent of default weight with data (lower bound inclusive). */
const COVERAGE_BANDS = [
  { label: '100', min: 100 },
  { label: '75-99', min: 75 },
  { label: '50-74', min: 50 },
  { label: '0-49', min: 0 },
] as const;

/** The data targets of README "Two commands" (npm run report), checked per category; an editor reads which platforms miss. */
const DATA_TARGETS = {
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
  /** Savings APYs dated before this need a `stale_reason` (nothing newer was found); they are published as stale. */
  apyNotBefore: '2025-06-01',
  /** Least platforms over all categories. */
  minPlatformsTotal: 150,
  /** Most share (percent) of facts and assessments whose every source is weak, over all categories. */
  maxWeakOnlyPct: 5,
  /** Most numbers (APY, fee, price, penalty) backed only by weak sources, per category. */
  maxWeakNumbers: 0,
} as const;

export interface CategoryReport {
  category: CategoryId;
  platforms: number;
  coverage: Record<(typeof COVERAGE_BANDS)[number]['label'], number>;
  /** Platforms below the coverage gate, as "slug (no data: criterion keys with weight, ...)". */
  under_gate: string[];
  /** Fact groups and assessments older than their freshness window. */
  stale_facts: number;
  /** The same, by platform: "slug (fact group or assessed criterion, ...)", most first, so an editor knows what to re-date. */
  stale_by_platform: string[];
  /** Fact groups and assessments whose strongest source is weak. */
  weak_facts: number;
  /** All fact groups and assessments. */
  facts: number;
  /** Exchanges and brokerages not fully costed with the default fee inputs, as "slug (unknown: fee items)" (null for other categories). */
  not_fully_costed: string[] | null;
  /** Hardware wallets without a price (null for other categories). */
  unpriced: string[] | null;
  regulatory_actions: number;
  /** Regulatory actions with no source on a regulator's or court's domain. */
  regulator_not_cited: string[];
  /** Savings: APYs dated before DATA_TARGETS.apyNotBefore, as "slug as_of" (null for other categories). */
  old_apys: string[] | null;
  /** Savings: the old APYs without a `stale_reason` (null for other categories). */
  old_apys_unexplained: string[] | null;
  /** Numbers backed only by weak sources, as "slug: what" (runtime/domain/scoring/numeric-evidence.ts). */
  weak_numbers: string[];
  incidents: Record<(typeof INCIDENT_CLASSES)[number], number>;
  sources_by_domain: Array<[string, number]>;
}

const pct = (part: number, whole: number): number => (whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10);

/**
 * A platform under the coverage gate named with what it lacks: "slug (no data: key, key)", the
 * criteria with a default weight whose basis is `missing` (methodology "Coverage"), so an editor
 * knows which facts or assessments to research.
 */
function withMissingCriteria(p: ScoredPlatform): string {
  const keys = p.criteria.filter((c) => c.basis === 'missing' && c.default_weight > 0).map((c) => c.key);
  return `${p.source.slug} (no data: ${keys.join(', ') || 'none'})`;
}

/** The default inputs of GET /v1/fees. */
export const DEFAULT_FEE_PROFILE = Object.fromEntries(LIMITS.feeParameters.map((p) => [p.name, p.default])) as unknown as FeeProfile;

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
    const weakNumberList: string[] = [];
    const staleByPlatform: Array<[string, string[]]> = [];
    for (const p of members) {
      coverage[COVERAGE_BANDS.find((b) => p.model.coverage >= b.min)!.label]++;
      const staleHere: string[] = [];
      for (const f of figuresOf(p)) {
        facts++;
        if (f.stale) staleHere.push(f.key);
        if (f.evidence_tier === 'weak') weak++;
      }
      stale += staleHere.length;
      if (staleHere.length) staleByPlatform.push([p.source.slug, staleHere]);
      weakNumberList.push(...weakNumbers(p.source, lists).map((w) => `${p.source.slug}: ${w.label}`));
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
    const oldApys =
      category === 'high-yield-savings'
        ? members
            .flatMap((p) =>
              p.source.category === 'high-yield-savings' && p.source.facts.apy && p.source.facts.apy.as_of < DATA_TARGETS.apyNotBefore
                ? [{ slug: p.source.slug, as_of: p.source.facts.apy.as_of, reason: p.source.facts.apy.stale_reason }]
                : [],
            )
            .sort((a, b) => a.slug.localeCompare(b.slug))
        : null;
    return {
      category,
      platforms: members.length,
      coverage,
      under_gate: members
        .filter((p) => !reachesCoverageGate(p.model.coverage, gate))
        .map(withMissingCriteria)
        .sort(),
      stale_facts: stale,
      stale_by_platform: staleByPlatform
        .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
        .map(([slug, keys]) => `${slug} (${keys.join(', ')})`),
      weak_facts: weak,
      facts,
      not_fully_costed: costed
        ? members
            .flatMap((p) => {
              const unknown = p.model.fees ? estimateFees(p.model.fees, DEFAULT_FEE_PROFILE).unknown_items : null;
              if (unknown?.length === 0) return [];
              return [`${p.source.slug} (unknown: ${unknown ? unknown.join(', ') : 'no fee facts'})`];
            })
            .sort()
        : null,
      unpriced:
        category === 'hardware-wallets'
          ? members
              .filter((p) => p.source.category === 'hardware-wallets' && !p.source.facts.price)
              .map((p) => p.source.slug)
              .sort()
          : null,
      regulatory_actions: regulatory,
      regulator_not_cited: regulatorNotCited.sort(),
      old_apys: oldApys?.map((a) => `${a.slug} ${a.as_of}`) ?? null,
      old_apys_unexplained: oldApys?.filter((a) => !a.reason).map((a) => `${a.slug} ${a.as_of}`) ?? null,
      weak_numbers: weakNumberList,
      incidents,
      sources_by_domain: [...domains].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    };
  });
}

/** One data target evaluated: where (a category or all), which, the figure, and who misses it. */
export interface TargetResult {
  scope: CategoryId | 'all';
  /** Stable id: platforms, eligible, fully_costed, priced, regulator_cited, weak_numbers, apy_dates, platforms_total, weak_only_share. */
  target: string;
  /** The figure and the target, as a reader sees them, e.g. "66.7% (target 80%)". */
  figure: string;
  met: boolean;
  /** The platforms (or entries) that miss it, so an editor knows what to fix next. */
  missing: string[];
}

/** Every data target of DATA_TARGETS evaluated over the category reports (the one place the targets are judged). */
export function evaluateTargets(reports: readonly CategoryReport[]): TargetResult[] {
  const results: TargetResult[] = [];
  const atLeast = (share: number, min: number) => ({ figure: `${share}% (target ${min}%)`, met: share >= min });
  for (const r of reports) {
    const add = (target: string, judged: { figure: string; met: boolean }, missing: string[]) =>
      results.push({ scope: r.category, target, ...judged, missing });
    add('platforms', { figure: `${r.platforms} (target ${DATA_TARGETS.minPlatforms})`, met: r.platforms >= DATA_TARGETS.minPlatforms }, []);
    add('eligible', atLeast(pct(r.platforms - r.under_gate.length, r.platforms), DATA_TARGETS.minEligiblePct), r.under_gate);
    if (r.not_fully_costed)
      add('fully_costed', atLeast(pct(r.platforms - r.not_fully_costed.length, r.platforms), DATA_TARGETS.minFullyCostedPct), r.not_fully_costed);
    if (r.unpriced) add('priced', atLeast(pct(r.platforms - r.unpriced.length, r.platforms), DATA_TARGETS.minPricedPct), r.unpriced);
    const cited = pct(r.regulatory_actions - r.regulator_not_cited.length, r.regulatory_actions);
    add(
      'regulator_cited',
      { figure: `${cited}% of ${r.regulatory_actions} (target ${DATA_TARGETS.minRegulatorCitedPct}%)`, met: cited >= DATA_TARGETS.minRegulatorCitedPct },
      r.regulator_not_cited,
    );
    add(
      'weak_numbers',
      { figure: `${r.weak_numbers.length} (target ${DATA_TARGETS.maxWeakNumbers})`, met: r.weak_numbers.length <= DATA_TARGETS.maxWeakNumbers },
      r.weak_numbers,
    );
    if (r.old_apys_unexplained) {
      add(
        'apy_dates',
        {
          figure: `${r.old_apys!.length} before ${DATA_TARGETS.apyNotBefore}, ${r.old_apys_unexplained.length} of them without a stale_reason (target 0)`,
          met: r.old_apys_unexplained.length === 0,
        },
        r.old_apys_unexplained,
      );
    }
  }
  const total = reports.reduce((n, r) => n + r.platforms, 0);
  results.push({
    scope: 'all',
    target: 'platforms_total',
    figure: `${total} (target ${DATA_TARGETS.minPlatformsTotal})`,
    met: total >= DATA_TARGETS.minPlatformsTotal,
    missing: [],
  });
  const weakShare = pct(
    reports.reduce((n, r) => n + r.weak_facts, 0),
    reports.reduce((n, r) => n + r.facts, 0),
  );
  results.push({
    scope: 'all',
    target: 'weak_only_share',
    figure: `${weakShare}% of facts (target at most ${DATA_TARGETS.maxWeakOnlyPct}%)`,
    met: weakShare <= DATA_TARGETS.maxWeakOnlyPct,
    missing: [],
  });
  return results;
}

/** How each target reads in the report. */
const TARGET_LABELS: Record<string, string> = {
  platforms: 'platforms',
  eligible: 'eligible under default weights',
  fully_costed: 'fully costed with default fee inputs',
  priced: 'with a price',
  regulator_cited: 'regulatory actions citing a regulator or court',
  weak_numbers: 'numbers backed only by weak sources',
  apy_dates: 'APYs',
  platforms_total: 'platforms',
  weak_only_share: 'weak-only evidence',
};

/** The page that says why each missed target is still open and which source would close it. */
const DATA_GAPS_PAGE = 'docs/data-gaps.md';

/**
 * The report as Markdown: a summary table, the targets per category with the platforms that miss
 * (and what each lacks), the platforms with the most stale facts, and the top source domains; when a
 * target is missed, a last line points to DATA_GAPS_PAGE.
 * @param topDomains source domains listed per category
 * @param topStale platforms listed per category in "stale by platform" (the JSON has all)
 */
export function formatDataReport(reports: readonly CategoryReport[], topDomains = 5, topStale = 10): string {
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
  const targets = evaluateTargets(reports);
  const targetLine = (t: TargetResult) =>
    `  ${TARGET_LABELS[t.target]} ${t.figure}: ${t.met ? 'met' : 'MISSED'}${t.missing.length ? `; missing: ${t.missing.join(', ')}` : ''}`;
  for (const r of reports) {
    lines.push(`${r.category}:`);
    for (const t of targets.filter((x) => x.scope === r.category)) lines.push(targetLine(t));
    lines.push(`  stale facts ${r.stale_facts} of ${r.facts}; weak-evidence facts ${r.weak_facts} of ${r.facts} (${pct(r.weak_facts, r.facts)}%)`);
    if (r.stale_by_platform.length) {
      const shown = r.stale_by_platform.slice(0, topStale);
      lines.push(
        `  stale by platform: ${shown.join(', ')}${r.stale_by_platform.length > shown.length ? `, and ${r.stale_by_platform.length - shown.length} more platforms (--json lists all)` : ''}`,
      );
    }
    lines.push(
      `  sources by domain: ${
        r.sources_by_domain
          .slice(0, topDomains)
          .map(([d, n]) => `${d} ${n}`)
          .join(', ') || 'none'
      }${r.sources_by_domain.length > topDomains ? `, and ${r.sources_by_domain.length - topDomains} more domains` : ''}`,
    );
  }
  lines.push('all:');
  for (const t of targets.filter((x) => x.scope === 'all')) lines.push(targetLine(t));
  if (targets.some((t) => !t.met)) lines.push('', `Why each missed target is still open, what was tried and which page would close it: ${DATA_GAPS_PAGE}`);
  return lines.join('\n');
}
