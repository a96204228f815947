/**
 * Semantic lints beyond shape (anchors.md "Take" 5):
 * file name = slug, folder = category, unique slugs/names/aliases, real and
 * non-future dates, sorted incidents, assessments only for assessed criteria,
 * tier order, plausible ranges (lint-plausibility.ts), not_applicable only where
 * the methodology accepts it, numbers backed only by weak sources (methodology.yaml
 * "evidence"), and sources on a domain listed in sources/unreliable-domains.yaml.
 * Stale facts are not warnings: the build publishes them with stale: true and the
 * report counts them per category.
 */
import path from 'node:path';
import { nameKey } from '../../runtime/domain/compute/platform-match.js';
import { problemAt, type SourceDocument } from '../load/load.js';
import { lintPlausibility } from './lint-plausibility.js';
import type { Problem } from '../problems.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import type { PlatformSource } from '../../runtime/domain/sources/platform-schema.js';
import { unreliableDomainOf } from '../../runtime/domain/sources/unreliable-domains-schema.js';
import { isNotApplicable } from '../../runtime/domain/sources/common-schema.js';
import { weakNumbers } from '../../runtime/domain/scoring/numeric-evidence.js';
import { staleFor, type EvidenceContext } from '../../runtime/domain/scoring/fact-states.js';
import { groupsOfRule } from '../../runtime/domain/scoring/criterion-rules.js';

/**
 * A platform file with its document. `platform` is present when the file passed
 * shape validation; lints that need only raw fields (names, dates, order) run
 * on every file so an editor sees all problems at once.
 */
export interface LoadedPlatform {
  source: SourceDocument;
  platform?: PlatformSource;
}

/** The raw top-level mapping of a file, as far as lints can read it. */
interface RawPlatform {
  slug?: unknown;
  name?: unknown;
  category?: unknown;
  as_of?: unknown;
  aliases?: unknown;
  facts?: unknown;
  assessments?: unknown;
  incidents?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const asOfOf = (v: unknown): string | undefined => (v && typeof v === 'object' ? str((v as { as_of?: unknown }).as_of) : undefined);

const DATE_KEYS = new Set(['as_of', 'published', 'date']);

/** Days in each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when `value` (YYYY-MM-DD) names a real day of the proleptic Gregorian calendar (ISO 8601). */
function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * Visits every property of every mapping in a raw YAML value, depth first in document order:
 * `visit(key, value, at)` with `at` the property's path (a live stack: copy it to keep it).
 * A visit that returns true stops the descent into that value. (A recursive loop with one
 * path stack: nested generators that copied the path at every level were most of the lint
 * time of a 10,000-platform build.)
 */
function walkMappings(value: unknown, visit: (key: string, value: unknown, path: PropertyKey[]) => boolean, at: PropertyKey[] = []): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      at.push(i);
      walkMappings(value[i], visit, at);
      at.pop();
    }
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[key];
      at.push(key);
      if (!visit(key, v, at)) walkMappings(v, visit, at);
      at.pop();
    }
  }
}

/** Every date field (as_of, published, date) holding a string in a raw file, with its path. */
function datesIn(raw: unknown): Array<{ path: PropertyKey[]; value: string }> {
  const found: Array<{ path: PropertyKey[]; value: string }> = [];
  walkMappings(raw, (key, v, at) => {
    if (!DATE_KEYS.has(key) || typeof v !== 'string') return false;
    found.push({ path: [...at], value: v });
    return true;
  });
  return found;
}

/** Every `url` of a citation (an item of a `sources` list) in a raw file, with its path. */
function sourceUrlsIn(raw: unknown): Array<{ path: PropertyKey[]; url: string }> {
  const found: Array<{ path: PropertyKey[]; url: string }> = [];
  walkMappings(raw, (key, v, at) => {
    if (key !== 'sources' || !Array.isArray(v)) return false;
    v.forEach((item, i) => {
      const url = (item as { url?: unknown } | null)?.url;
      if (typeof url === 'string') found.push({ path: [...at, i, 'url'], url });
    });
    return true;
  });
  return found;
}

/** Lints of one platform file on its own. `today` is YYYY-MM-DD (the only place the clock is read). */
function lintPlatform({ source, platform }: LoadedPlatform, methodology: Methodology, today: string, evidence: EvidenceContext): Problem[] {
  const unreliable = evidence.lists.unreliable;
  const problems: Problem[] = [];
  const error = (p: PropertyKey[], message: string, hint?: string) => problems.push(problemAt(source, p, 'error', message, hint));
  const warn = (p: PropertyKey[], message: string, hint?: string) => problems.push(problemAt(source, p, 'warning', message, hint));
  const raw = (source.data ?? {}) as RawPlatform;
  const slug = str(raw.slug);
  const category = str(raw.category);

  const base = path.basename(source.file).replace(/\.ya?ml$/, '');
  const folder = path.basename(path.dirname(source.file));
  if (slug !== undefined && base !== slug) error(['slug'], `slug "${slug}" differs from the file name "${base}"`, `rename the file to ${slug}.yaml or change the slug`);
  if (category !== undefined && folder !== category) error(['category'], `category "${category}" differs from the folder "${folder}"`, `move the file to sources/platforms/${category}/`);
  if (slug?.includes('-vs-')) error(['slug'], 'a slug may not contain "-vs-" (it separates the two slugs of a verdict)');

  for (const d of datesIn(raw)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d.value)) continue; // the schema reports the format
    if (!isRealDate(d.value)) {
      error(d.path, `"${d.value}" is not a real calendar date`);
    } else if (d.value > today) {
      error(d.path, `date ${d.value} is in the future (today is ${today})`);
    }
  }

  for (const { path: at, url } of unreliable.size ? sourceUrlsIn(raw) : []) {
    const listed = unreliableDomainOf(url, unreliable);
    if (listed) error(at, `${listed.domain} is listed as unreliable (${listed.reason})`, "cite the platform's own page, a regulator's release, a court record or a reputable outlet instead");
  }

  const groups = [raw.facts, raw.assessments].flatMap((g) => (g && typeof g === 'object' ? Object.values(g) : []));
  for (const [container, entries] of [['facts', raw.facts], ['assessments', raw.assessments]] as const) {
    if (!entries || typeof entries !== 'object') continue;
    for (const [key, group] of Object.entries(entries)) {
      const precision = (group as { as_of_precision?: unknown } | null)?.as_of_precision;
      const asOf = asOfOf(group);
      if (!asOf) continue;
      if (precision === 'year' && !asOf.endsWith('-01-01')) {
        error([container, key, 'as_of'], `with as_of_precision year, as_of must be 1 January (${asOf.slice(0, 4)}-01-01)`);
      } else if (precision === 'month' && !asOf.endsWith('-01')) {
        error([container, key, 'as_of'], `with as_of_precision month, as_of must be the 1st of the month (${asOf.slice(0, 7)}-01)`);
      }
    }
  }
  const facts = raw.facts && typeof raw.facts === 'object' ? Object.entries(raw.facts) : [];
  const kinds = category && category in methodology.categories ? methodology.categories[category as PlatformSource['category']].fact_kinds : {};
  for (const [key, group] of facts) {
    const asOf = asOfOf(group);
    if (!asOf || typeof (group as { stale_reason?: unknown }).stale_reason !== 'string') continue;
    if (!staleFor(kinds[key] ?? 'product_facts', asOf, evidence)) {
      warn(['facts', key, 'stale_reason'], `the fact is not stale on ${evidence.evaluationDate} (as_of ${asOf}), so its stale_reason is never shown`, 'remove stale_reason');
    }
  }

  const newest = groups.map(asOfOf).filter((d): d is string => d !== undefined).sort().at(-1);
  const recordAsOf = str(raw.as_of);
  if (newest && recordAsOf && newest > recordAsOf) {
    error(['as_of'], `record as_of ${recordAsOf} is older than the newest fact (${newest})`, `set as_of to ${newest}`);
  }

  const incidents = Array.isArray(raw.incidents) ? raw.incidents.map((i) => str((i as { date?: unknown } | null)?.date)) : [];
  for (let i = 1; i < incidents.length; i++) {
    const [prev, cur] = [incidents[i - 1], incidents[i]];
    if (prev && cur && cur < prev) {
      error(['incidents', i, 'date'], `incidents are not in date order: ${cur} comes after ${prev}`, 'sort incidents by date, oldest first');
    }
  }

  if (!platform) return problems;
  problems.push(...lintPlausibility(source, platform));
  problems.push(...lintNotApplicable(source, platform, methodology));
  problems.push(...lintNumericEvidence(source, platform, methodology, evidence));
  const criteria = methodology.categories[platform.category].criteria;
  for (const key of Object.keys(platform.assessments ?? {})) {
    const criterion = criteria.find((c) => c.key === key);
    if (!criterion) {
      error(['assessments', key], `"${key}" is not a criterion of ${platform.category}`, `criteria: ${criteria.map((c) => c.key).join(', ')}`);
    } else if (criterion.rule.kind !== 'assessed') {
      error(['assessments', key], `criterion "${key}" is derived from facts (rule ${criterion.rule.kind}), so it takes no assessment`, 'remove it; give the facts it is computed from instead');
    }
  }

  const ascending = (list: readonly number[], at: PropertyKey[], field: string, mustStartAtZero: boolean) => {
    if (mustStartAtZero && list[0] !== 0) error([...at, 0, field], `the first tier must start at 0 (found ${list[0]})`);
    for (let i = 1; i < list.length; i++) {
      if (list[i]! <= list[i - 1]!) error([...at, i, field], 'tiers must be in strictly ascending order');
    }
  };
  if (platform.category === 'exchanges' && platform.facts.trading_fees) {
    ascending(platform.facts.trading_fees.tiers.map((t) => t.min_volume_30d_usd), ['facts', 'trading_fees', 'tiers'], 'min_volume_30d_usd', true);
  }
  const options = platform.category === 'brokerages' ? platform.facts.options_fees : undefined;
  if (options && !isNotApplicable(options)) {
    ascending(options.tiers.map((t) => t.min_contracts_per_month), ['facts', 'options_fees', 'tiers'], 'min_contracts_per_month', true);
  }
  if (platform.category === 'high-yield-savings' && platform.facts.apy) {
    ascending(platform.facts.apy.tiers.map((t) => t.min_balance_usd), ['facts', 'apy', 'tiers'], 'min_balance_usd', false);
  }
  return problems;
}

/** A fact group recorded as not_applicable must be read by a criterion whose methodology accepts it. */
function lintNotApplicable(source: SourceDocument, platform: PlatformSource, methodology: Methodology): Problem[] {
  const problems: Problem[] = [];
  const criteria = methodology.categories[platform.category].criteria;
  for (const [name, group] of Object.entries(platform.facts as Record<string, unknown>)) {
    if (!isNotApplicable(group)) continue;
    const readers = criteria.filter((c) => groupsOfRule(c.rule, platform.category).includes(name));
    const refusing = readers.filter((c) => c.not_applicable === undefined).map((c) => c.key);
    if (readers.length === 0 || refusing.length > 0) {
      const accepting = criteria.filter((c) => c.not_applicable !== undefined).flatMap((c) => groupsOfRule(c.rule, platform.category));
      problems.push(problemAt(source, ['facts', name, 'not_applicable'], 'error',
        readers.length === 0 ? `no criterion of ${platform.category} reads "${name}", so it cannot be not applicable` : `criterion ${refusing.join(', ')} does not accept a not-applicable "${name}" (methodology.yaml)`,
        `not_applicable is accepted on: ${[...new Set(accepting)].join(', ') || 'none in this category'}; record the fact, or leave the group out when it is unknown`));
    }
  }
  return problems;
}

/**
 * A numeric fact (APY, fee, price; an incident's penalty or restitution) needs a primary source or a
 * reputable one with a published date (methodology.yaml "evidence"; severity from `numeric_weak_only`).
 */
function lintNumericEvidence(source: SourceDocument, platform: PlatformSource, methodology: Methodology, evidence: EvidenceContext): Problem[] {
  const hint = "cite the platform's own page or filing, a regulator or court, or a reputable outlet's dated article (sources/source-tiers.yaml); remove the number when none exists";
  return weakNumbers(platform, evidence.lists).map((w) => problemAt(source, w.path, methodology.evidence.numeric_weak_only, `${w.label} is backed only by weak sources`, hint));
}

/** Uniqueness of slugs, names and aliases across all platforms, ignoring case. */
function lintUniqueNames(platforms: readonly LoadedPlatform[]): Problem[] {
  const problems: Problem[] = [];
  const owner = new Map<string, { file: string }>();
  for (const { source } of platforms) {
    const raw = (source.data ?? {}) as RawPlatform;
    const aliases = Array.isArray(raw.aliases) ? raw.aliases : [];
    const names: Array<[PropertyKey[], unknown]> = [[['slug'], raw.slug], [['name'], raw.name], ...aliases.map((a, i): [PropertyKey[], unknown] => [['aliases', i], a])];
    const own = new Set<string>();
    for (const [at, value] of names) {
      if (typeof value !== 'string') continue;
      const key = nameKey(value);
      const seen = owner.get(key);
      if (seen && seen.file !== source.file) {
        problems.push(problemAt(source, at, 'error', `"${value}" is already used by ${seen.file}`, 'slugs, names and aliases must be unique across all platforms, ignoring case'));
      } else if (!own.has(key)) {
        own.add(key);
        owner.set(key, { file: source.file });
      }
    }
  }
  return problems;
}

/**
 * Every lint over the loaded platforms.
 * @param today YYYY-MM-DD, the limit of future-date checks
 * @param evidence evaluation date, freshness windows and the tier and unreliable-domain lists
 */
export function lintPlatforms(platforms: readonly LoadedPlatform[], methodology: Methodology, today: string, evidence: EvidenceContext): Problem[] {
  return [...platforms.flatMap((p) => lintPlatform(p, methodology, today, evidence)), ...lintUniqueNames(platforms)];
}
