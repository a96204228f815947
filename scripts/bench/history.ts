/**
 * The history part of the benchmark (BENCH_PARTS=history): a synthetic git history of
 * BENCH_HISTORY_COMMITS commits (default 1,000) over BENCH_HISTORY_PLATFORMS synthetic platforms
 * (default 200), each commit after the first changing one number of one platform file, built by
 * the bundled pipeline CLI three ways: without a history cache, with the cache that build filled,
 * and from a copy of the sources outside git (no history). docs/history.md.
 */
import { execFile } from 'node:child_process';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateSources } from '../generate-sources.js';
import { prng } from '../synthetic/platform-yaml.js';
import { BUILD_NODE_FLAGS, env, log, ROOT } from './settings.js';

const run = promisify(execFile);

export interface HistoryRow {
  commits: number;
  platforms: number;
  /** In-process seconds of the build (what the CLI reports). */
  uncachedS: number;
  cachedS: number;
  noGitS: number;
  /** Seconds to make the synthetic repository (not part of any build). */
  setupS: number;
}

/** A positive fee, price or rate in a synthetic file (never a tier's lower bound: the first must stay 0). */
const NUMBER = /(\b(?:maker_pct|taker_pct|apy_pct|fee_usd|usd|annual_usd|per_contract_usd): )([1-9]\d*(?:\.\d+)?|0\.\d*[1-9]\d*)/g;

async function cliBuild(sources: string, dist: string, environment: Record<string, string>): Promise<number> {
  const { stdout } = await run(
    process.execPath,
    [...BUILD_NODE_FLAGS, path.join(ROOT, 'build/pipeline/cli.js'), 'build', '--quiet', '--sources', sources, '--dist', dist],
    { env: { ...process.env, ...environment }, maxBuffer: 1 << 26 },
  );
  const ms = / in (\d+) ms$/m.exec(stdout)?.[1];
  if (!ms) throw new Error(`history build printed no time: ${stdout}`);
  return Number(ms) / 1000;
}

/** Makes the repository in `work` and times the three builds. */
export async function historyBench(work: string): Promise<HistoryRow> {
  const commits = Number(env('BENCH_HISTORY_COMMITS', '1000'));
  const platforms = Number(env('BENCH_HISTORY_PLATFORMS', '200'));
  const started = performance.now();
  const repo = path.join(work, 'history-repo');
  const sources = path.join(repo, 'sources');
  await generateSources(platforms, sources);
  const files = (await readdir(path.join(sources, 'platforms'), { recursive: true })).filter((f) => f.endsWith('.yaml')).sort();
  const base = Date.UTC(2024, 0, 1) / 1000;
  const gitEnv = (i: number) => {
    const date = `${base + i * 3600} +0000`;
    return {
      ...process.env,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
      GIT_AUTHOR_NAME: 'Bench',
      GIT_AUTHOR_EMAIL: 'bench@example.org',
      GIT_COMMITTER_NAME: 'Bench',
      GIT_COMMITTER_EMAIL: 'bench@example.org',
    };
  };
  await run('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  await run('git', ['add', '-A'], { cwd: repo });
  await run('git', ['commit', '-q', '-m', 'synthetic sources'], { cwd: repo, env: gitEnv(0) });
  const rand = prng(7);
  for (let i = 1; i < commits; i++) {
    const file = path.join(sources, 'platforms', files[Math.floor(rand() * files.length)]!);
    const text = await readFile(file, 'utf8');
    const matches = [...text.matchAll(NUMBER)];
    const pick = matches[Math.floor(rand() * matches.length)];
    if (!pick) continue;
    const scaled = String(Math.round(Number(pick[2]) * 0.9 * 1000) / 1000);
    const changed = scaled === pick[2] || scaled === '0' ? String(Number(pick[2]) + 1) : scaled;
    await writeFile(file, text.slice(0, pick.index! + pick[1]!.length) + changed + text.slice(pick.index! + pick[0].length));
    await run('git', ['commit', '-q', '-a', '-m', `change ${i}`], { cwd: repo, env: gitEnv(i) });
  }
  const setupS = (performance.now() - started) / 1000;
  log(`history: ${commits} commits over ${platforms} platforms made in ${setupS.toFixed(1)} s`);
  const cache = path.join(work, 'history-cache');
  const uncachedS = await cliBuild(sources, path.join(work, 'history-dist-1'), { HISTORY_CACHE_DIR: cache });
  const cachedS = await cliBuild(sources, path.join(work, 'history-dist-2'), { HISTORY_CACHE_DIR: cache });
  const plain = path.join(work, 'history-plain', 'sources');
  await cp(sources, plain, { recursive: true });
  const noGitS = await cliBuild(plain, path.join(work, 'history-dist-3'), { HISTORY_CACHE_DIR: 'none' });
  log(`history: build ${uncachedS.toFixed(2)} s uncached, ${cachedS.toFixed(2)} s cached, ${noGitS.toFixed(2)} s without git`);
  return { commits, platforms, uncachedS, cachedS, noGitS, setupS };
}
