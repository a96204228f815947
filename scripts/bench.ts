/**
 * Benchmarks (not a test): `npm run bench`. Prints a table and writes it to
 * BENCHMARKS.md with the date, the machine and the command.
 *
 * - Serving: the bundled runtime (build/runtime/main.js, as `npm start` runs it; default logging, rate limiting off)
 *   against a bare node:http server that answers the same bytes, each endpoint
 *   measured with autocannon on loopback in alternating runs (baseline, runtime,
 *   runtime, baseline, ...) so the machine's drift cancels out.
 * - Build: synthetic sources (scripts/generate-sources.ts) at each size, built
 *   by the bundled pipeline CLI in a child process, with the node flags of
 *   `npm run build`: wall time, peak RSS, files, verdicts.
 *   The real sources are built too.
 * - Runtime: time from process start to the first answered request, and RSS
 *   after a warm-up load, for the real bundle and the largest synthetic bundle.
 *
 * Environment (quick mode: BENCH_SECONDS=1 BENCH_ROUNDS=1 BENCH_SIZES=100,1000):
 *   BENCH_SECONDS      seconds of each measured load run (default 5)
 *   BENCH_ROUNDS       alternating baseline/runtime pairs per endpoint (default 3)
 *   BENCH_CONNECTIONS  autocannon connections (default 50)
 *   BENCH_SIZES        synthetic platform counts to build (default 100,1000,10000)
 *   BENCH_BUILD_RUNS   builds of each synthetic size; the table gives the median and the range (default 3)
 *   BENCH_PARTS        any of serve,build,startup,history (default all four)
 *   BENCH_HISTORY_COMMITS, BENCH_HISTORY_PLATFORMS  the synthetic git history (default 1000 commits, 200 platforms)
 *   BENCH_OUT          report file (default BENCHMARKS.md; "-" prints only)
 *   BENCH_ENDPOINTS    serve only the endpoints whose name contains one of these comma-separated words
 *   BENCH_RUNTIME_ROOT another checkout whose runtime is bundled and served (before/after comparisons)
 */
import { execFileSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSources } from './generate-sources.js';
import { buildRuns, fmt, log, outFile, parts, ROOT, RUNTIME_ROOT, sizes } from './bench/settings.js';
import { baselineServer, serving, type ServeRow } from './bench/serving.js';
import { buildReal, medianBuild, timedBuild, type BuildRow } from './bench/builds.js';
import { startup, type StartupRow } from './bench/startup.js';
import { report } from './bench/report.js';
import { historyBench, type HistoryRow } from './bench/history.js';

async function main(): Promise<void> {
  const load = loadavg();
  const work = await mkdtemp(path.join(tmpdir(), 'bench-'));
  const notes: string[] = [];
  const builds: BuildRow[] = [];
  const starts: StartupRow[] = [];
  let serve: ServeRow[] = [];
  let history: HistoryRow | null = null;
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(RUNTIME_ROOT, 'scripts/bundles.ts'), 'runtime'], { stdio: 'inherit', cwd: RUNTIME_ROOT });
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bundles.ts'), 'pipeline'], { stdio: 'inherit', cwd: ROOT });
    // preloaded into each build: its peak RSS (all threads) at exit
    const rssReporter = path.join(work, 'report-max-rss.mjs');
    await writeFile(rssReporter, "process.on('exit', () => process.stderr.write(`BENCH_MAX_RSS_KIB ${process.resourceUsage().maxRSS}\\n`));\n");
    const real = await buildReal(work, rssReporter);
    if (real.row) builds.push(real.row);
    if (real.note) notes.push(real.note);
    if (parts.has('serve')) serve = await serving(real.dist);
    let largest: { label: string; dist: string } | undefined;
    if (parts.has('build') || parts.has('startup')) {
      for (const n of parts.has('build') ? sizes : sizes.slice(-1)) {
        const sources = path.join(work, `sources-${n}`);
        const dist = path.join(work, `dist-${n}`);
        const bytes = await generateSources(n, sources);
        // each run into a new empty folder, the earlier ones kept until the size is done (deleting 430 MB slows the disk's next writes)
        const runs: BuildRow[] = [];
        for (let k = 0; k < buildRuns; k++) {
          const runDist = k === buildRuns - 1 ? dist : `${dist}-run-${k}`;
          runs.push(await timedBuild(`synthetic ${fmt(n)}`, sources, runDist, n, bytes / 1e6, rssReporter));
          log(`build  synthetic ${fmt(n)}, run ${k + 1}: ${runs.at(-1)!.wallS.toFixed(2)} s wall`);
        }
        for (let k = 0; k < buildRuns - 1; k++) await rm(`${dist}-run-${k}`, { recursive: true, force: true });
        const row = medianBuild(runs);
        log(`build  ${row.label}: median ${row.wallS.toFixed(2)} s wall, ${row.peakMiB} MiB peak, ${row.files} files, ${row.verdicts} verdicts`);
        if (parts.has('build')) builds.push(row);
        await rm(sources, { recursive: true, force: true });
        if (largest) await rm(largest.dist, { recursive: true, force: true });
        largest = { label: `synthetic ${fmt(n)}`, dist };
      }
    }
    if (parts.has('history')) history = await historyBench(work);
    if (parts.has('startup')) {
      for (const form of ['bundled', 'tsx'] as const) starts.push(await startup(`real (${real.row ? 'sources' : 'dist/'}), ${form}`, real.dist, form));
      if (largest) starts.push(await startup(`${largest.label}, bundled`, largest.dist, 'bundled'));
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const text = report(serve, builds, starts, history, notes, load);
  process.stdout.write(`${text}\n`);
  if (outFile !== '-') {
    await writeFile(path.join(ROOT, outFile), `${text}\n`);
    log(`wrote ${outFile}`);
  }
}

const args = process.argv.slice(2);
if (args[0] === '--baseline') {
  await baselineServer(args[1]!, Number(args[2]));
} else {
  await main();
}
