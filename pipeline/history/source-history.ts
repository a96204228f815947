/**
 * The history of the data, derived from the version history of sources/ (docs/history.md):
 * each commit that touched the folder, oldest first, gives the changes of each platform file
 * (fact-changes.ts), a methodology change when methodology.yaml's version moved, and the scores
 * of the categories it touched (score-at-commit.ts). Scores become timeline points and
 * `score_changed` events where they differ from the platform's previous point. The same
 * commits give the same history; a folder without git history gives an empty one that says why.
 */
import path from 'node:path';
import type { CategoryId } from '../../runtime/domain/contract/categories.js';
import type { ChangeEvent, HistoryStatus, ScorePoint } from '../../runtime/domain/contract/history-schemas.js';
import type { Site } from '../../runtime/domain/contract/model.js';
import type { PlatformSource } from '../../runtime/domain/sources/platform-schema.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import type { TierLists } from '../../runtime/domain/scoring/evidence-tiers.js';
import { parseYaml } from '../load/load.js';
import { platformChanges, type CommitRef } from './fact-changes.js';
import { readBlobs, readSourceLog, type SourceCommit } from './git-log.js';
import { HistoryCache, type CommitHistory } from './history-cache.js';
import { platformSnapshot, type PlatformSnapshot } from './platform-snapshot.js';
import { readableMethodology, readablePlatform, scoreCategoryAt, tierListsOf, type CommitScore } from './score-at-commit.js';

/** Files of the sources folder history reads besides platforms/. */
const METHODOLOGY = 'methodology.yaml';
const TIERS = 'source-tiers.yaml';
const UNRELIABLE = 'unreliable-domains.yaml';
const PLATFORM_FILE = /^platforms\/([^/]+)\/[^/]+\.ya?ml$/;

/** The history of a sources folder. */
export interface SourceHistory {
  status: HistoryStatus;
  /** Every change, oldest first (commit order, then the order within the commit). */
  events: ChangeEvent[];
  /** Score timeline by platform slug, oldest first; a point only where score, coverage, eligibility or methodology version moved. */
  scores: Map<string, ScorePoint[]>;
}

export interface HistoryOptions {
  sourcesDir: string;
  /** Page URLs of the scored records (not part of the history's values). */
  site: Site;
  /** Folder of the per-commit cache; null: none. */
  cacheDir: string | null;
}

/** Parsed blobs, each parsed once. */
class Blobs {
  private readonly data = new Map<string, unknown>();
  private readonly snapshots = new Map<string, PlatformSnapshot | null>();
  private readonly platforms = new Map<string, PlatformSource | null>();
  private readonly methodologies = new Map<string, Methodology | null>();
  private readonly tierLists = new Map<string, TierLists>();
  constructor(private readonly texts: Map<string, string>) {}

  value(blob: string | null | undefined): unknown {
    if (!blob) return undefined;
    if (!this.data.has(blob)) this.data.set(blob, parseYaml(blob, this.texts.get(blob) ?? '').source.data);
    return this.data.get(blob);
  }
  snapshot(blob: string | null): PlatformSnapshot | null {
    if (!blob) return null;
    if (!this.snapshots.has(blob)) this.snapshots.set(blob, platformSnapshot(this.value(blob)));
    return this.snapshots.get(blob)!;
  }
  platform(blob: string): PlatformSource | null {
    if (!this.platforms.has(blob)) this.platforms.set(blob, readablePlatform(this.value(blob)));
    return this.platforms.get(blob)!;
  }
  /** The methodology of a blob, checked by this build's schema once per blob (most commits leave it unchanged). */
  methodology(blob: string | undefined): Methodology | null {
    if (!blob) return null;
    if (!this.methodologies.has(blob)) this.methodologies.set(blob, readableMethodology(this.value(blob)));
    return this.methodologies.get(blob)!;
  }
  /** The tier lists of a pair of blobs (either absent), once per pair. */
  lists(tiers: string | undefined, unreliable: string | undefined): TierLists {
    const key = `${tiers ?? ''}|${unreliable ?? ''}`;
    if (!this.tierLists.has(key)) this.tierLists.set(key, tierListsOf(this.value(tiers), this.value(unreliable)));
    return this.tierLists.get(key)!;
  }
}

const utc = (gitDate: string): string => new Date(gitDate).toISOString();

/** The methodology_changed event of a commit, when methodology.yaml's version moved. */
function methodologyEvent(before: unknown, after: unknown, commit: CommitRef): ChangeEvent[] {
  const version = (v: unknown) =>
    v && typeof v === 'object' && typeof (v as { version?: unknown }).version === 'string' ? (v as { version: string }).version : null;
  const [from, to] = [version(before), version(after)];
  if (to === null || from === to) return [];
  const log = (after as { changelog?: Array<{ version?: unknown; changes?: unknown }> }).changelog;
  const entry = Array.isArray(log) ? log.find((e) => e?.version === to) : undefined;
  const lines = Array.isArray(entry?.changes) ? entry.changes.filter((c): c is string => typeof c === 'string') : [];
  return [
    {
      commit: commit.hash,
      date: commit.date,
      kind: 'methodology_changed',
      slug: null,
      name: null,
      category: null,
      field: 'version',
      old_value: from,
      new_value: to,
      old_as_of: null,
      new_as_of: null,
      old_sources: [],
      new_sources: [],
      description: `methodology ${from ?? 'none'} → ${to}${lines.length ? `: ${lines.join(' ')}` : ''}`,
    },
  ];
}

/** The categories (folder names under platforms/) whose scores a commit may have moved: all when the methodology or tiers changed. */
function touchedCategories(commit: SourceCommit, state: ReadonlyMap<string, string>): Set<string> {
  const all = commit.files.some((f) => f.path === METHODOLOGY || f.path === TIERS || f.path === UNRELIABLE);
  const out = new Set<string>();
  for (const p of all ? state.keys() : commit.files.map((f) => f.path)) {
    const m = PLATFORM_FILE.exec(p);
    if (m) out.add(m[1]!);
  }
  return out;
}

/** What one commit adds to the history, computed from the state after it and its changed files. */
function commitHistory(commit: SourceCommit, state: ReadonlyMap<string, string>, blobs: Blobs, site: Site): CommitHistory {
  const ref: CommitRef = { hash: commit.hash, date: utc(commit.date) };
  const events: ChangeEvent[] = [];
  for (const f of commit.files) {
    if (f.path === METHODOLOGY) events.unshift(...methodologyEvent(blobs.value(f.before), blobs.value(f.after), ref));
    else if (PLATFORM_FILE.test(f.path)) events.push(...platformChanges(blobs.snapshot(f.before), blobs.snapshot(f.after), ref));
  }
  const scores: CommitScore[] = [];
  const methodology = blobs.methodology(state.get(METHODOLOGY));
  if (methodology) {
    const lists = blobs.lists(state.get(TIERS), state.get(UNRELIABLE));
    for (const folder of [...touchedCategories(commit, state)].sort()) {
      const files = [...state].filter(([p]) => PLATFORM_FILE.exec(p)?.[1] === folder);
      const platforms = files.map(([, blob]) => blobs.platform(blob));
      if (!platforms.length || platforms.some((p) => p === null || p.category !== folder)) continue;
      scores.push(...scoreCategoryAt(platforms as PlatformSource[], methodology, lists, site, ref.date.slice(0, 10)));
    }
  }
  return { events, scores };
}

/** The history of sources read without git (`check`): empty, and saying so. */
export const NO_HISTORY: SourceHistory = {
  status: { available: false, note: 'history not read (check)', first_commit_date: null, last_commit_date: null, commits: 0 },
  events: [],
  scores: new Map(),
};

/**
 * Reads the history of `sourcesDir` from git.
 * @throws Error only when git fails while reading a repository it found (a broken repository)
 */
export async function readSourceHistory(options: HistoryOptions): Promise<SourceHistory> {
  const log = await readSourceLog(options.sourcesDir);
  if (!log.available) {
    return {
      status: { available: false, note: `${log.reason}: only the current state is published`, first_commit_date: null, last_commit_date: null, commits: 0 },
      events: [],
      scores: new Map(),
    };
  }
  const { commits } = log;
  const cache = new HistoryCache(options.cacheDir, path.resolve(options.sourcesDir));
  const cached = await Promise.all(commits.map((c) => cache.get(c.hash)));

  // first pass: the blobs the uncached commits need (their changed files, and for scoring the whole state)
  const needed = new Set<string>();
  const state = new Map<string, string>();
  commits.forEach((commit, i) => {
    for (const f of commit.files) {
      if (f.after) state.set(f.path, f.after);
      else state.delete(f.path);
    }
    if (cached[i]) return;
    for (const f of commit.files) for (const b of [f.before, f.after]) if (b) needed.add(b);
    for (const blob of state.values()) needed.add(blob);
  });
  const blobs = new Blobs(await readBlobs(options.sourcesDir, [...needed]));

  const events: ChangeEvent[] = [];
  const scores = new Map<string, ScorePoint[]>();
  // the name and category each platform last had (score events name the platform)
  const names = new Map<string, { name: string; category: CategoryId | null }>();
  state.clear();
  for (const [i, commit] of commits.entries()) {
    for (const f of commit.files) {
      if (f.after) state.set(f.path, f.after);
      else state.delete(f.path);
    }
    let entry = cached[i];
    if (!entry) {
      entry = commitHistory(commit, state, blobs, options.site);
      await cache.set(commit.hash, entry);
    }
    events.push(...entry.events);
    for (const e of entry.events) if (e.slug !== null && e.name !== null) names.set(e.slug, { name: e.name, category: e.category });
    events.push(...scoreEvents(entry.scores, scores, names, { hash: commit.hash, date: utc(commit.date) }));
  }
  const note = log.shallow ? 'shallow clone: history starts at the first commit this clone has' : null;
  return {
    status: {
      available: true,
      note,
      first_commit_date: commits.length ? utc(commits[0]!.date) : null,
      last_commit_date: commits.length ? utc(commits.at(-1)!.date) : null,
      commits: commits.length,
    },
    events,
    scores,
  };
}

/** Adds the points that moved to the timelines and returns their score_changed events (not for a platform's first point). */
function scoreEvents(
  commitScores: readonly CommitScore[],
  timelines: Map<string, ScorePoint[]>,
  names: ReadonlyMap<string, { name: string; category: CategoryId | null }>,
  commit: CommitRef,
): ChangeEvent[] {
  const out: ChangeEvent[] = [];
  for (const s of commitScores) {
    const line = timelines.get(s.slug) ?? [];
    const last = line.at(-1);
    const point: ScorePoint = {
      commit: commit.hash,
      date: commit.date,
      methodology_version: s.methodology_version,
      evaluation_date: commit.date.slice(0, 10),
      score_pct: s.score_pct,
      coverage: s.coverage,
      eligible: s.eligible,
    };
    if (
      last &&
      last.score_pct === s.score_pct &&
      last.coverage === s.coverage &&
      last.eligible === s.eligible &&
      last.methodology_version === s.methodology_version
    )
      continue;
    line.push(point);
    timelines.set(s.slug, line);
    if (!last) continue;
    const named = names.get(s.slug);
    const value = (p: ScorePoint) => ({ score_pct: p.score_pct, coverage: p.coverage, eligible: p.eligible, methodology_version: p.methodology_version });
    out.push({
      commit: commit.hash,
      date: commit.date,
      kind: 'score_changed',
      slug: s.slug,
      name: named?.name ?? s.slug,
      category: (named?.category ?? null) as CategoryId | null,
      field: 'score',
      old_value: value(last),
      new_value: value(point),
      old_as_of: last.evaluation_date,
      new_as_of: point.evaluation_date,
      old_sources: [],
      new_sources: [],
      description: `${named?.name ?? s.slug}: score ${last.score_pct ?? 'none'} → ${point.score_pct ?? 'none'}, coverage ${last.coverage} → ${point.coverage}${last.methodology_version !== point.methodology_version ? ` (methodology ${point.methodology_version})` : ''}`,
    });
  }
  return out;
}
