/**
 * The benchmark's settings (BENCH_* environment variables: scripts/bench.ts) and the helpers
 * every part shares: starting and stopping the runtime, waiting for its first answer, RSS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmScriptNodeFlags } from '../bundles.js';

/**
 * The performance goals each row of the report is judged against (docs/performance.md, "Targets"):
 * requests per second as a ratio of the bare server's by kind of answer, p99 latency at 50
 * connections, time to the first answer and RSS after warm-up of the real bundle, the
 * 10,000-platform build's wall time.
 */
export const GOALS = {
  ratio: { precomputed: 0.9, computed: 0.9, 'computed, uncached': 0.5, mcp: 0.5 },
  p99Ms: 5,
  firstAnswerMs: 500,
  rssWarmMB: 150,
  build10kS: 20,
} as const;

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NODE_TSX = [process.execPath, '--import', 'tsx'] as const;

export const env = (name: string, fallback: string) => process.env[name] ?? fallback;
export const seconds = Number(env('BENCH_SECONDS', '5'));
export const rounds = Number(env('BENCH_ROUNDS', '3'));
export const connections = Number(env('BENCH_CONNECTIONS', '50'));
export const sizes = env('BENCH_SIZES', '100,1000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
export const parts = new Set(env('BENCH_PARTS', 'serve,build,startup,history').split(','));
export const buildRuns = Math.max(1, Number(env('BENCH_BUILD_RUNS', '3')));
export const outFile = env('BENCH_OUT', 'BENCHMARKS.md');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
export const log = (line: string) => process.stderr.write(`${line}\n`);
/** A port below Linux's ephemeral range (32768-60999), where outgoing connections take theirs. */
export const freePort = () => 20000 + Math.floor(Math.random() * 12000);

/** Resident set size of a process, MiB (Linux /proc). */
export async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

/** Resolves once GET `url` answers (any status); polls every 2 ms. */
export async function firstAnswer(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
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
export const RUNTIME_ROOT = path.resolve(process.env.BENCH_RUNTIME_ROOT ?? ROOT);

/** How `npm start` runs the bundled runtime, and `npm run build` the bundled pipeline. */
export const START_NODE_FLAGS = npmScriptNodeFlags('start', 'build/runtime/main.js');
export const BUILD_NODE_FLAGS = npmScriptNodeFlags('build', 'build/pipeline/cli.js');

/** How the runtime is started: bundled JavaScript (what `npm start` runs), or the TypeScript sources under tsx (`npm run dev`, the tests). */
export type RuntimeForm = 'bundled' | 'tsx';

/** Starts the runtime on `dist` (rate limiting off, default info logs to /dev/null). */
export function spawnRuntime(dist: string, port: number, form: RuntimeForm = 'bundled'): ChildProcess {
  const command =
    form === 'bundled'
      ? [process.execPath, ...START_NODE_FLAGS, path.join(RUNTIME_ROOT, 'build/runtime/main.js')]
      : [...NODE_TSX, path.join(RUNTIME_ROOT, 'runtime/server/main.ts')];
  return spawn(command[0]!, [...command.slice(1), '--dist', dist], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: env('BENCH_LOG_LEVEL', 'info') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Stops a child with SIGTERM, then SIGKILL after 5 s. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
