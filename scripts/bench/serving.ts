/**
 * The serving part of the benchmark: each endpoint under autocannon against a bare node:http
 * server in its own process that answers the bytes the runtime sent (the baseline), in
 * alternating runs; the ratio of requests per second is the figure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  connections,
  cpuSeconds,
  env,
  firstAnswer,
  fmt,
  freePort,
  GOALS,
  log,
  median,
  NODE_TSX,
  ROOT,
  rounds,
  seconds,
  spawnRuntime,
  stop,
} from './settings.js';

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

/**
 * `bench.ts --baseline FILE PORT`: a bare node:http server answering recorded bytes by method and URL:
 * the same status, headers and body the runtime sent (the runtime's request id is replayed as it was).
 */
export async function baselineServer(file: string, port: number): Promise<void> {
  const recorded = JSON.parse(await readFile(file, 'utf8')) as Record<string, Recorded>;
  const answers = new Map(
    Object.entries(recorded).map(([k, r]) => [
      k,
      { status: r.status, headers: { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) }, body: Buffer.from(r.body) },
    ]),
  );
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

/**
 * One autocannon run: requests per second, p50/p99 latency (ms), non-2xx and errors, and the CPU
 * time the server process used per request (microseconds, user and system; null where /proc is
 * missing). The CPU per request is steadier than requests per second on a shared machine: it does
 * not depend on how much of the CPU the server got, though it still grows with the kernel's work of
 * waking a client that waits longer (docs/performance.md, eighth pass).
 */
async function load(url: string, request: BenchRequest, duration: number, server?: ChildProcess) {
  const { vary, ...fixed } = request;
  const requests = [vary ? { ...fixed, setupRequest: (req: object) => ({ ...req, path: vary() }) } : fixed];
  const cpuBefore = cpuSeconds(server?.pid);
  const result = await autocannon({ url, connections, duration, requests: requests as autocannon.Request[] });
  const cpuAfter = cpuSeconds(server?.pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    cpuUs: cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
  };
}

export interface ServeRow {
  name: string;
  kind: 'precomputed' | 'computed' | 'computed, uncached' | 'mcp';
  target: number;
  /** Mean requests per second, median p50 and p99 latency (ms), median server CPU per request (microseconds; null without /proc). */
  baseline: { rps: number; p50: number; p99: number; cpuUs: number | null };
  runtime: { rps: number; p50: number; p99: number; cpuUs: number | null };
  ratio: number;
  bad: number;
}

export async function serving(dist: string): Promise<ServeRow[]> {
  const model = JSON.parse(await readFile(path.join(dist, 'runtime-model.json'), 'utf8')) as { platforms: Array<{ slug: string; category: string }> };
  const exchanges = model.platforms.filter((p) => p.category === 'exchanges').map((p) => p.slug);
  const verdicts = (await readdir(path.join(dist, 'api/v1/verdicts'))).filter((f) => f.endsWith('.json')).sort();
  const mcpBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'compare_platforms', arguments: { platforms: exchanges.slice(0, 3), weights: 'fees:8,security:10' } },
  });
  const cases: Array<{ name: string; kind: ServeRow['kind']; request: BenchRequest }> = [
    { name: `GET /v1/platforms/${exchanges[0]}`, kind: 'precomputed', request: { method: 'GET', path: `/v1/platforms/${exchanges[0]}` } },
    { name: 'GET /v1/categories', kind: 'precomputed', request: { method: 'GET', path: '/v1/categories' } },
    {
      name: `GET /v1/verdicts/${verdicts[0]!.slice(0, -5)}`,
      kind: 'precomputed',
      request: { method: 'GET', path: `/v1/verdicts/${verdicts[0]!.slice(0, -5)}` },
    },
    { name: 'search ?query=a&category=exchanges', kind: 'computed', request: { method: 'GET', path: '/v1/platforms?query=a&category=exchanges' } },
    {
      name: 'compare 3 exchanges, custom weights',
      kind: 'computed',
      request: { method: 'GET', path: `/v1/compare?platforms=${exchanges.slice(0, 3).join(',')}&weights=fees:8,security:10` },
    },
    { name: 'savings-interest balance=10000', kind: 'computed', request: { method: 'GET', path: '/v1/savings-interest?balance=10000&months=12' } },
    {
      name: 'fees brokerage (options, transfer)',
      kind: 'computed',
      request: { method: 'GET', path: '/v1/fees?category=brokerage&trades_per_month=20&options_contracts_per_month=10&transfers_per_year=1' },
    },
    {
      name: 'compare, weights differ every request',
      kind: 'computed, uncached',
      request: {
        method: 'GET',
        path: `/v1/compare?platforms=${exchanges.slice(0, 3).join(',')}&weights=fees:8,security:10`,
        vary: () => `/v1/compare?platforms=${exchanges.slice(0, 3).join(',')}&weights=fees:${randomWeight()},security:${randomWeight()}`,
      },
    },
    {
      name: 'search, query differs every request',
      kind: 'computed, uncached',
      request: { method: 'GET', path: '/v1/platforms?query=kra', vary: () => `/v1/platforms?query=${randomLetters(2 + Math.floor(Math.random() * 3))}` },
    },
    {
      name: 'savings-interest, balance differs every request',
      kind: 'computed, uncached',
      request: {
        method: 'GET',
        path: '/v1/savings-interest?balance=10000&months=12',
        vary: () =>
          `/v1/savings-interest?balance=${1 + Math.floor(Math.random() * 9_999_999)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}&months=12`,
      },
    },
    {
      name: 'MCP tools/call compare_platforms',
      kind: 'mcp',
      request: { method: 'POST', path: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: mcpBody },
    },
  ];
  const only = env('BENCH_ENDPOINTS', '').split(',').filter(Boolean);
  if (only.length) cases.splice(0, cases.length, ...cases.filter((c) => only.some((word) => c.name.includes(word))));
  const randomWeight = () => (Math.floor(Math.random() * 1001) / 100).toFixed(2);
  // what a search box sends as someone types: a few letters (26^2 to 26^4 queries, so nearly every one is new)
  const randomLetters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

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
      const res = await fetch(`${runtimeUrl}${c.request.path}`, {
        method: c.request.method,
        headers: { 'accept-encoding': 'identity', ...c.request.headers },
        body: c.request.body ?? null,
      });
      if (res.status !== 200) throw new Error(`${c.name}: runtime answered ${res.status}`);
      const headers = Object.fromEntries([...res.headers].filter(([name]) => !CONNECTION_HEADERS.has(name)));
      const answer = { status: 200, headers, body: await res.text() };
      recorded[`${c.request.method} ${c.request.path}`] = answer;
      if (c.request.vary) recorded[`${c.request.method} ${c.request.path.split('?')[0]}`] = answer; // the baseline answers every variant alike
    }
    const recordFile = path.join(work, 'recorded.json');
    await writeFile(recordFile, JSON.stringify(recorded));
    baseline = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), path.join(ROOT, 'scripts/bench.ts'), '--baseline', recordFile, String(baselinePort)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await firstAnswer(baselineUrl, baseline);

    const rows: ServeRow[] = [];
    for (const c of cases) {
      // Warm both (JIT, caches), then alternate: B R | R B | B R ...
      await load(baselineUrl, c.request, 1);
      await load(runtimeUrl, c.request, 1);
      const runs = { baseline: [] as Array<Awaited<ReturnType<typeof load>>>, runtime: [] as Array<Awaited<ReturnType<typeof load>>> };
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 === 0 ? (['baseline', 'runtime'] as const) : (['runtime', 'baseline'] as const);
        for (const which of order)
          runs[which].push(await load(which === 'baseline' ? baselineUrl : runtimeUrl, c.request, seconds, which === 'baseline' ? baseline : runtime));
      }
      const summary = (list: typeof runs.baseline) => {
        const cpu = list.map((x) => x.cpuUs);
        return {
          rps: list.reduce((s, x) => s + x.rps, 0) / list.length,
          p50: median(list.map((x) => x.p50)),
          p99: median(list.map((x) => x.p99)),
          cpuUs: cpu.every((x) => x !== null) ? median(cpu as number[]) : null,
        };
      };
      const row: ServeRow = {
        name: c.name,
        kind: c.kind,
        target: GOALS.ratio[c.kind],
        baseline: summary(runs.baseline),
        runtime: summary(runs.runtime),
        ratio: 0,
        bad: [...runs.baseline, ...runs.runtime].reduce((s, x) => s + x.bad, 0),
      };
      row.ratio = row.runtime.rps / row.baseline.rps;
      rows.push(row);
      const cpu = (x: number | null) => (x === null ? '' : `, ${x.toFixed(1)} us CPU/request`);
      log(
        `serve  ${c.name}: runtime ${fmt(row.runtime.rps)} req/s${cpu(row.runtime.cpuUs)}, baseline ${fmt(row.baseline.rps)} req/s${cpu(row.baseline.cpuUs)}, ratio ${row.ratio.toFixed(2)}`,
      );
    }
    return rows;
  } finally {
    await stop(runtime);
    if (baseline) await stop(baseline);
    await rm(work, { recursive: true, force: true });
  }
}
