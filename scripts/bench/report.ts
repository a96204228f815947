/**
 * The benchmark's report: BENCHMARKS.md with the date, the machine, the command and a table per part.
 */
import { cpus, release } from 'node:os';
import { PUBLISHED_VERDICT_TOP_K } from '../../runtime/domain/contract/published-verdicts.js';
import { BUILD_NODE_FLAGS, buildRuns, connections, fmt, GOALS, parts, ROOT, rounds, RUNTIME_ROOT, seconds, sizes, START_NODE_FLAGS } from './settings.js';
import type { ServeRow } from './serving.js';
import type { BuildRow } from './builds.js';
import type { StartupRow } from './startup.js';
import type { HistoryRow } from './history.js';

/** The report as Markdown. @param load the load averages (1, 5, 15 min) when the run started */
export function report(serve: ServeRow[], builds: BuildRow[], starts: StartupRow[], history: HistoryRow | null, notes: string[], load: number[]): string {
  const cpu = cpus();
  const lines: string[] = [];
  const ok = (met: boolean) => (met ? 'met' : '**not met**');
  lines.push('# Benchmarks', '');
  lines.push(`Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC  `);
  lines.push(
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Linux ${release()}, Node ${process.version}; load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}  `,
  );
  const runtimeRoot = RUNTIME_ROOT === ROOT ? '' : `BENCH_RUNTIME_ROOT=${RUNTIME_ROOT} `;
  lines.push(
    `Command: \`${runtimeRoot}BENCH_SECONDS=${seconds} BENCH_ROUNDS=${rounds} BENCH_CONNECTIONS=${connections} BENCH_SIZES=${sizes.join(',')} BENCH_PARTS=${[...parts].join(',')} npm run bench\``,
    '',
  );
  notes.unshift('What the profiles showed, what each change bought and what would reach the targets not met: docs/performance.md.');
  for (const n of notes) lines.push(`${n}  `);
  if (notes.length) lines.push('');
  if (serve.length) {
    lines.push('## Serving', '');
    lines.push(
      `autocannon on loopback, ${connections} connections, ${rounds} alternating pair(s) of ${seconds} s runs per endpoint after 1 s of warm-up each.`,
    );
    lines.push(
      'Baseline: a bare node:http server answering the same bytes from memory: the status, response headers and body the runtime sent for the request (recorded once; node:http adds Date and Connection to both). Runtime: the bundled runtime (`node ' +
        START_NODE_FLAGS.join(' ') +
        ' build/runtime/main.js`, as `npm start` runs it) with default settings (info access logs, to /dev/null here) and RATE_LIMIT_PER_MINUTE=0. req/s is the mean of the runs, latency the median of their p50/p99.',
      '',
    );
    lines.push(`Goal per row: the ratio in the target column and a runtime p99 under ${GOALS.p99Ms} ms.`, '');
    lines.push(
      'CPU µs/req: the CPU time (user and system, all threads, from /proc/<pid>/stat) the server process used per request, median of the runs; steadier than req/s on a shared machine (docs/performance.md, eighth pass).',
      '',
    );
    lines.push('| endpoint | runtime req/s | p50 ms | p99 ms | CPU µs/req | baseline req/s | p50 ms | p99 ms | CPU µs/req | ratio | target | |');
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
    const cpu = (x: number | null) => (x === null ? 'n/a' : x.toFixed(1));
    for (const r of serve) {
      lines.push(
        `| ${r.name} | ${fmt(r.runtime.rps)} | ${r.runtime.p50} | ${r.runtime.p99} | ${cpu(r.runtime.cpuUs)} | ${fmt(r.baseline.rps)} | ${r.baseline.p50} | ${r.baseline.p99} | ${cpu(r.baseline.cpuUs)} | ${r.ratio.toFixed(2)} | ${r.target} | ${ok(r.ratio >= r.target && r.runtime.p99 < GOALS.p99Ms)}${r.bad ? `, ${r.bad} non-2xx/errors` : ''} |`,
      );
    }
    lines.push('');
  }
  if (builds.length) {
    lines.push('## Build', '');
    lines.push(
      `\`node ${BUILD_NODE_FLAGS.join(' ')} build/pipeline/cli.js build --quiet\` (the bundled pipeline, as \`npm run build\` runs it after bundling it when stale) in a child process into an empty folder, ${buildRuns} time(s) for each synthetic size: the median wall and in-process times, the range of wall times, the highest peak. Wall time includes starting Node and the worker threads; in-process time is what the CLI reports (from its start to dist/ swapped in); peak memory is the child's maximum RSS (all threads). Synthetic sources come from \`scripts/generate-sources.ts\` (files of 2-6 KB like the real ones). Verdicts are bounded: only pairs among the top ${PUBLISHED_VERDICT_TOP_K} platforms of each category by score are published (\`PUBLISHED_VERDICT_TOP_K\`, at most 5 x ${(PUBLISHED_VERDICT_TOP_K * (PUBLISHED_VERDICT_TOP_K - 1)) / 2} = ${(5 * PUBLISHED_VERDICT_TOP_K * (PUBLISHED_VERDICT_TOP_K - 1)) / 2} files); any other pair is computed on request.`,
      '',
    );
    lines.push('| sources | platforms | YAML MB | wall s (range) | in-process s | ms / platform | peak MiB | files | verdicts | time growth vs previous row |');
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
    let previous: BuildRow | undefined;
    for (const b of builds) {
      const growth =
        previous && b.label !== 'real sources' && previous.label !== 'real sources'
          ? `x${(b.inProcessS / previous.inProcessS).toFixed(1)} time for x${(b.platforms / previous.platforms).toFixed(0)} platforms`
          : '';
      lines.push(
        `| ${b.label} | ${fmt(b.platforms)} | ${b.yamlMB.toFixed(1)} | ${b.wallS.toFixed(2)}${b.runs > 1 ? ` (${b.wallRangeS[0].toFixed(2)}-${b.wallRangeS[1].toFixed(2)})` : ''} | ${b.inProcessS.toFixed(2)} | ${((b.inProcessS * 1000) / b.platforms).toFixed(2)} | ${b.peakMiB} | ${fmt(b.files)} | ${fmt(b.verdicts)} | ${growth} |`,
      );
      previous = b;
    }
    const big = builds.find((b) => b.platforms === 10_000 && b.label !== 'real sources');
    if (big)
      lines.push(
        '',
        `10,000 platforms in ${big.wallS.toFixed(1)} s wall, median of ${big.runs} (${big.wallRangeS[0].toFixed(1)}-${big.wallRangeS[1].toFixed(1)} s; target ${GOALS.build10kS} s): ${ok(big.wallS <= GOALS.build10kS)}.`,
      );
    lines.push('');
  }
  if (starts.length) {
    lines.push('## Runtime start and memory', '');
    lines.push(
      'Time from spawning the runtime to the first answered GET /v1/categories (median of 3 starts), and RSS when idle after start and after a warm-up of mixed requests (records, safety, verdicts, search, compare, calculators, MCP). "bundled" is `node ' +
        START_NODE_FLAGS.join(' ') +
        ' build/runtime/main.js --dist DIR` (what `npm start` runs; `npm run build:runtime` makes it), "tsx" is `node --import tsx runtime/server/main.ts --dist DIR` (`npm run dev`, the tests). The serving table above measures the bundled runtime.',
      '',
    );
    lines.push(
      `| bundle | start to first answer ms | RSS idle MiB | RSS after warm-up MiB | targets (real bundle: < ${GOALS.firstAnswerMs} ms, <= ${GOALS.rssWarmMB} MB after warm-up) |`,
    );
    lines.push('|---|--:|--:|--:|---|');
    for (const s of starts) {
      const target =
        s.label.startsWith('real') && s.label.includes('bundled')
          ? `${ok(s.firstAnswerMs < GOALS.firstAnswerMs)} / ${ok(s.rssWarmMiB * 1.048576 <= GOALS.rssWarmMB)}`
          : '';
      lines.push(`| ${s.label} | ${Math.round(s.firstAnswerMs)} | ${s.rssIdleMiB} | ${s.rssWarmMiB} | ${target} |`);
    }
    lines.push('');
  }
  if (history) {
    lines.push('## History from git', '');
    lines.push(
      `A synthetic repository of ${fmt(history.commits)} commits over ${fmt(history.platforms)} synthetic platforms (each commit after the first changes one number of one file; made in ${history.setupS.toFixed(1)} s), built by the bundled pipeline CLI: in-process seconds of the whole build (docs/history.md).`,
      '',
    );
    lines.push('| build | in-process s |', '|---|--:|');
    lines.push(`| no history cache (a fresh clone) | ${history.uncachedS.toFixed(2)} |`);
    lines.push(`| with the per-commit cache of that build | ${history.cachedS.toFixed(2)} |`);
    lines.push(`| the same sources outside git (no history) | ${history.noGitS.toFixed(2)} |`, '');
  }
  return lines.join('\n');
}
