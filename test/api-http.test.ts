/**
 * The REST API's HTTP behaviour over a real socket, on the fixture sources:
 * 404, 405 and 406 problems, HEAD, ETag and 304, compression (static files' copies written by the build), Cache-Control,
 * request ids, CORS and the served openapi.json.
 */
import { readFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BASE, serveFixtures } from './fixture-server.js';
import { http } from './helpers.js';

const server = serveFixtures();

describe('HTTP behaviour', () => {
  it('answers an unknown path with a 404 problem', async () => {
    const res = await http(server, '/v2/nothing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.json).toMatchObject({ status: 404, title: 'Not found', type: `${BASE}/problems/not-found` });
  });

  it('answers a write method with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const target of ['/v1/platforms/alpha-exchange', '/healthz', '/readyz?x=1']) {
        const res = await http(server, target, { method });
        expect(res.status, `${method} ${target}`).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
        expect(res.json).toMatchObject({ status: 405, title: 'Method not allowed' });
      }
    }
  });

  it('answers 406 when Accept rules out JSON, and accepts browsers and wildcards', async () => {
    const html = await http(server, '/v1/categories', { headers: { accept: 'text/html' } });
    expect(html.status).toBe(406);
    // a caller that takes only HTML gets the 406 as a page
    expect(html.text).toContain('<h1>406 Not acceptable</h1>');
    const problem = await http(server, '/v1/categories', { headers: { accept: 'text/csv' } });
    expect(problem.status).toBe(406);
    expect(problem.json).toMatchObject({ status: 406, title: 'Not acceptable' });
    expect((await http(server, '/v1/categories', { headers: { accept: 'application/json;q=0' } })).status).toBe(406);
    for (const accept of ['text/html,application/xhtml+xml,*/*;q=0.8', 'application/*', 'application/json']) {
      expect((await http(server, '/v1/categories', { headers: { accept } })).status).toBe(200);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const identity = { 'accept-encoding': 'identity' };
    const get = await http(server, '/v1/categories', { headers: identity });
    const head = await http(server, '/v1/categories', { method: 'HEAD', headers: identity });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(get.text)));
  });

  it('rejects malformed percent-encoding in a path with 400, never 500', async () => {
    const res = await http(server, '/v1/platforms/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.json).toMatchObject({ status: 400, title: 'Bad request' });
  });

  it('bounds each path parameter by the maxLength openapi.json publishes for it, and says that bound', async () => {
    const openapi = (await http(server, '/openapi.json')).json;
    const bound = (path: string, name: string) => openapi.paths[path].get.parameters.find((p: any) => p.name === name).schema.maxLength as number;
    expect(bound('/v1/verdicts/{slug}', 'slug')).toBe(204); // two names of at most 100 characters and -vs-
    expect(bound('/v1/platforms/{name}', 'name')).toBe(100);
    for (const [path, name, max] of [
      ['/v1/verdicts/', 'slug', 204],
      ['/v1/platforms/', 'name', 100],
    ] as const) {
      const over = await http(server, `${path}${'a'.repeat(max + 1)}`);
      expect(over.status).toBe(400);
      expect(over.json.errors).toEqual([{ parameter: name, message: `must be at most ${max} characters` }]);
      expect((await http(server, `${path}${'a'.repeat(max)}`)).status).not.toBe(400);
    }
  });

  it('gives precomputed bodies a strong ETag and answers a matching If-None-Match with 304', async () => {
    const first = await http(server, '/v1/platforms/alpha-exchange', { headers: { 'accept-encoding': 'identity' } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const again = await http(server, '/v1/platforms/ALPHA', { headers: { 'if-none-match': `"other", ${etag}`, 'accept-encoding': 'identity' } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const other = await http(server, '/v1/platforms/beta-exchange', { headers: { 'if-none-match': etag, 'accept-encoding': 'identity' } });
    expect(other.status).toBe(200);
  });

  it('compresses large precomputed bodies with br or gzip, each with its own ETag', async () => {
    const raw = await fetch(`${server.url}/openapi.json`, { headers: { 'accept-encoding': 'identity' } });
    const rawBytes = Buffer.from(await raw.arrayBuffer());
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${server.url}/openapi.json`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('etag')).toBe(`${raw.headers.get('etag')!.slice(0, -1)}-${encoding}"`);
      expect(Number(res.headers.get('content-length'))).toBeLessThan(rawBytes.length / 3);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(rawBytes); // fetch decodes it
    }
    const refused = await fetch(`${server.url}/openapi.json`, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('compresses large computed bodies too, without an ETag', async () => {
    const target = `${server.url}/v1/platforms`;
    const plain = Buffer.from(await (await fetch(target, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    expect(plain.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(target, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('etag')).toBeNull();
      expect(Number(res.headers.get('content-length'))).toBeLessThan(plain.length / 2);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(plain);
    }
  });

  /** GET `path` with Accept-Encoding `encoding`, the bytes as sent (not decoded, unlike fetch). */
  const rawGet = (path: string, encoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it.each([
    ['/open-data/platforms.json', 'open-data/platforms.json'],
    ['/methodology', 'methodology/index.html'],
    ['/open-data/platforms.json?download=1', 'open-data/platforms.json'],
  ])('sends %s as the compressed copies the build wrote next to it, as they are', async (path, file) => {
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const res = await rawGet(path, encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.body).toEqual(await readFile(`${server.dist}/${file}${suffix}`));
    }
    const plain = await readFile(`${server.dist}/${file}`);
    expect(brotliDecompressSync(await readFile(`${server.dist}/${file}.br`))).toEqual(plain);
    expect(gunzipSync(await readFile(`${server.dist}/${file}.gz`))).toEqual(plain);
  });

  it('compresses computed bodies at brotli quality 4', async () => {
    const target = '/v1/savings-interest?balance=12345.67';
    const plain = (await rawGet(target, 'identity')).body;
    const res = await rawGet(target, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toEqual(brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }));
  });

  it('sets Cache-Control by kind: computed bodies short, errors not stored', async () => {
    expect((await http(server, '/v1/savings-interest?balance=100')).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await http(server, '/v1/savings-interest')).headers.get('cache-control')).toBe('no-store');
  });

  it('carries a request id, nosniff and CORS on every response, errors included', async () => {
    for (const path of ['/v1/categories', '/v1/compare', '/nowhere']) {
      const res = await http(server, path);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const echoed = await http(server, '/v1/categories', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
  });

  it('answers CORS preflight for GET routes and for POST /mcp', async () => {
    const get = await http(server, '/v1/compare', { method: 'OPTIONS', headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' } });
    expect(get.status).toBe(204);
    expect(get.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    const mcp = await http(server, '/mcp', { method: 'OPTIONS', headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' } });
    expect(mcp.status).toBe(204);
    expect(mcp.headers.get('access-control-allow-methods')).toBe('POST');
    expect(mcp.headers.get('access-control-allow-headers')).toContain('Content-Type');
  });

  it('serves openapi.json (OpenAPI 3.1.0, version 1.0.1)', async () => {
    const res = await http(server, '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(res.json.info.version).toBe('1.0.1');
    expect(res.json.jsonSchemaDialect).toBeUndefined(); // the OAS 3.1 default dialect
    const init = await http(server, '/docs/docs-init.js');
    expect(init.status).toBe(200);
    expect(init.text).toContain('validatorUrl: null');
    expect(Object.keys(res.json.paths).sort()).toEqual([
      '/',
      '/.well-known/ai-plugin.json',
      '/.well-known/mcp.json',
      '/.well-known/mcp/server-card.json',
      '/assets/{file}',
      '/categories/{id}',
      '/compare/{slug}',
      '/docs',
      '/fees',
      '/healthz',
      '/mcp',
      '/methodology',
      '/open-data',
      '/open-data/{file}',
      '/openapi.json',
      '/platforms/{slug}',
      '/problems/{name}',
      '/readyz',
      '/robots.txt',
      '/savings',
      '/search',
      '/sitemap.xml',
      '/v1/categories',
      '/v1/changes',
      '/v1/compare',
      '/v1/fees',
      '/v1/methodology',
      '/v1/platforms',
      '/v1/platforms/{name}',
      '/v1/platforms/{name}/history',
      '/v1/safety/{name}',
      '/v1/savings-interest',
      '/v1/verdicts/{slug}',
    ]);
  });
});
