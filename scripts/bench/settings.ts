/**
 * The benchmark's settings (BENCH_* environment variables: scripts/bench.ts) and the helpers
 * every part and the probes (scripts/amplification.ts, scripts/compression-probe.ts, scripts/soak.ts)
 * share: starting and stopping the runtime, its port and first answer, its memory and CPU time.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/**
 * Resident set size (VmRSS) of a process and its peak so far (VmHWM), MiB, rounded (Linux /proc/<pid>/status, proc(5)).
 * @throws Error where /proc is missing (not Linux) or the process is gone
 */
export function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) => {
    const kB = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
    if (kB === undefined) throw new Error(`/proc/${pid}/status has no ${field} (the process has exited)`);
    return Math.round(Number(kB) / 1024);
  };
  return { rss: mib('VmRSS'), peak: mib('VmHWM') };
}

/** Resident set size of a process, MiB (memoryMiB). */
export async function rssMiB(pid: number): Promise<number> {
  return memoryMiB(pid).rss;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (`getconf CLK_TCK`; 100 on Linux when getconf is missing). */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds a process has used so far, user and system, all its threads (fields 14 and 15 of
 * /proc/<pid>/stat, proc(5)); null where /proc is missing (not Linux) or the process is gone.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

/**
 * The port a runtime started with PORT=0 listens on, read from its `"event":"listening"` log line
 * (JSON lines on its stdout, with the `url` it listens at); its stdout keeps flowing afterwards, unread.
 * @param child a runtime spawned with its stdout piped, before any of it is read
 * @returns the port, and the log up to that line
 * @throws Error `the runtime exited: <log>` when the runtime exits before listening
 */
export function listeningPort(child: ChildProcess): Promise<{ port: number; log: string }> {
  let log = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      const match = /"event":"listening"[^\n]*?"url":"http:\/\/[^:]+:(\d+)\//.exec(log);
      if (!match) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve({ port: Number(match[1]), log });
    };
    child.stdout!.on('data', onData);
    child.once('exit', () => reject(new Error(`the runtime exited: ${log}`)));
  });
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
