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
 *   BENCH_PARTS        any of serve,build,startup (default all three)
 *   BENCH_OUT          report file (default BENCHMARKS.md; "-" prints only)
 *   BENCH_ENDPOINTS    serve only the endpoints whose name contains one of these comma-separated words
 *   BENCH_RUNTIME_ROOT another checkout whose runtime is bundled and served (before/after comparisons)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { cpus, loadavg, release, tmpdir } from 'node:os';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { generateSources } from './generate-sources.js';
import { PUBLISHED_VERDICT_TOP_K } from '../runtime/domain/contract/published-verdicts.js';
import { npmScriptNodeFlags } from './bundles.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_TSX = [process.execPath, '--import', 'tsx'] as const;

/** One request of a benchmark case, as autocannon sends it; `vary` gives a new path for every request (cache misses). */
interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  vary?: () => string;
}

/** A recorded answer the baseline server replays: status, the runtime's response headers (without those node:http sets itself) and body. */
interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Response headers node:http writes itself (or that depend on the connection), left out of a recording. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

// ---------------------------------------------------------------- child modes

/**
 * `bench.ts --baseline FILE PORT`: a bare node:http server answering recorded bytes by method and URL:
 * the same status, headers and body the runtime sent (the runtime's request id is replayed as it was).
 */
async function baselineServer(file: string, port: number): Promise<void> {
  const recorded = JSON.parse(await readFile(file, 'utf8')) as Record<string, Recorded>;
  const answers = new Map(Object.entries(recorded).map(([k, r]) => [k, { status: r.status, headers: { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) }, body: Buffer.from(r.body) }]));
  const server = createServer((req, res) => {
    const answer = answers.get(`${req.method} ${req.url}`) ?? answers.get(`${req.method} ${req.url?.split('?')[0]}`);
    const send = () => {
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, answer.headers).end(answer.body);
    };
    if (req.method === 'POST') {
      req.resume();
      req.on('end', send);
    } else {
      send();
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
}

// ---------------------------------------------------------------- helpers

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const seconds = Number(env('BENCH_SECONDS', '5'));
const rounds = Number(env('BENCH_ROUNDS', '3'));
const connections = Number(env('BENCH_CONNECTIONS', '50'));
const sizes = env('BENCH_SIZES', '100,1000,10000').split(',').map(Number).filter((n) => n > 0);
const parts = new Set(env('BENCH_PARTS', 'serve,build,startup').split(','));
const buildRuns = Math.max(1, Number(env('BENCH_BUILD_RUNS', '3')));
const outFile = env('BENCH_OUT', 'BENCHMARKS.md');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const log = (line: string) => process.stderr.write(`${line}\n`);
/** A port below Linux's ephemeral range (32768-60999), where outgoing connections take theirs. */
const freePort = () => 20000 + Math.floor(Math.random() * 12000);

/** Resident set size of a process, MiB (Linux /proc). */
async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

/** Resolves once GET `url` answers (any status); polls every 2 ms. */
async function firstAnswer(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before answering`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) }).then((r) => r.arrayBuffer());
      return;
    } catch {
      await sleep(2);
    }
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/** Checkout whose runtime is measured (BENCH_RUNTIME_ROOT, for before/after comparisons; default this one). */
const RUNTIME_ROOT = path.resolve(process.env.BENCH_RUNTIME_ROOT ?? ROOT);

/** How `npm start` runs the bundled runtime, and `npm run build` the bundled pipeline. */
const START_NODE_FLAGS = npmScriptNodeFlags('start', 'build/runtime/main.js');
const BUILD_NODE_FLAGS = npmScriptNodeFlags('build', 'build/pipeline/cli.js');

/** How the runtime is started: bundled JavaScript (what `npm start` runs), or the TypeScript sources under tsx (`npm run dev`, the tests). */
type RuntimeForm = 'bundled' | 'tsx';

/** Starts the runtime on `dist` (rate limiting off, default info logs to /dev/null). */
function spawnRuntime(dist: string, port: number, form: RuntimeForm = 'bundled'): ChildProcess {
  const command = form === 'bundled' ? [process.execPath, ...START_NODE_FLAGS, path.join(RUNTIME_ROOT, 'build/runtime/main.js')] : [...NODE_TSX, path.join(RUNTIME_ROOT, 'runtime/server/main.ts')];
  return spawn(command[0]!, [...command.slice(1), '--dist', dist], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: env('BENCH_LOG_LEVEL', 'info') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** One autocannon run: requests per second, p50/p99 latency (ms), non-2xx and errors. */
async function load(url: string, request: BenchRequest, duration: number) {
  const { vary, ...fixed } = request;
  const requests = [vary ? { ...fixed, setupRequest: (req: object) => ({ ...req, path: vary() }) } : fixed];
  const result = await autocannon({ url, connections, duration, requests: requests as autocannon.Request[] });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

// ---------------------------------------------------------------- serving

interface ServeRow {
  name: string;
  kind: 'precomputed' | 'computed' | 'computed, uncached' | 'mcp';
  target: number;
  baseline: { rps: number; p50: number; p99: number };
  runtime: { rps: number; p50: number; p99: number };
  ratio: number;
  bad: number;
}

async function serving(dist: string): Promise<ServeRow[]> {
  const model = JSON.parse(await readFile(path.join(dist, 'runtime-model.json'), 'utf8')) as { platforms: Array<{ slug: string; category: string }> };
  const exchanges = model.platforms.filter((p) => p.category === 'exchanges').map((p) => p.slug);
  const verdicts = (await readdir(path.join(dist, 'api/v1/verdicts'))).filter((f) => f.endsWith('.json')).sort();
  const mcpBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'compare_platforms', arguments: { platforms: exchanges.slice(0, 3), weights: 'fees:8,security:10' } } });
  const cases: Array<{ name: string; kind: ServeRow['kind']; request: BenchRequest }> = [
    { name: `GET /v1/platforms/${exchanges[0]}`, kind: 'precomputed', request: { method: 'GET', path: `/v1/platforms/${exchanges[0]}` } },
    { name: 'GET /v1/categories', kind: 'precomputed', request: { method: 'GET', path: '/v1/categories' } },
    { name: `GET /v1/verdicts/${verdicts[0]!.slice(0, -5)}`, kind: 'precomputed', request: { method: 'GET', path: `/v1/verdicts/${verdicts[0]!.slice(0, -5)}` } },
    { name: 'search ?query=a&category=exchanges', kind: 'computed', request: { method: 'GET', path: '/v1/platforms?query=a&category=exchanges' } },
    { name: 'compare 3 exchanges, custom weights', kind: 'computed', request: { method: 'GET', path: `/v1/compare?platforms=${exchanges.slice(0, 3).join(',')}&weights=fees:8,security:10` } },
    { name: 'savings-interest balance=10000', kind: 'computed', request: { method: 'GET', path: '/v1/savings-interest?balance=10000&months=12' } },
    { name: 'fees brokerage (options, transfer)', kind: 'computed', request: { method: 'GET', path: '/v1/fees?category=brokerage&trades_per_month=20&options_contracts_per_month=10&transfers_per_year=1' } },
    {
      name: 'compare, weights differ every request',
      kind: 'computed, uncached',
      request: { method: 'GET', path: `/v1/compare?platforms=${exchanges.slice(0, 3).join(',')}&weights=fees:8,security:10`, vary: () => `/v1/compare?platforms=${exchanges.slice(0, 3).join(',')}&weights=fees:${randomWeight()},security:${randomWeight()}` },
    },
    {
      name: 'savings-interest, balance differs every request',
      kind: 'computed, uncached',
      request: { method: 'GET', path: '/v1/savings-interest?balance=10000&months=12', vary: () => `/v1/savings-interest?balance=${1 + Math.floor(Math.random() * 9_999_999)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}&months=12` },
    },
    { name: 'MCP tools/call compare_platforms', kind: 'mcp', request: { method: 'POST', path: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: mcpBody } },
  ];
  const only = env('BENCH_ENDPOINTS', '').split(',').filter(Boolean);
  if (only.length) cases.splice(0, cases.length, ...cases.filter((c) => only.some((word) => c.name.includes(word))));
  const targets = { precomputed: 0.9, computed: 0.7, 'computed, uncached': 0.7, mcp: 0.3 };
  const randomWeight = () => (Math.floor(Math.random() * 1001) / 100).toFixed(2);

  const runtimePort = freePort();
  const baselinePort = runtimePort + 1;
  const runtime = spawnRuntime(dist, runtimePort);
  const runtimeUrl = `http://127.0.0.1:${runtimePort}`;
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  let baseline: ChildProcess | undefined;
  const work = await mkdtemp(path.join(tmpdir(), 'bench-serve-'));
  try {
    await firstAnswer(`${runtimeUrl}/v1/categories`, runtime);
    // Record what the runtime answers, so the baseline sends the same bytes.
    const recorded: Record<string, Recorded> = {};
    for (const c of cases) {
      // autocannon sends no Accept-Encoding, so the runtime answers it uncompressed: record that.
      const res = await fetch(`${runtimeUrl}${c.request.path}`, { method: c.request.method, headers: { 'accept-encoding': 'identity', ...c.request.headers }, body: c.request.body ?? null });
      if (res.status !== 200) throw new Error(`${c.name}: runtime answered ${res.status}`);
      const headers = Object.fromEntries([...res.headers].filter(([name]) => !CONNECTION_HEADERS.has(name)));
      const answer = { status: 200, headers, body: await res.text() };
      recorded[`${c.request.method} ${c.request.path}`] = answer;
      if (c.request.vary) recorded[`${c.request.method} ${c.request.path.split('?')[0]}`] = answer; // the baseline answers every variant alike

    }
    const recordFile = path.join(work, 'recorded.json');
    await writeFile(recordFile, JSON.stringify(recorded));
    baseline = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), fileURLToPath(import.meta.url), '--baseline', recordFile, String(baselinePort)], { stdio: ['ignore', 'ignore', 'inherit'] });
    await firstAnswer(baselineUrl, baseline);

    const rows: ServeRow[] = [];
    for (const c of cases) {
      // Warm both (JIT, caches), then alternate: B R | R B | B R ...
      await load(baselineUrl, c.request, 1);
      await load(runtimeUrl, c.request, 1);
      const runs = { baseline: [] as Array<Awaited<ReturnType<typeof load>>>, runtime: [] as Array<Awaited<ReturnType<typeof load>>> };
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 === 0 ? (['baseline', 'runtime'] as const) : (['runtime', 'baseline'] as const);
        for (const which of order) runs[which].push(await load(which === 'baseline' ? baselineUrl : runtimeUrl, c.request, seconds));
      }
      const summary = (list: typeof runs.baseline) => ({ rps: list.reduce((s, x) => s + x.rps, 0) / list.length, p50: median(list.map((x) => x.p50)), p99: median(list.map((x) => x.p99)) });
      const row: ServeRow = {
        name: c.name,
        kind: c.kind,
        target: targets[c.kind],
        baseline: summary(runs.baseline),
        runtime: summary(runs.runtime),
        ratio: 0,
        bad: [...runs.baseline, ...runs.runtime].reduce((s, x) => s + x.bad, 0),
      };
      row.ratio = row.runtime.rps / row.baseline.rps;
      rows.push(row);
      log(`serve  ${c.name}: runtime ${fmt(row.runtime.rps)} req/s, baseline ${fmt(row.baseline.rps)} req/s, ratio ${row.ratio.toFixed(2)}`);
    }
    return rows;
  } finally {
    await stop(runtime);
    if (baseline) await stop(baseline);
    await rm(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- build

interface BuildRow {
  label: string;
  platforms: number;
  yamlMB: number;
  /** Median over the runs (one run for the real sources). */
  wallS: number;
  /** Fastest and slowest wall time of the runs. */
  wallRangeS: [number, number];
  inProcessS: number;
  /** Highest peak of the runs. */
  peakMiB: number;
  runs: number;
  files: number;
  verdicts: number;
}

/** One row for several builds of the same sources: median times, the wall-time range, the highest peak. */
function medianBuild(runs: readonly BuildRow[]): BuildRow {
  const walls = runs.map((r) => r.wallS);
  return {
    ...runs[0]!,
    wallS: median(walls),
    wallRangeS: [Math.min(...walls), Math.max(...walls)],
    inProcessS: median(runs.map((r) => r.inProcessS)),
    peakMiB: Math.max(...runs.map((r) => r.peakMiB)),
    runs: runs.length,
  };
}

async function countFiles(dir: string): Promise<number> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

/**
 * Builds `sources` into `dist` in a child process, as `npm run build` runs the bundled pipeline
 * (`rssReporter`, preloaded, prints the process's peak RSS at exit); wall time includes starting Node.
 */
async function timedBuild(label: string, sources: string, dist: string, platforms: number, yamlMB: number, rssReporter: string): Promise<BuildRow> {
  const started = performance.now();
  const child = spawn(process.execPath, [...BUILD_NODE_FLAGS, '--import', pathToFileURL(rssReporter).href, path.join(ROOT, 'build/pipeline/cli.js'), 'build', '--quiet', '--sources', sources, '--dist', dist], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  const wallS = (performance.now() - started) / 1000;
  const ms = / in (\d+) ms$/m.exec(out)?.[1];
  const maxRssKiB = /^BENCH_MAX_RSS_KIB (\d+)$/m.exec(err)?.[1];
  if (code !== 0 || !ms || !maxRssKiB) throw new Error(`build of ${label} failed (exit ${code}):\n${err.slice(-2000)}`);
  const result = { ms: Number(ms), maxRssKiB: Number(maxRssKiB) };
  const verdictsDir = path.join(dist, 'api/v1/verdicts');
  return {
    label,
    platforms,
    yamlMB,
    wallS,
    wallRangeS: [wallS, wallS],
    inProcessS: result.ms / 1000,
    peakMiB: Math.round(result.maxRssKiB / 1024),
    runs: 1,
    files: await countFiles(dist),
    verdicts: (await readdir(verdictsDir)).length,
  };
}

/** Builds the real sources, retrying a few times (editors may be saving a file). */
async function buildReal(work: string, rssReporter: string): Promise<{ row: BuildRow | null; dist: string; note: string }> {
  const dist = path.join(work, 'real-dist');
  const files = (await readdir(path.join(ROOT, 'sources/platforms'), { recursive: true })).filter((f) => String(f).endsWith('.yaml'));
  const bytes = (await Promise.all(files.map((f) => readFile(path.join(ROOT, 'sources/platforms', String(f))).then((b) => b.length)))).reduce((a, b) => a + b, 0);
  let last = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const row = await timedBuild('real sources', path.join(ROOT, 'sources'), dist, files.length, bytes / 1e6, rssReporter);
      return { row, dist, note: '' };
    } catch (error) {
      last = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
      log(`build  real sources failed (attempt ${attempt + 1}): ${last}`);
      if (attempt < 2) await sleep(20_000);
    }
  }
  return { row: null, dist: path.join(ROOT, 'dist'), note: `The real sources did not build (${last}); the real bundle is the existing dist/.` };
}

// ---------------------------------------------------------------- startup

interface StartupRow {
  label: string;
  firstAnswerMs: number;
  rssIdleMiB: number;
  rssWarmMiB: number;
}

async function startup(label: string, dist: string, form: RuntimeForm): Promise<StartupRow> {
  const times: number[] = [];
  let rssIdle = 0;
  let rssWarm = 0;
  for (let i = 0; i < 3; i++) {
    const port = freePort();
    const started = performance.now();
    const child = spawnRuntime(dist, port, form);
    try {
      await firstAnswer(`http://127.0.0.1:${port}/v1/categories`, child);
      times.push(performance.now() - started);
      if (i === 2) {
        await sleep(500);
        rssIdle = await rssMiB(child.pid!);
        const model = JSON.parse(await readFile(path.join(dist, 'runtime-model.json'), 'utf8')) as { platforms: Array<{ slug: string; category: string }> };
        const ex = model.platforms.filter((p) => p.category === 'exchanges').map((p) => p.slug);
        const verdicts = (await readdir(path.join(dist, 'api/v1/verdicts'))).slice(0, 20);
        const requests = [
          ...model.platforms.slice(0, 50).map((p) => ({ method: 'GET' as const, path: `/v1/platforms/${p.slug}` })),
          ...model.platforms.slice(0, 20).map((p) => ({ method: 'GET' as const, path: `/v1/safety/${p.slug}` })),
          ...verdicts.map((v) => ({ method: 'GET' as const, path: `/v1/verdicts/${v.slice(0, -5)}` })),
          { method: 'GET' as const, path: '/v1/categories' },
          { method: 'GET' as const, path: '/v1/platforms?query=a' },
          { method: 'GET' as const, path: `/v1/compare?platforms=${ex.slice(0, 3).join(',')}&weights=fees:8` },
          { method: 'GET' as const, path: `/v1/verdicts/${ex.at(-1)}-vs-${ex.at(-2)}` },
          { method: 'GET' as const, path: '/v1/savings-interest?balance=10000' },
          { method: 'GET' as const, path: '/v1/fees?category=exchange' },
          { method: 'POST' as const, path: '/mcp', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'compare_platforms', arguments: { platforms: ex.slice(0, 2) } } }) },
        ];
        await autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration: Math.max(2, Math.min(seconds, 5)), requests });
        await sleep(500);
        rssWarm = await rssMiB(child.pid!);
      }
    } finally {
      await stop(child);
    }
  }
  const row = { label, firstAnswerMs: median(times), rssIdleMiB: rssIdle, rssWarmMiB: rssWarm };
  log(`start  ${label}: first answer ${Math.round(row.firstAnswerMs)} ms (runs ${times.map(Math.round).join(', ')}), RSS ${row.rssIdleMiB} MiB idle, ${row.rssWarmMiB} MiB after warm-up`);
  return row;
}

// ---------------------------------------------------------------- report

function report(serve: ServeRow[], builds: BuildRow[], starts: StartupRow[], notes: string[], load: number[]): string {
  const cpu = cpus();
  const lines: string[] = [];
  const ok = (met: boolean) => (met ? 'met' : '**not met**');
  lines.push('# Benchmarks', '');
  lines.push(`Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC  `);
  lines.push(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Linux ${release()}, Node ${process.version}; load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}  `);
  const runtimeRoot = RUNTIME_ROOT === ROOT ? '' : `BENCH_RUNTIME_ROOT=${RUNTIME_ROOT} `;
  lines.push(`Command: \`${runtimeRoot}BENCH_SECONDS=${seconds} BENCH_ROUNDS=${rounds} BENCH_CONNECTIONS=${connections} BENCH_SIZES=${sizes.join(',')} BENCH_PARTS=${[...parts].join(',')} npm run bench\``, '');
  notes.unshift('What the profiles showed, what each change bought and what would reach the targets not met: docs/performance.md.');
  for (const n of notes) lines.push(`${n}  `);
  if (notes.length) lines.push('');
  if (serve.length) {
    lines.push('## Serving', '');
    lines.push(`autocannon on loopback, ${connections} connections, ${rounds} alternating pair(s) of ${seconds} s runs per endpoint after 1 s of warm-up each.`);
    lines.push('Baseline: a bare node:http server answering the same bytes from memory: the status, response headers and body the runtime sent for the request (recorded once; node:http adds Date and Connection to both). Runtime: the bundled runtime (`node ' + START_NODE_FLAGS.join(' ') + ' build/runtime/main.js`, as `npm start` runs it) with default settings (info access logs, to /dev/null here) and RATE_LIMIT_PER_MINUTE=0. req/s is the mean of the runs, latency the median of their p50/p99.', '');
    lines.push('| endpoint | runtime req/s | p50 ms | p99 ms | baseline req/s | p50 ms | p99 ms | ratio | target | |');
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
    for (const r of serve) {
      lines.push(`| ${r.name} | ${fmt(r.runtime.rps)} | ${r.runtime.p50} | ${r.runtime.p99} | ${fmt(r.baseline.rps)} | ${r.baseline.p50} | ${r.baseline.p99} | ${r.ratio.toFixed(2)} | ${r.target} | ${ok(r.ratio >= r.target)}${r.bad ? `, ${r.bad} non-2xx/errors` : ''} |`);
    }
    lines.push('');
  }
  if (builds.length) {
    lines.push('## Build', '');
    lines.push(`\`node ${BUILD_NODE_FLAGS.join(' ')} build/pipeline/cli.js build --quiet\` (the bundled pipeline, as \`npm run build\` runs it after bundling it when stale) in a child process into an empty folder, ${buildRuns} time(s) for each synthetic size: the median wall and in-process times, the range of wall times, the highest peak. Wall time includes starting Node and the worker threads; in-process time is what the CLI reports (from its start to dist/ swapped in); peak memory is the child's maximum RSS (all threads). Synthetic sources come from \`scripts/generate-sources.ts\` (files of 2-6 KB like the real ones). Verdicts are bounded: only pairs among the top ${PUBLISHED_VERDICT_TOP_K} platforms of each category by score are published (\`PUBLISHED_VERDICT_TOP_K\`, at most 5 x ${(PUBLISHED_VERDICT_TOP_K * (PUBLISHED_VERDICT_TOP_K - 1)) / 2} = ${(5 * PUBLISHED_VERDICT_TOP_K * (PUBLISHED_VERDICT_TOP_K - 1)) / 2} files); any other pair is computed on request.`, '');
    lines.push('| sources | platforms | YAML MB | wall s (range) | in-process s | ms / platform | peak MiB | files | verdicts | time growth vs previous row |');
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
    let previous: BuildRow | undefined;
    for (const b of builds) {
      const growth = previous && b.label !== 'real sources' && previous.label !== 'real sources'
        ? `x${(b.inProcessS / previous.inProcessS).toFixed(1)} time for x${(b.platforms / previous.platforms).toFixed(0)} platforms`
        : '';
      lines.push(`| ${b.label} | ${fmt(b.platforms)} | ${b.yamlMB.toFixed(1)} | ${b.wallS.toFixed(2)}${b.runs > 1 ? ` (${b.wallRangeS[0].toFixed(2)}-${b.wallRangeS[1].toFixed(2)})` : ''} | ${b.inProcessS.toFixed(2)} | ${((b.inProcessS * 1000) / b.platforms).toFixed(2)} | ${b.peakMiB} | ${fmt(b.files)} | ${fmt(b.verdicts)} | ${growth} |`);
      previous = b;
    }
    const big = builds.find((b) => b.platforms === 10_000 && b.label !== 'real sources');
    if (big) lines.push('', `10,000 platforms in ${big.wallS.toFixed(1)} s wall, median of ${big.runs} (${big.wallRangeS[0].toFixed(1)}-${big.wallRangeS[1].toFixed(1)} s; target 10 s): ${ok(big.wallS <= 10)}.`);
    lines.push('');
  }
  if (starts.length) {
    lines.push('## Runtime start and memory', '');
    lines.push('Time from spawning the runtime to the first answered GET /v1/categories (median of 3 starts), and RSS when idle after start and after a warm-up of mixed requests (records, safety, verdicts, search, compare, calculators, MCP). "bundled" is `node ' + START_NODE_FLAGS.join(' ') + ' build/runtime/main.js --dist DIR` (what `npm start` runs; `npm run build:runtime` makes it), "tsx" is `node --import tsx runtime/server/main.ts --dist DIR` (`npm run dev`, the tests). The serving table above measures the bundled runtime.', '');
    lines.push('| bundle | start to first answer ms | RSS idle MiB | RSS after warm-up MiB | targets (real bundle: < 300 ms, < 100 MB) |');
    lines.push('|---|--:|--:|--:|---|');
    for (const s of starts) {
      const target = s.label.startsWith('real') && s.label.includes('bundled') ? `${ok(s.firstAnswerMs < 300)} / ${ok(s.rssWarmMiB * 1.048576 < 100)}` : '';
      lines.push(`| ${s.label} | ${Math.round(s.firstAnswerMs)} | ${s.rssIdleMiB} | ${s.rssWarmMiB} | ${target} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const load = loadavg();
  const work = await mkdtemp(path.join(tmpdir(), 'bench-'));
  const notes: string[] = [];
  const builds: BuildRow[] = [];
  const starts: StartupRow[] = [];
  let serve: ServeRow[] = [];
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
    if (parts.has('startup')) {
      for (const form of ['bundled', 'tsx'] as const) starts.push(await startup(`real (${real.row ? 'sources' : 'dist/'}), ${form}`, real.dist, form));
      if (largest) starts.push(await startup(`${largest.label}, bundled`, largest.dist, 'bundled'));
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const text = report(serve, builds, starts, notes, load);
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
