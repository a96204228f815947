/**
 * The site's files over a real socket, without a browser: open-data files with
 * their media types, ETag, 304, HEAD and 405 for writes, the manifest and the
 * Data Package, and hostile paths and dot segments (never a 5xx, never a file
 * outside the site).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveFixtures } from './fixture-server.js';
import { http } from './helpers.js';

const server = serveFixtures();
let dist: string;
beforeAll(() => {
  dist = server.dist!;
});

describe('site pages and open-data files', () => {
  it('serves open-data files with their media types, ETag, 304 and HEAD', async () => {
    const csv = await http(server, '/open-data/exchanges.csv', { headers: { 'accept-encoding': 'identity' } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    // methodology 2.2.0 adds the score range and the place in the category beside the score
    expect(csv.text.split('\n')[0]).toMatch(
      /^slug,name,category,score_pct,score_low_pct,score_high_pct,raw_score_pct,coverage,eligible,rank,rank_note,overlaps_previous,cap,cap_reason,as_of,score\.security/,
    );
    expect(csv.text).toContain(
      'alpha-exchange,Alpha Exchange,exchanges,87.9,87.9,87.9,87.9,100,true,1,Rank 1 of the 3 platforms of the category that can be named winner.,false,,,2026-06-30,90,100,76,94,80,2026-06-30,2026-06-30,2026-06-30,2026-06-30,2026-06-30,false,false,false,false,false',
    );
    expect((await http(server, '/open-data/changes.atom')).headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect((await http(server, '/open-data/schemas/manifest.schema.json')).headers.get('content-type')).toBe('application/schema+json; charset=utf-8');
    expect((await http(server, '/open-data/manifest.json')).headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await http(server, '/open-data/SHA256SUMS')).text).toMatch(/^[0-9a-f]{64} {2}platforms\.json$/m);
    const etag = csv.headers.get('etag')!;
    expect((await http(server, '/open-data/exchanges.csv', { headers: { 'if-none-match': etag, 'accept-encoding': 'identity' } })).status).toBe(304);
    const head = await http(server, '/open-data/exchanges.csv', { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(csv.text)));
    const post = await http(server, '/platforms/alpha-exchange', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('lists each open-data file by a reference that resolves against the manifest URL (WHATWG URL) to the bytes the manifest hashes, and by its absolute URL', async () => {
    const manifestUrl = new URL('/open-data/manifest.json', server.url);
    const manifest = (await http(server, manifestUrl.pathname)).json as { files: Array<{ file: string; url: string; sha256: string; bytes: number }> };
    expect(manifest.files.length).toBe(31);
    for (const entry of manifest.files) {
      const resolved = new URL(entry.file, manifestUrl);
      expect(new URL(entry.url).pathname, entry.file).toBe(resolved.pathname);
      const res = await fetch(resolved, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status, entry.file).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([bytes.length, createHash('sha256').update(bytes).digest('hex')], entry.file).toEqual([entry.bytes, entry.sha256]);
    }
  });

  it('publishes a Frictionless Data Package that the frictionless library finds valid, whose CSV tables cast with their Table Schemas, and a schema.org Dataset in JSON-LD', async () => {
    const { Package } = createRequire(import.meta.url)('datapackage') as { Package: { load(descriptor: string): Promise<any> } };
    const pkg = await Package.load(path.join(dist, 'open-data/datapackage.json'));
    expect(pkg.errors.map((e: Error) => e.message)).toEqual([]);
    expect(pkg.valid).toBe(true);
    const tables = pkg.resources.filter((r: any) => r.tabular);
    expect(tables.map((r: any) => r.name).sort()).toEqual([
      'brokerages-csv',
      'exchanges-csv',
      'hardware-wallets-csv',
      'high-yield-savings-csv',
      'history-brokerages-csv',
      'history-exchanges-csv',
      'history-hardware-wallets-csv',
      'history-high-yield-savings-csv',
      'history-software-wallets-csv',
      'incidents-csv',
      'software-wallets-csv',
    ]);
    const exchanges = await tables.find((r: any) => r.name === 'exchanges-csv').read({ keyed: true, cast: true });
    const alpha = exchanges.find((row: any) => row.slug === 'alpha-exchange');
    expect(alpha).toMatchObject({ eligible: true, score_pct: 87.9 });
    expect(alpha.as_of).toBeInstanceOf(Date);
    for (const table of tables) await table.read({ cast: true }); // every cell casts to its field type
    const page = (await http(server, '/open-data/')).text;
    const ld = JSON.parse(page.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)![1]!);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      license: 'https://creativecommons.org/licenses/by/4.0/',
      creator: { '@type': 'Organization' },
    });
    expect(ld.distribution.map((d: any) => d.name)).toContain('exchanges.csv');
    for (const d of ld.distribution) expect((await http(server, new URL(d.contentUrl).pathname)).status, d.name).toBe(200);
  });

  it('opens every CSV in a spreadsheet engine (SheetJS, read as UTF-8) with each cell as its Table Schema type: numbers, dates and date-times as such, text unchanged, no formulas', () => {
    const descriptor = JSON.parse(readFileSync(path.join(dist, 'open-data/datapackage.json'), 'utf8')) as {
      resources: Array<{ path: string; schema?: { fields: Array<{ name: string; type: string }> } }>;
    };
    const tables = descriptor.resources.filter((r) => r.schema);
    expect(tables.length).toBe(11);
    let cells = 0;
    for (const table of tables) {
      const text = readFileSync(path.join(dist, 'open-data', table.path), 'utf8');
      const sheet = XLSX.read(text, { type: 'string', cellDates: true, dense: false }).Sheets.Sheet1!;
      const raw = XLSX.read(text, { type: 'string', raw: true }).Sheets.Sheet1!; // the same cells as plain text
      const range = XLSX.utils.decode_range(sheet['!ref']!);
      const fields = table.schema!.fields;
      expect(range.e.c + 1, table.path).toBe(fields.length);
      for (let c = 0; c < fields.length; c++) expect(sheet[XLSX.utils.encode_cell({ r: 0, c })]?.v, table.path).toBe(fields[c]!.name);
      for (let r = 1; r <= range.e.r; r++) {
        for (let c = 0; c < fields.length; c++) {
          const address = XLSX.utils.encode_cell({ r, c });
          const cell = sheet[address];
          if (!cell) continue; // an empty cell: unknown (missingValues [""])
          cells++;
          const source = String(raw[address]!.v);
          const where = `${table.path} ${address} ${fields[c]!.name} ${JSON.stringify(source)}`;
          expect(cell.f, where).toBeUndefined();
          const type = fields[c]!.type;
          if (type === 'number' || type === 'integer') expect([cell.t, cell.v], where).toEqual(['n', Number(source)]);
          else if (type === 'date' || type === 'datetime')
            expect([cell.t, (cell.v as Date).getTime()], where).toEqual(['d', Date.parse(source.length === 10 ? `${source}T00:00:00` : source)]);
          else if (type === 'boolean') expect(['TRUE', 'FALSE', 'true', 'false'], where).toContain(cell.t === 'b' ? String(cell.v).toUpperCase() : source);
          // text stays text; a number written in a text column (a history value) must read back exactly
          else if (cell.t === 'n') expect(String(cell.v), where).toBe(source);
          else expect([cell.t, cell.v], where).toEqual(['s', source]);
        }
      }
    }
    expect(cells).toBeGreaterThan(1000);
  });

  it('never answers a hostile page path with a 5xx', async () => {
    const hostile = [
      '/compare/',
      '/compare/-vs-',
      '/compare/a-vs-b-vs-c-vs-d-vs-e-vs-f-vs-g',
      `/compare/${'x'.repeat(3000)}`,
      '/compare/%E0%A4%A',
      '/compare/__proto__-vs-constructor',
      '/platforms/..%2F..%2Fruntime-model.json',
      '/open-data/..%2Fruntime-model.json',
      '/open-data/%00',
      '/platforms/%2e%2e/%2e%2e/etc/passwd',
      '/docs/../../package.json',
      '/assets/site.css%00.html',
    ];
    for (const p of hostile) {
      const res = await http(server, p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      expect(res.headers.get('content-type'), p).toBe('application/problem+json');
    }
    expect((await http(server, '/')).status).toBe(200);
  });

  it('serves no file outside the site for request targets with dot segments, sent as they are', async () => {
    /** Status line and Content-Type of a raw HTTP/1.1 GET of `target` (fetch would normalise it). */
    const raw = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const { port } = new URL(server.url);
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('latin1')));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
    for (const target of [
      '/platforms/../runtime-model.json',
      '/open-data/../../package.json',
      '/./runtime-model.json',
      '/open-data/.hidden',
      '/index.html',
      '/api/v1/categories.json',
    ]) {
      const answer = await raw(target);
      expect(answer, target).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer, target).toMatch(/content-type: application\/problem\+json/i);
      expect(answer, target).not.toContain('"platforms"');
    }
    expect(await raw('/open-data/platforms.json')).toMatch(/^HTTP\/1\.1 200 /);
  });
});
