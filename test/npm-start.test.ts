/**
 * `npm start` as a newcomer runs it: it builds dist/ when stale, bundles the
 * runtime (scripts/bundles.ts) and serves the bundle with plain node. The other
 * tests serve the TypeScript sources; this one checks what the bundle loads on
 * its own: the fast path at start, the h3 app (a chunk loaded after listening),
 * the MCP SDK (a chunk loaded on the first POST /mcp), the rate limiter's class
 * files and zod's English messages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, REAL_DATA_EPOCH } from './helpers.js';

let child: ChildProcess;
let url: string;

/** Starts `npm start` on a free port and resolves with the URL its "listening" log line gives. */
function npmStart(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const { BASE_URL: _vite, ...inherited } = process.env;
  // its own process group, so that stopping it stops npm's node children too
  const started = spawn('npm', ['start'], { cwd: ROOT, env: { ...inherited, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    started.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    started.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.includes('"event":"listening"'));
      if (line) resolve({ child: started, url: (JSON.parse(line) as { url: string }).url.replace(/\/$/, '') });
    });
    started.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out.slice(-2000)}\n${err.slice(-2000)}`)));
  });
}

beforeAll(async () => {
  ({ child, url } = await npmStart({ PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '12', LOG_LEVEL: 'info', SOURCE_DATE_EPOCH: REAL_DATA_EPOCH }));
}, 180_000);

afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
});

describe('npm start (the bundled runtime on the real data)', () => {
  it('answers precomputed, computed, problem and MCP requests, and rate-limits', async () => {
    const categories = await fetch(`${url}/v1/categories`);
    expect(categories.status).toBe(200);
    const body = (await categories.json()) as { categories: Array<{ id: string; platform_count: number }> };
    expect(body.categories.map((c) => c.id)).toEqual(['exchanges', 'hardware-wallets', 'software-wallets', 'high-yield-savings', 'brokerages']);
    expect(body.categories.every((c) => c.platform_count >= 20)).toBe(true);

    // computed in the h3 app (a chunk of its own)
    const compare = await fetch(`${url}/v1/compare?platforms=kraken,coinbase&weights=fees:8`);
    expect(compare.status).toBe(200);
    const compared = (await compare.json()) as { winner_slug: string | null; products: Array<{ slug: string; eligible: boolean; coverage: number }> };
    expect(compared.products.map((p) => p.slug).sort()).toEqual(['coinbase', 'kraken']);
    // the winner is the best product that reaches the gate under the applied weights, or none
    expect(compared.winner_slug).toBe(compared.products.find((p) => p.eligible)?.slug ?? null);
    for (const p of compared.products) expect(p.eligible).toBe(p.coverage >= 75);

    // a bad parameter: problem+json naming the field, in English
    const bad = await fetch(`${url}/v1/savings-interest?balance=-5`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await bad.json()) as { status: number; errors: Array<{ parameter: string; message: string }> };
    expect(problem.status).toBe(400);
    expect(problem.errors).toEqual([{ parameter: 'balance', message: expect.stringMatching(/^must be a number .*; got "-5"$/) }]);

    // MCP through the official SDK client (the SDK is a chunk loaded on the first POST /mcp)
    const client = new Client({ name: 'npm-start-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    const result = (await client.callTool({ name: 'compare_platforms', arguments: { platforms: ['kraken', 'coinbase'], weights: 'fees:8' } })) as {
      isError?: boolean;
      structuredContent?: unknown;
    };
    await client.close();
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(compared);

    // RATE_LIMIT_PER_MINUTE=12 (rate-limiter-flexible's class files, loaded on their own): REST and MCP count together
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await fetch(`${url}/v1/categories`)).status);
    expect(statuses).toContain(429);
    const refused = await fetch(`${url}/v1/categories`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('npm start on another PORT without BASE_URL', () => {
  it('builds dist/ for that port, so the links it writes (record pages, problem types) point where it serves', async () => {
    // a port free a moment ago (the runtime binds it next)
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const other = await npmStart({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SOURCE_DATE_EPOCH: REAL_DATA_EPOCH });
    try {
      expect(other.url).toBe(`http://127.0.0.1:${port}`);
      const record = (await (await fetch(`${other.url}/v1/platforms/kraken`)).json()) as { page: string };
      expect(record.page).toBe(`http://localhost:${port}/platforms/kraken`);
      const problem = (await (await fetch(`${other.url}/v1/platforms/no-such-platform-here`)).json()) as { type: string };
      expect(problem.type).toBe(`http://localhost:${port}/problems/not-found`);
    } finally {
      const exited = new Promise((r) => other.child.once('exit', r));
      process.kill(-other.child.pid!, 'SIGTERM');
      await exited;
    }
  }, 180_000);
});
