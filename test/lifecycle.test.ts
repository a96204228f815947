/**
 * The runtime process as an operator runs it: structured access logs, SIGHUP
 * swapping in a freshly built dist/ (and refusing a broken one), SIGTERM
 * finishing in-flight requests before exiting 0.
 */
import { existsSync } from 'node:fs';
import { cp, readFile, realpath, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, killRuntimes, runCli, spawnRuntime, tempDir } from './helpers.js';

afterAll(killRuntimes);

const scoreOf = async (url: string) => ((await (await fetch(`${url}/v1/platforms/alpha-exchange`)).json()) as { score_pct: number }).score_pct;

describe('runtime process', () => {
  it('logs each request, reloads dist/ on SIGHUP, refuses a broken one, and drains on SIGTERM', async () => {
    const dist = await buildInto(FIXTURE_SOURCES);
    const rt = await spawnRuntime(dist);
    expect(await scoreOf(rt.url)).toBe(87.9);

    const access = await rt.waitFor((l) => l.path === '/v1/platforms/alpha-exchange', 'access log');
    expect(access).toMatchObject({ method: 'GET', status: 200, level: 30 });
    expect(access.req_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof access.ms).toBe('number');

    // rebuild with a changed fact: security 90 -> 60 gives (180 + 200 + 114 + 47 + 160) / 9 = 77.9
    const sources = path.join(await tempDir('sources'), 'sources');
    await cp(FIXTURE_SOURCES, sources, { recursive: true });
    const file = path.join(sources, 'platforms/exchanges/alpha-exchange.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('security: { score: 90,', 'security: { score: 60,'));
    expect((await runCli(['build', '--sources', sources, '--dist', dist])).code).toBe(0);
    expect(await scoreOf(rt.url)).toBe(87.9); // nothing changes until SIGHUP
    rt.child.kill('SIGHUP');
    await rt.waitFor((l) => l.event === 'reload', 'reload');
    expect(await scoreOf(rt.url)).toBe(77.9);

    await writeFile(path.join(dist, 'runtime-model.json'), '{"broken": true}');
    rt.child.kill('SIGHUP');
    const refused = await rt.waitFor((l) => l.event === 'reload-refused', 'reload refused');
    expect(refused.level).toBe(50);
    expect(await scoreOf(rt.url)).toBe(77.9);

    // (a request in flight at SIGTERM is answered: the "shutdown" tests below hold one open with Expect: 100-continue)
    rt.child.kill('SIGTERM');
    expect(await rt.exited).toBe(0);
    await rt.waitFor((l) => l.event === 'shutdown', 'shutdown');
  });
});

describe('what a runtime serves', () => {
  it('never serves a file that differs from the build manifest, refuses a reload of such a dist, and does not start on one', async () => {
    const dist = await buildInto(FIXTURE_SOURCES);
    const rt = await spawnRuntime(dist);
    const page = path.join(dist, 'platforms/beta-exchange/index.html');
    const original = await readFile(page);
    await writeFile(page, original.subarray(0, 10)); // truncated after the runtime loaded the dist
    const truncated = await fetch(`${rt.url}/platforms/beta-exchange`);
    expect(truncated.status).toBe(404);
    expect((await truncated.text()).length).toBeGreaterThan(10);
    expect((await fetch(`${rt.url}/platforms/alpha-exchange`)).status).toBe(200);

    rt.child.kill('SIGHUP');
    const refused = await rt.waitFor((l) => l.event === 'reload-refused', 'reload refused');
    expect(refused.error).toBe(
      `dist/ does not match its build-manifest.json: platforms/beta-exchange/index.html has 10 bytes, the build wrote ${original.length}`,
    );
    expect((await fetch(`${rt.url}/v1/platforms/beta-exchange`)).status).toBe(200);

    const starting = spawnRuntime(dist);
    await expect(starting).rejects.toThrow(
      /runtime failed to start: dist\/ does not match its build-manifest\.json: platforms\/beta-exchange\/index\.html has 10 bytes/,
    );
  });
});

describe('the build folder a runtime serves', () => {
  it('is kept through later builds while it is served, so pages not yet read still answer; once reloaded away from, the next build removes it', async () => {
    const dist = await buildInto(FIXTURE_SOURCES);
    const first = await realpath(dist);
    const rt = await spawnRuntime(dist);
    for (let i = 0; i < 2; i++) expect((await runCli(['build', '--sources', FIXTURE_SOURCES, '--dist', dist])).code).toBe(0);
    expect(await realpath(dist)).not.toBe(first);
    // read lazily from the build folder loaded at start (runtime/server/static-files.ts): never read before now
    for (const page of ['/open-data/platforms.json', '/platforms/alpha-exchange', '/methodology', '/open-data/exchanges.csv']) {
      expect((await fetch(`${rt.url}${page}`)).status, page).toBe(200);
    }
    rt.child.kill('SIGHUP');
    await rt.waitFor((l) => l.event === 'reload', 'reload');
    expect((await runCli(['build', '--sources', FIXTURE_SOURCES, '--dist', dist])).code).toBe(0);
    expect(existsSync(first)).toBe(false);
    expect((await fetch(`${rt.url}/open-data/brokerages.csv`)).status).toBe(200);
  }, 120_000); // four builds
});

describe('Prometheus metrics', () => {
  it('are served on METRICS_PORT only, with requests by route and status, latency, refusals, reloads, Redis state and the dist served', async () => {
    const rt = await spawnRuntime(await buildInto(FIXTURE_SOURCES), { METRICS_PORT: '0', RATE_LIMIT_PER_MINUTE: '2' });
    const metricsUrl = String((await rt.waitFor((l) => l.event === 'metrics-listening', 'metrics-listening')).url).replace('localhost', '127.0.0.1');
    for (const target of ['/v1/platforms/alpha-exchange', '/v1/platforms/Alpha%20Exchange', '/platforms/alpha-exchange', '/v1/categories'])
      await fetch(`${rt.url}${target}`);
    rt.child.kill('SIGHUP');
    await rt.waitFor((l) => l.event === 'reload', 'reload');
    expect((await fetch(`${rt.url}/metrics`)).status).not.toBe(200);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toContain('ocd_http_requests_total{route="/v1/platforms/{name}",status="200"} 2');
    expect(text).toContain('ocd_http_requests_total{route="site",status="200"} 1');
    expect(text).toContain('ocd_http_requests_total{route="/v1/categories",status="429"} 1');
    // the page is not counted against the limit of 2: /v1/categories and the public /metrics are refused
    expect(text).toContain('ocd_rate_limit_refusals_total{status="429"} 2');
    expect(text).toMatch(/ocd_http_request_duration_seconds_count\{route="\/v1\/platforms\/\{name\}"\} 2/);
    expect(text).toContain('ocd_reloads_total{result="ok"} 1');
    expect(text).toContain('ocd_redis_state 0');
    expect(text).toContain('ocd_dist_info{evaluation_date="2026-06-30",methodology_version="2.0.0",platforms="14"} 1');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('count a request under the path template of the catalogue operation or the machine-readable file that answers it: the MCP server card with the manifests, not as a page', async () => {
    const rt = await spawnRuntime(await buildInto(FIXTURE_SOURCES), { METRICS_PORT: '0' });
    const metricsUrl = String((await rt.waitFor((l) => l.event === 'metrics-listening', 'metrics-listening')).url).replace('localhost', '127.0.0.1');
    const answers: Record<string, number> = {
      '/.well-known/mcp/server-card.json': 200,
      '/.well-known/mcp.json': 200,
      '/openapi.json': 200,
      '/v1/platforms/alpha-exchange/history': 200,
      '/v1/platforms?query=alpha': 200,
      '/v1/platforms/': 404,
      '/v1/nope': 404,
      '/methodology': 200,
    };
    for (const [target, status] of Object.entries(answers)) expect((await fetch(`${rt.url}${target}`)).status, target).toBe(status);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toContain('ocd_http_requests_total{route="/.well-known/*",status="200"} 2');
    expect(text).toContain('ocd_http_requests_total{route="/openapi.json",status="200"} 1');
    expect(text).toContain('ocd_http_requests_total{route="/v1/platforms/{name}/history",status="200"} 1');
    expect(text).toContain('ocd_http_requests_total{route="/v1/platforms",status="200"} 1');
    // no route answers these: 404, counted apart from the operations
    expect(text).toContain('ocd_http_requests_total{route="other",status="404"} 2');
    // the methodology page only (the server card was counted here before)
    expect(text).toContain('ocd_http_requests_total{route="site",status="200"} 1');
  });
});

/** A raw HTTP/1.1 connection: what it received so far, a wait for text to arrive, and its close. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  const waiting: Array<() => void> = [];
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
    for (const check of [...waiting]) check();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    socket,
    closed,
    received: () => received,
    /** Resolves with everything received once `text` has arrived (or rejects when the socket closes first). */
    until: (text: string) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          if (received.includes(text)) {
            waiting.splice(waiting.indexOf(check), 1);
            resolve(received);
          }
        };
        waiting.push(check);
        void closed.then(() => (received.includes(text) ? resolve(received) : reject(new Error(`closed before "${text}"; got ${received.slice(0, 300)}`))));
        check();
      }),
  };
}

describe('shutdown', () => {
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  /** Sends the headers of a POST /mcp with Expect: 100-continue and resolves once the server has taken the request (100 Continue). */
  const startPost = async (connection: ReturnType<typeof rawConnection>) => {
    connection.socket.write(
      `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${ping.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await connection.until('100 Continue');
  };

  it('closes idle keep-alive connections at once and answers a request whose body arrives after SIGTERM, with Connection: close', async () => {
    const rt = await spawnRuntime(await buildInto(FIXTURE_SOURCES), { SHUTDOWN_TIMEOUT_MS: '60000' });
    const idle = rawConnection(rt.url);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await idle.until('{"status":"ok"}');
    const busy = rawConnection(rt.url);
    await startPost(busy);

    rt.child.kill('SIGTERM');
    await rt.waitFor((l) => l.event === 'shutdown', 'shutdown');
    await idle.closed; // closed by the server, without waiting for the keep-alive timeout
    busy.socket.write(ping.slice(0, 10));
    busy.socket.write(ping.slice(10));
    const answer = await busy.until('"result"');
    expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
    expect(answer.toLowerCase()).toContain('connection: close');
    await busy.closed;
    expect(await rt.exited).toBe(0);
    expect(await rt.waitFor((l) => l.event === 'shutdown-complete', 'shutdown-complete')).toMatchObject({ idle_closed: 1, finished: 1, cut_at_deadline: 0 });
  });

  it('cuts a request whose body never completes at SHUTDOWN_TIMEOUT_MS, and says so in the log', async () => {
    const rt = await spawnRuntime(await buildInto(FIXTURE_SOURCES), { SHUTDOWN_TIMEOUT_MS: '300' });
    const stuck = rawConnection(rt.url);
    await startPost(stuck);
    stuck.socket.write(ping.slice(0, 10)); // the rest never comes
    rt.child.kill('SIGTERM');
    expect(await rt.exited).toBe(0);
    await stuck.closed;
    expect(await rt.waitFor((l) => l.event === 'shutdown-complete', 'shutdown-complete')).toMatchObject({
      idle_closed: 0,
      finished: 0,
      cut_at_deadline: 1,
      level: 30,
    });
    expect(await rt.waitFor((l) => l.event === 'shutdown', 'shutdown')).toMatchObject({ deadline_ms: 300 });
  });
});
