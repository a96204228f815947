/**
 * The build: load -> validate (zod) -> lint -> score -> emit, as a function
 * the CLI and the tests call. Returns every problem at once; emits nothing
 * when any error is found.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Site } from '../runtime/domain/contract/model.js';
import { findPlatformFiles, loadYaml, problemAt, type SourceDocument } from './load/load.js';
import { loadYamlFiles } from './load/parse-workers.js';
import { checkPlatforms } from './checks/platform-checks.js';
import type { LoadedPlatform } from './checks/check-rule.js';
import { checkMethodology } from './checks/methodology-checks.js';
import type { BuildProblem } from './problems.js';
import { scoreDataset, type ScoredPlatform } from './score/score-dataset.js';
import { distFiles } from './emit/dist-files.js';
import { readSourceHistory } from './history/source-history.js';
import type { EmittedFile } from './emit/open-data.js';
import { resolveSite } from './emit/site.js';
import { siteAssets } from './emit/site-assets.js';
import { MethodologySchema, type Methodology } from '../runtime/domain/sources/methodology-schema.js';
import { PlatformSourceSchema } from '../runtime/domain/sources/platform-schema.js';
import { UnreliableDomainsSchema, type UnreliableDomains } from '../runtime/domain/sources/unreliable-domains-schema.js';
import { SourceTiersSchema, type SourceTiers } from '../runtime/domain/sources/source-tiers-schema.js';
import type { TierLists } from '../runtime/domain/scoring/evidence-tiers.js';
import { evaluationDateOf } from '../runtime/domain/scoring/freshness.js';

/** Optional list, in the sources folder, of domains whose pages do not back a fact (unreliable-domains-schema.ts). */
const UNRELIABLE_DOMAINS_FILE = 'unreliable-domains.yaml';
/** Optional list, in the sources folder, of domains with their evidence tier (source-tiers-schema.ts). */
const SOURCE_TIERS_FILE = 'source-tiers.yaml';
import { BASE_URL_PATTERN, SiteSourceSchema } from '../runtime/domain/sources/site-schema.js';
import { validateDocument } from './load/validate.js';

export interface BuildOptions {
  /** Project root: paths in problems are relative to it. */
  root: string;
  /** Folder holding site.yaml, methodology.yaml, platforms/ and optionally unreliable-domains.yaml. */
  sourcesDir: string;
  /** Overrides site.yaml base_url (BASE_URL). */
  baseUrl?: string | undefined;
  /** Today as YYYY-MM-DD (the clock, read only by the CLI): the evaluation date when sourceDateEpoch is unset. */
  today: string;
  /** Folder of the per-commit history cache (pipeline/history/history-cache.ts); null or absent: no cache. */
  historyCacheDir?: string | null;
  /** SOURCE_DATE_EPOCH (seconds): the evaluation date (freshness, incident ages, the limit of the future-date check); else `today`. */
  sourceDateEpoch?: string | undefined;
}

/** The sources loaded, checked and scored: every problem, and when there is no error what the output is made from. */
export type ScoredSources = { problems: BuildProblem[] } & (
  | {
      ok: true;
      scored: ScoredPlatform[];
      site: Site;
      methodology: Methodology;
      lists: TierLists;
      /** The asset files `site.assets` names (emit/site-assets.ts). */ assets: EmittedFile[];
    }
  | { ok: false }
);

export interface BuildResult {
  problems: BuildProblem[];
  /** Present when there is no error. */
  files?: EmittedFile[];
  scored?: ScoredPlatform[];
  site?: Site;
  methodology?: Methodology;
}

/** Runs the whole build in memory: scoreSources, the history of the sources (git), then every output file (distFiles). */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const result = await scoreSources(options);
  if (!result.ok) return { problems: result.problems };
  const { problems, scored, site, methodology, assets } = result;
  const history = await readSourceHistory({ sourcesDir: options.sourcesDir, site, cacheDir: options.historyCacheDir ?? null });
  return { problems, files: distFiles(site, methodology, scored, history, assets), scored, site, methodology };
}

/** Load -> validate (zod) -> lint -> score; `ok` is false when any error was found. */
export async function scoreSources(options: BuildOptions): Promise<ScoredSources> {
  const problems: BuildProblem[] = [];
  const load = async (file: string) => {
    const loaded = await loadYaml(options.root, options.sourcesDir, file);
    problems.push(...loaded.problems);
    return loaded.source;
  };
  const validated = <T>(schema: Parameters<typeof validateDocument<T>>[0], source: SourceDocument): T | undefined => {
    if (source.data === undefined) return undefined;
    const { value, problems: found } = validateDocument(schema, source);
    problems.push(...found);
    return value;
  };

  // optional: a sources folder without the file lists no domain
  const domainList = async <T>(
    name: string,
    schema: Parameters<typeof validateDocument<{ domains: T[] }>>[0],
    entry: (d: T) => [string, string],
  ): Promise<Map<string, string>> => {
    const file = path.join(options.sourcesDir, name);
    if (!existsSync(file)) return new Map();
    const list = validated(schema, await load(file));
    return new Map((list?.domains ?? []).map(entry));
  };
  const unreliable = await domainList<UnreliableDomains['domains'][number]>(UNRELIABLE_DOMAINS_FILE, UnreliableDomainsSchema, (d) => [d.domain, d.reason]);
  const tiers = (await domainList<SourceTiers['domains'][number]>(SOURCE_TIERS_FILE, SourceTiersSchema, (d) => [d.domain, d.tier])) as Map<
    string,
    'primary' | 'reputable'
  >;
  const lists: TierLists = { tiers, unreliable };

  const siteDoc = await load(path.join(options.sourcesDir, 'site.yaml'));
  const methodologyDoc = await load(path.join(options.sourcesDir, 'methodology.yaml'));
  const siteSource = validated(SiteSourceSchema, siteDoc);
  const methodology = validated(MethodologySchema, methodologyDoc) as Methodology | undefined;
  if (methodology) problems.push(...checkMethodology(methodologyDoc, methodology));

  const platforms: LoadedPlatform[] = [];
  for (const loaded of await loadYamlFiles(options.root, options.sourcesDir, await findPlatformFiles(options.sourcesDir))) {
    problems.push(...loaded.problems);
    const source = loaded.source;
    if (source.data === undefined) continue;
    if (source.data === null || typeof source.data !== 'object') {
      problems.push(problemAt(source, [], 'error', 'the file must hold a mapping of fields (name, slug, category, ...)'));
      continue;
    }
    const platform = validated(PlatformSourceSchema, source);
    platforms.push(platform ? { source, platform } : { source });
  }
  let evaluationDate = options.today;
  let evaluationDateError: string | null = null;
  try {
    evaluationDate = evaluationDateOf(options.sourceDateEpoch, options.today);
  } catch (error) {
    evaluationDateError = (error as Error).message; // reported below as a located problem
  }
  const evidence = methodology ? { evaluationDate, freshness: methodology.freshness, lists } : undefined;
  if (methodology && evidence) problems.push(...checkPlatforms(platforms, methodology, evidence));

  const baseUrl = options.baseUrl?.trim() || undefined;
  if (baseUrl !== undefined && !BASE_URL_PATTERN.test(baseUrl)) {
    problems.push({
      severity: 'error',
      file: 'BASE_URL',
      line: 1,
      col: 1,
      path: '',
      message: `BASE_URL "${baseUrl}" is not an absolute http(s) URL`,
      hint: 'e.g. BASE_URL=https://data.example.org, or leave it unset to use sources/site.yaml',
    });
  }
  if (evaluationDateError !== null) {
    problems.push({
      severity: 'error',
      file: 'SOURCE_DATE_EPOCH',
      line: 1,
      col: 1,
      path: '',
      message: evaluationDateError,
      hint: 'e.g. SOURCE_DATE_EPOCH=$(git log -1 --format=%ct), or leave it unset to evaluate on the day of the build',
    });
  }
  if (problems.some((p) => p.severity === 'error') || !siteSource || !methodology || !evidence) return { problems, ok: false };
  const sources = platforms.map((p) => p.platform!);
  const assets = siteAssets(sources);
  const site = resolveSite(siteSource, baseUrl, methodology.version, evaluationDate, assets.paths);
  return { problems, ok: true, scored: scoreDataset(sources, methodology, site, evidence), site, methodology, lists, assets: assets.files };
}
