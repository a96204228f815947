/**
 * `npm run check-links` against local HTTP servers (never the network): each class of answer,
 * robots.txt obeyed and read once per origin, the project's user agent, the exit code.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';
import { runEditor } from './editor-cli.js';

const requests: Array<{ path: string; agent: string }> = [];
/** Answers held open until the test ends (the timeout case). */
const held: ServerResponse[] = [];

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; base: string }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

let site: { server: Server; base: string };
let broken: { server: Server; base: string };
let closedBase: string;

beforeAll(async () => {
  site = await listen((req, res) => {
    requests.push({ path: req.url ?? '', agent: String(req.headers['user-agent']) });
    const routes: Record<string, () => void> = {
      '/robots.txt': () => res.end('User-agent: *\nDisallow: /private\n'),
      '/ok': () => res.end('fine'),
      '/moved': () => res.writeHead(301, { location: '/ok' }).end(),
      '/gone': () => res.writeHead(410).end(),
      '/missing': () => res.writeHead(404).end(),
      '/boom': () => res.writeHead(503).end(),
      '/forbidden': () => res.writeHead(403).end(),
      '/slow': () => held.push(res),
    };
    (routes[req.url ?? ''] ?? (() => res.writeHead(500).end()))();
  });
  // a site whose robots.txt fails: RFC 9309 counts it as disallowing everything
  broken = await listen((req, res) => res.writeHead(req.url === '/robots.txt' ? 500 : 200).end());
  const closed = await listen(() => undefined);
  closedBase = closed.base;
  await new Promise((resolve) => closed.server.close(resolve));
});

afterAll(async () => {
  for (const res of held) res.destroy();
  await Promise.all([site, broken].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

async function check(urls: string[], extra: string[] = []) {
  const file = path.join(await tempDir('links'), 'urls.txt');
  await writeFile(file, `# cited pages\n\n${urls.join('\n')}\n`);
  // the deadline of every request, the first one of a fresh process too (robots.txt, loading fetch): only /slow may reach it
  return runEditor('check-links', ['--urls', file, '--per-host-ms', '0', '--timeout-ms', '5000', ...extra]);
}

describe('npm run check-links', () => {
  it('classifies every answer, obeys robots.txt and names the project in its user agent', async () => {
    requests.length = 0;
    const urls = ['/ok', '/moved', '/gone', '/missing', '/boom', '/forbidden', '/slow', '/private/page'].map((p) => `${site.base}${p}`);
    const { code, stdout } = await check([...urls, `${broken.base}/page`, `${closedBase}/page`, 'ftp://example.org/file'], ['--json']);
    expect(code).toBe(1); // dead links
    const report = JSON.parse(stdout);
    expect(report.checked).toBe(11);
    expect(report.counts).toEqual({ dead: 2, error: 5, timeout: 1, redirect: 1, skipped: 1, ok: 1 });
    const byPath = Object.fromEntries(report.results.map((r: any) => [r.url.replace(site.base, ''), r]));
    expect(byPath['/ok']).toMatchObject({ status: 'ok', http_status: 200, target: null });
    expect(byPath['/moved']).toMatchObject({ status: 'redirect', http_status: 301, target: `${site.base}/ok` });
    expect(byPath['/gone']).toMatchObject({ status: 'dead', http_status: 410 });
    expect(byPath['/missing']).toMatchObject({ status: 'dead', http_status: 404 });
    expect(byPath['/boom']).toMatchObject({ status: 'error', http_status: 503 });
    expect(byPath['/forbidden']).toMatchObject({ status: 'error', http_status: 403 });
    expect(byPath['/slow']).toMatchObject({ status: 'timeout', http_status: null, detail: 'no answer in 5000 ms' });
    expect(byPath['/private/page']).toMatchObject({ status: 'skipped' });
    expect(byPath[`${broken.base}/page`]).toMatchObject({ status: 'error', http_status: 500 });
    expect(byPath[`${closedBase}/page`].status).toBe('error');
    expect(byPath[`${closedBase}/page`].detail).toBe('robots.txt: connection: ECONNREFUSED'); // the robots.txt request fails first
    expect(byPath['ftp://example.org/file']).toMatchObject({ status: 'error', detail: 'not an http(s) URL' });
    // robots.txt read once for the origin; the disallowed path never requested; every request names the project
    expect(requests.filter((r) => r.path === '/robots.txt')).toHaveLength(1);
    expect(requests.map((r) => r.path)).not.toContain('/private/page');
    expect(new Set(requests.map((r) => r.agent))).toEqual(new Set([expect.stringMatching(/^comparison-data-service-link-check\/\d+\.\d+\.\d+ \(/)]));
  });

  it('prints Markdown, dead links first, and exits 0 when none is dead', async () => {
    const bad = await check([`${site.base}/ok`, `${site.base}/moved`, `${site.base}/gone`]);
    expect(bad.code).toBe(1);
    const lines = bad.stdout.split('\n');
    expect(lines[0]).toBe('# Link check: 3 URLs');
    expect(lines[2]).toBe('dead 1, error 0, timeout 0, redirect 1, skipped 0, ok 1');
    expect(lines[6]).toBe(`| dead | ${site.base}/gone | HTTP 410 | — |`);
    expect(lines[7]).toBe(`| redirect | ${site.base}/moved | HTTP 301 to ${site.base}/ok | — |`);
    const good = await check([`${site.base}/ok`, `${site.base}/moved`]);
    expect(good.code).toBe(0);
  });

  it('refuses a bad option with the usage', async () => {
    const { code, stderr } = await runEditor('check-links', ['--timeout-ms', 'soon']);
    expect(code).toBe(2);
    expect(stderr).toContain('--timeout-ms must be a whole number from 1 to 600000; got "soon"');
    expect(stderr).toContain('usage: npm run check-links');
  });
});
