/**
 * Semantic lints beyond shape (anchors.md "Take" 5; issue "Pipeline"):
 * file name = slug, folder = category, unique slugs/names/aliases, real and
 * non-future dates, sorted incidents, assessments only for assessed criteria,
 * tier order, and a warning for facts older than STALE_AFTER_DAYS.
 */
import path from 'node:path';
import { nameKey } from '../runtime/compute/platform-match.js';
import { problemAt, type SourceDocument } from './load.js';
import type { Problem } from './problems.js';
import type { Methodology } from './sources/methodology-schema.js';
import type { PlatformSource } from './sources/platform-schema.js';

/** A fact older than this many days is reported as a warning (issue 2: 365 days). */
export const STALE_AFTER_DAYS = 365;

/** A validated platform file with its document. */
export interface LoadedPlatform {
  source: SourceDocument;
  platform: PlatformSource;
}

const DATE_KEYS = new Set(['as_of', 'published', 'date']);
const DAY_MS = 86_400_000;

/** True when `value` (YYYY-MM-DD) names a real calendar day. */
export function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function* walkDates(value: unknown, at: PropertyKey[]): Generator<{ path: PropertyKey[]; value: string }> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* walkDates(value[i], [...at, i]);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (DATE_KEYS.has(k) && typeof v === 'string') yield { path: [...at, k], value: v };
      else yield* walkDates(v, [...at, k]);
    }
  }
}

/** Lints of one platform file on its own. `today` is YYYY-MM-DD (the only place the clock is read). */
function lintPlatform({ source, platform }: LoadedPlatform, methodology: Methodology, today: string): Problem[] {
  const problems: Problem[] = [];
  const error = (p: PropertyKey[], message: string, hint?: string) => problems.push(problemAt(source, p, 'error', message, hint));
  const warn = (p: PropertyKey[], message: string, hint?: string) => problems.push(problemAt(source, p, 'warning', message, hint));

  const base = path.basename(source.file).replace(/\.ya?ml$/, '');
  const folder = path.basename(path.dirname(source.file));
  if (base !== platform.slug) error(['slug'], `slug "${platform.slug}" differs from the file name "${base}"`, `rename the file to ${platform.slug}.yaml or change the slug`);
  if (folder !== platform.category) error(['category'], `category "${platform.category}" differs from the folder "${folder}"`, `move the file to sources/platforms/${platform.category}/`);
  if (platform.slug.includes('-vs-')) error(['slug'], 'a slug may not contain "-vs-" (it separates the two slugs of a verdict)');

  const todayMs = Date.parse(`${today}T00:00:00Z`);
  for (const d of walkDates(platform, [])) {
    if (!isRealDate(d.value)) {
      error(d.path, `"${d.value}" is not a real calendar date`);
    } else if (d.value > today) {
      error(d.path, `date ${d.value} is in the future (today is ${today})`);
    } else if (d.path.at(-1) === 'as_of' && (todayMs - Date.parse(`${d.value}T00:00:00Z`)) / DAY_MS > STALE_AFTER_DAYS) {
      warn(d.path, `as_of ${d.value} is older than ${STALE_AFTER_DAYS} days`, 'check the source again and update the fact and its as_of');
    }
  }

  const factAsOf = [
    ...Object.values(platform.facts as Record<string, { as_of: string } | undefined>).map((g) => g?.as_of),
    ...Object.values(platform.assessments ?? {}).map((a) => a.as_of),
  ].filter((d): d is string => d !== undefined);
  const newest = factAsOf.sort().at(-1);
  if (newest && newest > platform.as_of) {
    error(['as_of'], `record as_of ${platform.as_of} is older than the newest fact (${newest})`, `set as_of to ${newest}`);
  }

  const criteria = methodology.categories[platform.category].criteria;
  for (const key of Object.keys(platform.assessments ?? {})) {
    const criterion = criteria.find((c) => c.key === key);
    if (!criterion) {
      error(['assessments', key], `"${key}" is not a criterion of ${platform.category}`, `criteria: ${criteria.map((c) => c.key).join(', ')}`);
    } else if (criterion.rule.kind !== 'assessed') {
      error(['assessments', key], `criterion "${key}" is derived from facts (rule ${criterion.rule.kind}), so it takes no assessment`, 'remove it; give the facts it is computed from instead');
    }
  }

  const incidents = platform.incidents ?? [];
  for (let i = 1; i < incidents.length; i++) {
    if (incidents[i]!.date < incidents[i - 1]!.date) {
      error(['incidents', i, 'date'], `incidents are not in date order: ${incidents[i]!.date} comes after ${incidents[i - 1]!.date}`, 'sort incidents by date, oldest first');
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
  if (platform.category === 'brokerages' && platform.facts.commissions?.options_tiers) {
    ascending(platform.facts.commissions.options_tiers.map((t) => t.min_contracts_per_month), ['facts', 'commissions', 'options_tiers'], 'min_contracts_per_month', true);
  }
  if (platform.category === 'high-yield-savings' && platform.facts.apy) {
    ascending(platform.facts.apy.tiers.map((t) => t.min_balance_usd), ['facts', 'apy', 'tiers'], 'min_balance_usd', false);
  }
  return problems;
}

/** Uniqueness of slugs, names and aliases across all platforms, ignoring case. */
function lintUniqueNames(platforms: readonly LoadedPlatform[]): Problem[] {
  const problems: Problem[] = [];
  const owner = new Map<string, { slug: string; file: string }>();
  for (const { source, platform } of platforms) {
    const names: Array<[PropertyKey[], string]> = [
      [['slug'], platform.slug],
      [['name'], platform.name],
      ...(platform.aliases ?? []).map((a, i): [PropertyKey[], string] => [['aliases', i], a]),
    ];
    for (const [at, value] of names) {
      const key = nameKey(value);
      const seen = owner.get(key);
      if (seen && seen.slug !== platform.slug) {
        problems.push(problemAt(source, at, 'error', `"${value}" is already used by ${seen.slug} (${seen.file})`, 'slugs, names and aliases must be unique across all platforms, ignoring case'));
      } else if (!seen) {
        owner.set(key, { slug: platform.slug, file: source.file });
      }
    }
  }
  return problems;
}

/** Every lint over the validated platforms. */
export function lintPlatforms(platforms: readonly LoadedPlatform[], methodology: Methodology, today: string): Problem[] {
  return [...platforms.flatMap((p) => lintPlatform(p, methodology, today)), ...lintUniqueNames(platforms)];
}
