/**
 * The MCP amplification probes of issue 40 against a built runtime on loopback (docs/operations.md
 * "Bounded answers"): starts `node <main.js> --dist <dist>` on a free port with
 * RATE_LIMIT_PER_MINUTE=60, sends bounded rounds of the two attack requests and prints, per probe,
 * the statuses, the answer bytes, the median latency and the process's resident memory (VmRSS)
 * and its peak (VmHWM, Linux /proc); then 300 slow POSTs the rate limit refuses, and the latency
 * of /healthz while they are open. Usage:
 *   tsx scripts/amplification.ts build/runtime/main.js dist
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { listeningPort, memoryMiB } from './bench/settings.js';

const [main = 'build/runtime/main.js', dist = 'dist'] = process.argv.slice(2);
const child = spawn(process.execPath, [main, '--dist', dist], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '60', LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
/** The runtime's log up to its listening line (printed with an error). */
let log = '';

/** Resident and peak resident memory of the runtime, MB. */
function memory(): { rss_mb: number; peak_mb: number } {
  const { rss, peak } = memoryMiB(child.pid!);
  return { rss_mb: rss, peak_mb: peak };
}

/**
 * Uses up the limit of 127.0.0.1 (GET /v1/categories until 429, at most 100), then opens 300
 * sockets that each POST /mcp declaring a 1 MiB body and send 512 KiB of it; resolves once each
 * has been answered or has handed its 512 KiB to the kernel, and prints the statuses and memory.
 */
async function slowRefusedPosts(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) if ((await fetch(`http://127.0.0.1:${port}/v1/categories`)).status === 429) break;
  const chunk = Buffer.alloc(512 * 1024, 'x');
  const outcomes = await Promise.all(
    Array.from(
      { length: 300 },
      () =>
        new Promise<string>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(`POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n`);
            socket.write(chunk, () => resolve('sent'));
          });
          socket.once('data', (data: Buffer) => resolve(data.toString('latin1').slice(9, 12)));
          socket.on('error', () => resolve('reset'));
          sockets.push(socket);
        }),
    ),
  );
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  console.log(JSON.stringify({ probe: '300 POST /mcp refused by the limit, 512 KiB of a 1 MiB body each, held open', outcomes: counts, ...memory() }));
}
const sockets: Socket[] = [];

async function main_(): Promise<void> {
  const started = await listeningPort(child);
  const port = started.port;
  log = started.log;
  const url = `http://127.0.0.1:${port}/mcp`;
  const post = async (body: string) => {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { status: res.status, bytes, ms: performance.now() - started };
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const report = (name: string, rows: Array<{ status: number; bytes: number; ms: number }>) =>
    console.log(
      JSON.stringify({
        probe: name,
        statuses: rows.map((r) => r.status).join(','),
        answer_bytes_max: Math.max(...rows.map((r) => r.bytes)),
        median_ms: Number(median(rows.map((r) => r.ms)).toFixed(2)),
        ...memory(),
      }),
    );

  console.log(JSON.stringify({ probe: 'start', ...memory() }));
  const completion = (value: string) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'completion/complete',
      params: { ref: { type: 'ref/prompt', name: 'compare_for_my_priorities' }, argument: { name: 'platforms', value } },
    });
  const small = completion(`${','.repeat(10_240)}a`);
  const rows = [];
  for (let i = 0; i < 20; i++) rows.push(await post(small));
  report('completion 10 KB of commas x20 (sequential)', rows);
  report('completion 0.9 MB of commas x1', [await post(completion(`${','.repeat(900_000)}a`))]);
  const listed = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/list' }),
  });
  const { result } = (await listed.json()) as { result: { resources: Array<{ uri: string }> } };
  const uri = result.resources.find((r) => r.uri.endsWith('/open-data/platforms.json'))!.uri;
  const batch = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'resources/read', params: { uri } })));
  const four = [];
  for (let i = 0; i < 4; i++) four.push(await post(batch));
  report('20 x resources/read of platforms.json, 4 batches one after another (one IP, 60/minute)', four);
  await slowRefusedPosts(port);
  const health = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    await res.arrayBuffer();
    health.push({ status: res.status, bytes: 0, ms: performance.now() - started });
  }
  report('GET /healthz x20 while the 300 sockets are open', health);
  for (const socket of sockets) socket.destroy();
  child.kill('SIGTERM');
  await once(child, 'exit');
}

main_().catch((error: unknown) => {
  console.error(error, log);
  child.kill('SIGKILL');
  process.exit(1);
});
