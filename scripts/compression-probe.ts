/**
 * The compression probes of issue 40 against a built runtime on loopback (docs/performance.md
 * "Compression"): starts `node <main.js> --dist <dist>` on a free port with rate limiting off and
 * prints (1) the runtime's CPU time per request (/proc/<pid>/stat) of 300 /v1/savings-interest
 * requests with a different balance each, with `Accept-Encoding: br` and without, and (2) the
 * latency of 200 GET /v1/categories from one client while another cycles through the static
 * files the build manifest lists (1 KiB or more, up to 24 MiB, 4 at a time) with
 * `Accept-Encoding: br`. Bounded loops, loopback only. Usage:
 *   tsx scripts/compression-probe.ts build/runtime/main.js dist
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cpuSeconds, listeningPort } from './bench/settings.js';

const [main = 'build/runtime/main.js', dist = 'dist'] = process.argv.slice(2);
const child = spawn(process.execPath, [main, '--dist', dist], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});

/** CPU time of the runtime so far (user + system), ms. @throws Error where /proc is missing (not Linux) or the runtime is gone */
function cpuMs(): number {
  const used = cpuSeconds(child.pid);
  if (used === null) throw new Error(`no CPU time for the runtime (pid ${child.pid}): the probe reads Linux /proc/<pid>/stat`);
  return used * 1000;
}

async function run(): Promise<void> {
  const { port } = await listeningPort(child);
  const base = `http://127.0.0.1:${port}`;
  const fetchBytes = async (target: string, encoding: string) =>
    (await (await fetch(`${base}${target}`, { headers: { 'accept-encoding': encoding } })).arrayBuffer()).byteLength;

  for (const [label, encoding, offset] of [
    ['br', 'br', 0],
    ['identity', 'identity', 0.5],
    ['br (second run)', 'br', 0.25],
    ['identity (second run)', 'identity', 0.75],
  ] as const) {
    const before = cpuMs();
    for (let i = 0; i < 300; i++) await fetchBytes(`/v1/savings-interest?balance=${1000 + i + offset}`, encoding);
    console.log(
      JSON.stringify({ probe: `savings-interest varied, Accept-Encoding: ${label}`, cpu_ms_per_request: Number(((cpuMs() - before) / 300).toFixed(3)) }),
    );
  }

  const manifest = JSON.parse(readFileSync(path.join(dist, 'build-manifest.json'), 'utf8')) as { files: Record<string, { bytes: number }> };
  const statics: string[] = [];
  let total = 0;
  for (const [file, { bytes }] of Object.entries(manifest.files)) {
    if (
      bytes < 1024 ||
      total > 24 * 1024 * 1024 ||
      !/^(open-data|platforms|categories|compare|methodology|docs|assets|problems)\//.test(file) ||
      /\.(br|gz)$/.test(file)
    )
      continue;
    statics.push(`/${file.replace(/index\.html$/, '')}`);
    total += bytes;
  }
  let stop = false;
  let cycled = 0;
  const cycler = async (start: number) => {
    for (let i = start; !stop; i += 4) {
      await fetchBytes(statics[i % statics.length]!, 'br');
      cycled++;
    }
  };
  const cyclers = [0, 1, 2, 3].map(cycler);
  const latencies: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await fetchBytes('/v1/categories', 'identity');
    latencies.push(performance.now() - started);
  }
  stop = true;
  await Promise.all(cyclers);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(latencies[Math.floor(q * (latencies.length - 1))]!.toFixed(2));
  console.log(
    JSON.stringify({
      probe: `GET /v1/categories x200 while 4 clients cycle ${statics.length} static files (${(total / 1048576).toFixed(1)} MiB) with br`,
      median_ms: at(0.5),
      p95_ms: at(0.95),
      max_ms: at(1),
      static_requests_meanwhile: cycled,
    }),
  );
  child.kill('SIGTERM');
  await once(child, 'exit');
}

run().catch((error: unknown) => {
  console.error(error);
  child.kill('SIGKILL');
  process.exit(1);
});
