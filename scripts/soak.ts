/**
 * Soak run (not a test): holds full load on a runtime process for SOAK_SECONDS
 * (default 300) with a mix of precomputed, computed and MCP requests (compare
 * weights and savings balances and months different on every request, so no
 * cache holds them), then reports requests, non-2xx responses, errors, latency
 * and the server's RSS at start, after the first minute, at its highest and at
 * the end, and at the end of each minute: a leak shows as growth that goes on minute after minute.   npm run soak   (serves the current dist/ with the bundled
 * runtime as `npm start` runs it, bundling it when stale; run npm run build first)
 * SOAK_SECONDS, SOAK_CONNECTIONS (default 50), LOG_LEVEL (default warn) adjust it.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { rssMiB } from './bench/settings.js';
import { bundleIfStale, npmScriptNodeFlags, RUNTIME_BUNDLE, RUNTIME_ENTRY } from './bundles.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.SOAK_SECONDS ?? 300);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 50);
const port = 30000 + Math.floor(Math.random() * 20000);
const url = `http://127.0.0.1:${port}`;

await bundleIfStale(RUNTIME_BUNDLE);
const child = spawn(process.execPath, [...npmScriptNodeFlags('start', 'build/runtime/main.js'), RUNTIME_ENTRY, '--dist', path.join(ROOT, 'dist')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  stdio: 'inherit',
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/v1/categories`)).ok) break;
  } catch {
    if (i > 200) throw new Error('runtime did not start');
  }
  await new Promise((r) => setTimeout(r, 100));
}

const model = JSON.parse(await readFile(path.join(ROOT, 'dist/runtime-model.json'), 'utf8')) as { platforms: Array<{ slug: string; category: string }> };
const exchanges = model.platforms.filter((p) => p.category === 'exchanges').map((p) => p.slug);
const mcpBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'compare_platforms', arguments: { platforms: exchanges.slice(0, 3) } },
});
const weight = () => (Math.floor(Math.random() * 1001) / 100).toFixed(2);
const requests = [
  { method: 'GET' as const, path: `/v1/platforms/${model.platforms[0]!.slug}` },
  { method: 'GET' as const, path: '/v1/categories' },
  { method: 'GET' as const, path: '/v1/platforms?query=a' },
  { method: 'GET' as const, path: `/v1/compare?platforms=${exchanges.slice(0, 3).join(',')}&weights=fees:8,security:10` },
  { method: 'GET' as const, path: '/v1/savings-interest?balance=10000&months=12' },
  {
    method: 'GET' as const,
    path: '/v1/compare',
    setupRequest: (req: object) => ({ ...req, path: `/v1/compare?platforms=${exchanges.slice(0, 3).join(',')}&weights=fees:${weight()},security:${weight()}` }),
  },
  {
    method: 'GET' as const,
    path: '/v1/savings-interest',
    setupRequest: (req: object) => ({
      ...req,
      path: `/v1/savings-interest?balance=${1 + Math.floor(Math.random() * 9_999_999)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}&months=${1 + Math.floor(Math.random() * 120)}`,
    }),
  },
  { method: 'GET' as const, path: '/v1/fees?category=brokerage&options_contracts_per_month=10' },
  { method: 'GET' as const, path: '/v1/platforms/not-a-platform' },
  { method: 'POST' as const, path: '/mcp', headers: { 'content-type': 'application/json' }, body: mcpBody },
];

const rssStart = await rssMiB(child.pid!);
const rssSamples: Array<{ at: number; mib: number }> = [];
const started = performance.now();
const sampler = setInterval(() => void rssMiB(child.pid!).then((mib) => rssSamples.push({ at: (performance.now() - started) / 1000, mib })), 5000);
const result = await autocannon({ url, connections, duration: seconds, requests: requests as autocannon.Request[] });
clearInterval(sampler);
const rssEnd = await rssMiB(child.pid!);
const stillAnswers = (await fetch(`${url}/v1/categories`)).status;
child.kill('SIGTERM');

const report = {
  seconds,
  connections,
  requests: result.requests.total,
  requests_per_second: Math.round(result.requests.average),
  status_2xx: result['2xx'],
  status_4xx: result['4xx'],
  status_5xx: result['5xx'],
  errors: result.errors,
  timeouts: result.timeouts,
  latency_p50_ms: result.latency.p50,
  latency_p99_ms: result.latency.p99,
  rss_start_mib: rssStart,
  rss_after_first_minute_mib: rssSamples.find((s) => s.at >= 60)?.mib ?? null,
  rss_max_mib: Math.max(rssStart, rssEnd, ...rssSamples.map((s) => s.mib)),
  rss_end_mib: rssEnd,
  /** RSS at the end of each minute: a plateau is warm-up (heap and caches filling to their bounds), a steady climb a leak. */
  rss_by_minute_mib: Array.from({ length: Math.floor(seconds / 60) }, (_, m) => rssSamples.filter((s) => s.at <= (m + 1) * 60).at(-1)?.mib ?? null),
  answers_after: stillAnswers,
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
process.exit(report.status_5xx === 0 && report.errors === 0 && stillAnswers === 200 ? 0 : 1);
