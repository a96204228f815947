/**
 * History from the version history of the sources (docs/history.md): a throwaway git repository
 * of the fixture sources with a change in the world, a correction, a removed platform and a
 * methodology change, built by the CLI and read over HTTP and MCP.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import FeedParser from 'feedparser';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, runCli, startServer, tempDir, type RunningServer } from './helpers.js';
import { git, newSourceRepo } from './source-repo.js';
import { fingerprintOf } from '../pipeline/history/code-fingerprint.js';

/** The evaluation date of every build here: 2026-08-01, after every commit. */
const EPOCH = String(Date.UTC(2026, 7, 1) / 1000);

let repo: string;
let sources: string;
let dist: string;
let cache: string;
let server: RunningServer;
const hashes: Record<string, string> = {};
let built: { stdout: string; stderr: string; code: number };

const build = (target: string, env: Record<string, string> = {}) =>
  runCli(['build', '--sources', sources, '--dist', target], { SOURCE_DATE_EPOCH: EPOCH, HISTORY_CACHE_DIR: cache, ...env });
const json = async (file: string) => JSON.parse(await readFile(path.join(dist, file), 'utf8'));

beforeAll(async () => {
  const source = await newSourceRepo('history-repo', '2026-06-30T10:00:00Z');
  ({ repo, sources } = source);
  const { commit, edit } = source;
  hashes.initial = source.initial;
  cache = path.join(await tempDir('history-cache'), 'cache');

  const saveOne = 'platforms/high-yield-savings/save-one.yaml';
  // a change in the world: a new APY with a newer as_of
  await edit(
    saveOne,
    'apy_pct: 4.0 }], as_of: 2026-06-30, sources: [{ url: "https://example.org/fixture", title: Fixture page }]',
    'apy_pct: 3.6 }], as_of: 2026-07-10, sources: [{ url: "https://example.org/rates-july", title: Rates July }]',
  );
  await edit(saveOne, 'as_of: 2026-06-30\nfacts:', 'as_of: 2026-07-10\nfacts:');
  hashes.change = await commit('Save One APY 4.0 -> 3.6', '2026-07-11T09:00:00Z');

  // a correction: the monthly fee was wrong, same as_of
  const saveTwo = 'platforms/high-yield-savings/save-two.yaml';
  await edit(saveTwo, 'monthly_fee: { usd: 5, as_of: 2026-06-30', 'monthly_fee: { usd: 4, as_of: 2026-06-30');
  hashes.correction = await commit('Save Two fee corrected', '2026-07-12T09:00:00Z');

  await rm(path.join(sources, 'platforms/high-yield-savings/save-three.yaml'));
  hashes.removed = await commit('Save Three closed', '2026-07-13T09:00:00Z');

  await edit('methodology.yaml', 'version: 2.0.0\n', 'version: 2.1.0\n');
  await edit(
    'methodology.yaml',
    'changelog:\n',
    'changelog:\n  - version: 2.1.0\n    date: 2026-07-14\n    changes:\n      - A test release of the methodology.\n',
  );
  hashes.methodology = await commit('Methodology 2.1.0', '2026-07-14T09:00:00Z');

  dist = path.join(await tempDir('history-dist'), 'dist');
  built = await build(dist);
  if (built.code !== 0) throw new Error(built.stderr);
  server = await startServer(dist);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("history from the sources' git history", () => {
  it('publishes one feed entry per commit, newest first, telling a change in the world from a correction', async () => {
    const feed = await json('open-data/changes.json');
    expect(feed.history_available).toBe(true);
    expect(feed.entries.map((e: any) => e.id)).toEqual([hashes.methodology, hashes.removed, hashes.correction, hashes.change, hashes.initial]);
    expect(feed.entries[4]).toMatchObject({ date: '2026-06-30T10:00:00.000Z', summary: '1 methodology changed, 14 platforms added' });

    const change = feed.entries[3].changes.find((c: any) => c.field === 'facts.apy.tiers.0.apy_pct');
    expect(change).toMatchObject({
      commit: hashes.change,
      date: '2026-07-11T09:00:00.000Z',
      kind: 'fact_changed',
      slug: 'save-one',
      name: 'Save One Bank',
      category: 'high-yield-savings',
      old_value: 4,
      new_value: 3.6,
      old_as_of: '2026-06-30',
      new_as_of: '2026-07-10',
      old_sources: [{ url: 'https://example.org/fixture', title: 'Fixture page' }],
      new_sources: [{ url: 'https://example.org/rates-july', title: 'Rates July' }],
      description: 'Save One Bank: facts.apy.tiers.0.apy_pct 4 → 3.6 as of 2026-07-10',
    });
    // the other facts of the group were checked again at the newer as_of
    expect(feed.entries[3].changes.find((c: any) => c.field === 'facts.apy.product')).toMatchObject({
      kind: 'fact_reconfirmed',
      old_value: 'One Savings',
      new_value: 'One Savings',
    });
    expect(feed.entries[3].changes.filter((c: any) => c.kind === 'score_changed').map((c: any) => c.slug)).toContain('save-one');

    expect(feed.entries[2].changes).toEqual([
      expect.objectContaining({
        kind: 'fact_corrected',
        slug: 'save-two',
        field: 'facts.monthly_fee.usd',
        old_value: 5,
        new_value: 4,
        old_as_of: '2026-06-30',
        new_as_of: '2026-06-30',
        description: 'Save Two: corrected facts.monthly_fee.usd 5 as of 2026-06-30 → 4 as of 2026-06-30',
      }),
      ...feed.entries[2].changes.slice(1),
    ]);
    expect(feed.entries[2].changes.slice(1).every((c: any) => c.kind === 'score_changed')).toBe(true);
    expect(feed.entries[1].changes[0]).toMatchObject({ kind: 'platform_removed', slug: 'save-three' });
    // the facts of a removed platform are in its history, not in the feed
    expect(feed.entries[1].changes.some((c: any) => c.kind === 'fact_removed')).toBe(false);
    expect(feed.entries[0].changes[0]).toMatchObject({
      kind: 'methodology_changed',
      old_value: '2.0.0',
      new_value: '2.1.0',
      description: 'methodology 2.0.0 → 2.1.0: A test release of the methodology.',
    });

    const atom = await readFile(path.join(dist, 'open-data/changes.atom'), 'utf8');
    expect(atom.match(/<entry>/g)).toHaveLength(5);
    expect(atom).toContain('Save One Bank: facts.apy.tiers.0.apy_pct 4 → 3.6 as of 2026-07-10');
  });

  it('publishes an Atom feed that a feed reader (feedparser) reads entry for entry and that meets the MUSTs of RFC 4287', async () => {
    const atom = await readFile(path.join(dist, 'open-data/changes.atom'), 'utf8');
    const changes = await json('open-data/changes.json');
    // a feed reader's view: the same entries, titles, links and dates as changes.json
    const reader = new FeedParser({ addmeta: false });
    const items: FeedParser.Item[] = [];
    reader.on('readable', () => {
      for (let item = reader.read(); item; item = reader.read()) items.push(item);
    });
    const done = new Promise<void>((resolve, reject) => reader.on('end', resolve).on('error', reject));
    Readable.from([atom]).pipe(reader);
    await done;
    expect(reader.meta.title).toBe('Fixture Comparison Data: changes'); // the site name of the fixtures' site.yaml
    expect(items.map((i) => [i.guid.split('#')[1], i.date?.toISOString()])).toEqual(changes.entries.map((e: any) => [e.id, e.date]));
    expect(items.every((i) => i.author === 'Fixture Comparison Data' && i.link.startsWith('http'))).toBe(true);

    // RFC 4287: each MUST a validator checks, over the document as an XML DOM
    const doc = new DOMParser().parseFromString(atom, 'application/xml');
    const NS = 'http://www.w3.org/2005/Atom';
    const feed = doc.documentElement!;
    expect([feed.namespaceURI, feed.localName]).toEqual([NS, 'feed']);
    const children = (el: Element, name: string): Element[] =>
      Array.from(el.childNodes as unknown as ArrayLike<Element>).filter((n) => n.nodeType === 1 && n.namespaceURI === NS && n.localName === name);
    const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    const iri = (v: string | null | undefined) => typeof v === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(v) && !/\s/.test(v);
    for (const name of ['id', 'title', 'updated']) expect(children(feed, name), `feed ${name} (4.1.1)`).toHaveLength(1);
    expect(iri(children(feed, 'id')[0]!.textContent), 'feed id is an IRI (4.2.6)').toBe(true);
    expect(children(feed, 'updated')[0]!.textContent).toMatch(rfc3339);
    const feedAuthor = children(feed, 'author').length > 0;
    expect(
      children(feed, 'author').every((a) => children(a, 'name').length === 1),
      'author has one name (3.2.1)',
    ).toBe(true);
    expect(children(feed, 'link').filter((l) => (l.getAttribute('rel') ?? 'alternate') === 'alternate')).toHaveLength(1);
    expect(
      children(feed, 'link').every((l) => iri(l.getAttribute('href'))),
      'link href (4.2.7.1)',
    ).toBe(true);
    const entries = children(feed, 'entry');
    expect(entries).toHaveLength(changes.entries.length);
    const ids = new Set<string>();
    for (const entry of entries) {
      for (const name of ['id', 'title', 'updated']) expect(children(entry, name), `entry ${name} (4.1.2)`).toHaveLength(1);
      const id = children(entry, 'id')[0]!.textContent!;
      expect(iri(id)).toBe(true);
      ids.add(id);
      expect(children(entry, 'updated')[0]!.textContent).toMatch(rfc3339);
      expect(feedAuthor || children(entry, 'author').length > 0, 'an author for every entry (4.1.1)').toBe(true);
      const alternate = children(entry, 'link').filter((l) => (l.getAttribute('rel') ?? 'alternate') === 'alternate');
      expect(alternate.length === 1 || children(entry, 'content').length === 1, 'an alternate link or content (4.1.2)').toBe(true);
      for (const text of [...children(entry, 'title'), ...children(entry, 'summary'), ...children(entry, 'content')]) {
        expect(['text', 'html', 'xhtml', null]).toContain(text.getAttribute('type')); // 3.1.1
      }
    }
    expect(ids.size, 'entry ids are unique').toBe(entries.length);
  });

  it("answers GET /v1/platforms/{name}/history with each fact's timeline and the score per methodology version", async () => {
    const res = await http(server, '/v1/platforms/Save%20One%20Bank/history');
    expect(res.status).toBe(200);
    expect(res.json.history).toEqual({
      available: true,
      note: null,
      first_commit_date: '2026-06-30T10:00:00.000Z',
      last_commit_date: '2026-07-14T09:00:00.000Z',
      commits: 5,
    });
    const apy = res.json.facts.find((f: any) => f.field === 'facts.apy.tiers.0.apy_pct');
    expect(apy.events.map((e: any) => [e.kind, e.old_value, e.new_value, e.new_as_of, e.date.slice(0, 10)])).toEqual([
      ['fact_added', null, 4, '2026-06-30', '2026-06-30'],
      ['fact_changed', 4, 3.6, '2026-07-10', '2026-07-11'],
    ]);
    const versions = res.json.scores.map((s: any) => s.methodology_version);
    expect(versions[0]).toBe('2.0.0');
    expect(versions.at(-1)).toBe('2.1.0');
    expect(res.json.scores[0]).toMatchObject({ commit: hashes.initial, evaluation_date: '2026-06-30' });
    expect(res.json.scores[1]).toMatchObject({ commit: hashes.change });
    expect(res.json.scores[1].score_pct).not.toBe(res.json.scores[0].score_pct);
    // precomputed: the same bytes as the file the build wrote
    expect(res.text).toBe(await readFile(path.join(dist, 'api/v1/platforms/save-one/history.json'), 'utf8'));
    expect((await http(server, '/v1/platforms/save-three/history')).status).toBe(404);
  });

  it('answers GET /v1/changes since a date, by category or platform, paginated, and refuses a bad date', async () => {
    const since = await http(server, '/v1/changes?since=2026-07-12');
    expect(since.status).toBe(200);
    expect([...new Set(since.json.changes.map((c: any) => c.commit))]).toEqual([hashes.methodology, hashes.removed, hashes.correction]);
    expect(since.json.total).toBe(since.json.changes.length);

    const platform = await http(server, '/v1/changes?platform=SAVE%20TWO&limit=1');
    expect(platform.json).toMatchObject({ platform: 'save-two', limit: 1, offset: 0 });
    expect(platform.json.changes).toHaveLength(1);
    expect(platform.json.total).toBeGreaterThan(1);
    expect(platform.json.next).toBe('/v1/changes?platform=save-two&limit=1&offset=1');
    const second = await http(server, platform.json.next);
    expect(second.json.changes[0]).not.toEqual(platform.json.changes[0]);

    const category = await http(server, '/v1/changes?category=exchange');
    expect(category.json.category).toBe('exchanges');
    expect(category.json.changes.every((c: any) => c.category === 'exchanges')).toBe(true);

    const bad = await http(server, '/v1/changes?since=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ parameter: 'since', message: 'must be a calendar date YYYY-MM-DD; got "2026-02-30"' }]);
    expect((await http(server, '/v1/changes?platform=nope-bank')).status).toBe(404);
    // the bounds openapi.json publishes for `platform` (minLength 1) are the ones enforced: an empty name is a 400, not an unknown platform
    const published = (await http(server, '/openapi.json')).json.paths['/v1/changes'].get.parameters.find((p: any) => p.name === 'platform').schema;
    const empty = await http(server, '/v1/changes?platform=%20');
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([{ parameter: 'platform', message: `must be ${published.minLength} to ${published.maxLength} characters` }]);
  });

  it('filters GET /v1/changes by kind and summarises every match: counts per kind and platform, the largest numeric moves', async () => {
    const all = await http(server, '/v1/changes?summary=true&limit=1');
    expect(all.status).toBe(200);
    const summary = all.json.summary;
    expect(Object.values(summary.by_kind).reduce((a: number, n) => a + (n as number), 0)).toBe(all.json.total);
    expect(summary.by_kind.fact_changed).toBeGreaterThanOrEqual(1);
    expect(summary.by_platform[0].count).toBeGreaterThanOrEqual(summary.by_platform.at(-1).count);
    expect(summary.platforms_changed).toBe(
      new Set((await http(server, '/v1/changes?limit=500')).json.changes.filter((c: any) => c.slug !== null).map((c: any) => c.slug)).size,
    );
    const apy = summary.largest_moves.find((m: any) => m.field === 'facts.apy.tiers.0.apy_pct');
    expect(apy).toMatchObject({ slug: 'save-one', kind: 'fact_changed', old_value: 4, new_value: 3.6, change: -0.4, new_as_of: '2026-07-10' });
    const moves = summary.largest_moves.map((m: any) => Math.abs(m.change));
    expect(moves).toEqual([...moves].sort((a: number, b: number) => b - a));

    const corrected = await http(server, '/v1/changes?kind=fact_corrected,FACT_CHANGED');
    expect(corrected.json.kinds).toEqual(['fact_changed', 'fact_corrected']);
    expect(corrected.json.changes.length).toBeGreaterThan(0);
    expect(corrected.json.changes.every((c: any) => c.kind === 'fact_changed' || c.kind === 'fact_corrected')).toBe(true);
    expect(corrected.json.summary).toBeUndefined();
    const page = await http(server, '/v1/changes?kind=fact_changed&limit=1');
    if (page.json.total > 1) expect(page.json.next).toBe('/v1/changes?kind=fact_changed&limit=1&offset=1');
    const bad = await http(server, '/v1/changes?kind=fact_changd&summary=yes');
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: any) => e.parameter)).toEqual(['kind', 'summary']);
  });

  it('refuses a bad offset stating a maximum that is itself accepted', async () => {
    const bad = await http(server, '/v1/changes?offset=99999999999999999');
    expect(bad.status).toBe(400);
    const message: string = bad.json.errors[0].message;
    const max = /to (\d+)/.exec(message)![1]!;
    expect(message).toBe(`must be a whole number from 0 to ${max} written with digits only; got "99999999999999999"`);
    const atMax = await http(server, `/v1/changes?offset=${max}`);
    expect(atMax.status).toBe(200);
    expect(atMax.json).toMatchObject({ offset: Number(max), changes: [], next: null });
    expect((await http(server, `/v1/changes?offset=${BigInt(max) + 1n}`)).status).toBe(400);
  });

  it('accepts exactly the values openapi.json and the list_changes tool publish for kind and summary', async () => {
    const parameters = (await http(server, '/openapi.json')).json.paths['/v1/changes'].get.parameters;
    const kind = parameters.find((p: any) => p.name === 'kind');
    expect(kind).toMatchObject({ style: 'form', explode: false, schema: { type: 'array' } });
    const kinds: string[] = kind.schema.items.enum;
    expect(kinds).toContain('fact_corrected');
    // every published kind at once, comma-separated (form style, not exploded), is accepted and echoed
    const all = await http(server, `/v1/changes?kind=${kinds.join(',')}&limit=1`);
    expect(all.status).toBe(200);
    expect(all.json.kinds).toEqual(kinds);
    const bad = await http(server, '/v1/changes?kind=fact_changed,fact_changd');
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ parameter: 'kind', message: `must be one or more of ${kinds.join(', ')}, comma-separated; got "fact_changd"` }]);
    const summary = parameters.find((p: any) => p.name === 'summary').schema;
    expect(summary).toEqual({ type: 'string', enum: ['true', 'false'], default: 'false' });
    for (const value of summary.enum) expect((await http(server, `/v1/changes?summary=${value}&limit=1`)).json.summary === undefined).toBe(value === 'false');
    expect((await http(server, '/v1/changes?summary=TRUE')).json.errors).toEqual([{ parameter: 'summary', message: 'must be true or false; got "TRUE"' }]);
    // the tool's argument names every kind too
    const client = new Client({ name: 'history-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const tool = (await client.listTools()).tools.find((t) => t.name === 'list_changes')!;
      expect((tool.inputSchema.properties as any).kind.description).toBe(`Kinds, comma-separated: ${kinds.join(', ')}`);
    } finally {
      await client.close();
    }
  });

  it('offers the same as MCP tools', async () => {
    const client = new Client({ name: 'history-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const changes = (await client.callTool({ name: 'list_changes', arguments: { since: '2026-07-13', limit: 5 } })) as any;
      expect(changes.isError).toBeFalsy();
      expect(changes.structuredContent.changes[0]).toMatchObject({ kind: 'methodology_changed', commit: hashes.methodology });
      const summarised = (await client.callTool({
        name: 'list_changes',
        arguments: { summary: true, kind: 'fact_changed', category: 'high-yield-savings' },
      })) as any;
      expect(summarised.structuredContent).toEqual((await http(server, '/v1/changes?summary=true&kind=fact_changed&category=high-yield-savings')).json);
      expect(summarised.content[0].text).toContain('By kind: fact_changed');
      expect(summarised.content[0].text).toContain('facts.apy.tiers.0.apy_pct 4 -> 3.6 (as of 2026-07-10)');
      const history = (await client.callTool({ name: 'get_platform_history', arguments: { name: 'save-two' } })) as any;
      expect(history.structuredContent.facts.find((f: any) => f.field === 'facts.monthly_fee.usd').events.at(-1)).toMatchObject({
        kind: 'fact_corrected',
        new_value: 4,
      });
    } finally {
      await client.close();
    }
  });

  it('shows the history on the platform page: the APY over time as SVG, each rate drawn to the next one or the end of its window, the changes marked as change or correction', async () => {
    const saveOne = await http(server, '/platforms/save-one');
    expect(saveOne.status).toBe(200);
    const section = saveOne.text.slice(saveOne.text.indexOf('<section aria-labelledby="history">'));
    expect(section).toContain('<title id="apy-save-one-title">Base-tier APY over time, 2026-06-30 to 2026-08-01</title>');
    expect(section).toContain('<desc id="apy-save-one-desc">4% as of 2026-06-30, drawn to 2026-07-10; 3.6% as of 2026-07-10, drawn to 2026-08-01</desc>');
    // evaluated on 2027-03-01 the last rate (as of 2026-07-10) is drawn to the end of its 120-day window, 2026-11-07, not on to the evaluation date
    const later = path.join(await tempDir('history-later'), 'dist');
    const laterBuild = await build(later, { SOURCE_DATE_EPOCH: String(Date.UTC(2027, 2, 1) / 1000) });
    expect(laterBuild.code, laterBuild.stderr).toBe(0);
    const laterPage = await readFile(path.join(later, 'platforms/save-one/index.html'), 'utf8');
    const chart = laterPage.match(/<svg class="apy-history"[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect(chart).toContain(
      '<desc id="apy-save-one-desc">4% as of 2026-06-30, drawn to 2026-07-10; 3.6% as of 2026-07-10, drawn to 2026-11-07; no rate known from 2026-11-07 (the 120-day window of the last one) to 2027-03-01</desc>',
    );
    const steps = [...chart.matchAll(/<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="\2" stroke="#0072B2"/g)].map((m): [number, number] => [
      Number(m[1]),
      Number(m[3]),
    ]);
    const axisEnd = Number(chart.match(/<line x1="[\d.]+" y1="([\d.]+)" x2="([\d.]+)" y2="\1" stroke="#555">/)![2]);
    expect(steps).toHaveLength(2);
    // the first step ends where the second starts; the second ends at 2026-11-07, about 51 % of the way from 2026-06-30 to 2027-03-01
    expect(steps[0]![1]).toBe(steps[1]![0]);
    const left = steps[0]![0];
    expect((steps[1]![1] - left) / (axisEnd - left)).toBeCloseTo(130 / 244, 2);
    expect(chart).toContain('no rate known after 2026-11-07');
    expect(section).toMatch(
      /<td>2026-07-11<\/td><td>facts\.apy\.tiers\.0\.apy_pct<\/td><td>4 → 3\.6<\/td><td>2026-07-10<\/td><td>changed \(in the world\)<\/td>/,
    );
    const saveTwo = await http(server, '/platforms/save-two');
    expect(saveTwo.text).toMatch(/<td>2026-07-12<\/td><td>facts\.monthly_fee\.usd<\/td><td>5 → 4<\/td><td>2026-06-30<\/td><td>corrected \(our data\)<\/td>/);
    expect(saveTwo.text).toContain('<a href="/v1/platforms/save-two/history">Every change as JSON</a>');
  });

  it('publishes the history of each category as JSON and CSV', async () => {
    const savings = await json('open-data/history/high-yield-savings.json');
    expect(savings.events.every((e: any) => e.category === 'high-yield-savings')).toBe(true);
    expect(savings.events.filter((e: any) => e.kind === 'fact_removed' && e.slug === 'save-three').length).toBeGreaterThan(0);
    const csv = await readFile(path.join(dist, 'open-data/history/high-yield-savings.csv'), 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'date,commit,kind,slug,name,category,field,old_value,new_value,old_as_of,new_as_of,old_source_urls,new_source_urls,description',
    );
    expect(csv).toContain(
      `2026-07-11T09:00:00Z,${hashes.change},fact_changed,save-one,Save One Bank,high-yield-savings,facts.apy.tiers.0.apy_pct,4,3.6,2026-06-30,2026-07-10,https://example.org/fixture,https://example.org/rates-july,`,
    );
    const manifest = await json('open-data/manifest.json');
    expect(manifest.files.map((f: any) => f.file)).toContain('history/high-yield-savings.csv');
    // the commit dates are a Table Schema datetime column, cast by the frictionless library
    const { Package } = createRequire(import.meta.url)('datapackage') as { Package: { load(descriptor: string): Promise<any> } };
    const table = (await Package.load(path.join(dist, 'open-data/datapackage.json'))).resources.find((r: any) => r.name === 'history-high-yield-savings-csv');
    expect(table.descriptor.schema.fields[0]).toMatchObject({ name: 'date', type: 'datetime' });
    const rows = await table.read({ keyed: true, cast: true });
    expect(rows.find((r: any) => r.commit === hashes.change).date).toEqual(new Date('2026-07-11T09:00:00Z'));
  });

  it('gives the same bytes from the same commits, with the cache, without it, and in a fresh clone', async () => {
    const files = [
      'open-data/changes.json',
      'open-data/changes.atom',
      'open-data/history/high-yield-savings.csv',
      'api/v1/platforms/save-one/history.json',
      'runtime-model.json',
    ];
    const again = path.join(await tempDir('history-again'), 'dist');
    const noCache = path.join(await tempDir('history-nocache'), 'dist');
    expect((await build(again)).code).toBe(0);
    expect((await build(noCache, { HISTORY_CACHE_DIR: 'none' })).code).toBe(0);
    const clone = path.join(await tempDir('history-clone'), 'repo');
    await git('git', ['clone', '-q', repo, clone]);
    const fromClone = path.join(await tempDir('history-clone-dist'), 'dist');
    const cloned = await runCli(['build', '--sources', path.join(clone, 'sources'), '--dist', fromClone], {
      SOURCE_DATE_EPOCH: EPOCH,
      HISTORY_CACHE_DIR: 'none',
    });
    expect(cloned.code).toBe(0);
    for (const file of files) {
      const original = await readFile(path.join(dist, file));
      for (const other of [again, noCache, fromClone]) expect((await readFile(path.join(other, file))).equals(original), `${other}/${file}`).toBe(true);
    }
  });

  it('builds the current state only, and says so, from sources without git history', async () => {
    const plain = path.join(await tempDir('history-plain'), 'sources');
    await cp(sources, plain, { recursive: true });
    const target = path.join(await tempDir('history-plain-dist'), 'dist');
    const result = await runCli(['build', '--sources', plain, '--dist', target], { SOURCE_DATE_EPOCH: EPOCH, GIT_CEILING_DIRECTORIES: path.dirname(plain) });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('history: the sources folder is not in a git repository with commits: only the current state is published');
    const feed = JSON.parse(await readFile(path.join(target, 'open-data/changes.json'), 'utf8'));
    expect(feed).toMatchObject({ history_available: false, entries: [] });
    const history = JSON.parse(await readFile(path.join(target, 'api/v1/platforms/save-one/history.json'), 'utf8'));
    expect(history).toMatchObject({ facts: [], incidents: [], scores: [], history: { available: false, commits: 0 } });

    // inside a repository, but never committed: the same, with the reason
    const untracked = path.join(repo, 'copy-not-committed');
    await cp(sources, untracked, { recursive: true });
    const copy = await runCli(['build', '--sources', untracked, '--dist', path.join(await tempDir('history-untracked-dist'), 'dist')], {
      SOURCE_DATE_EPOCH: EPOCH,
    });
    expect(copy.code).toBe(0);
    expect(copy.stderr).toContain('history: no commit of the repository touches the sources folder (untracked files): only the current state is published');
    await rm(untracked, { recursive: true });
  });
});

describe('the history cache', () => {
  it('is kept per fingerprint of the code deriving history: any change to a code file, or a new one, gives another', async () => {
    const code = await tempDir('code-fingerprint');
    await mkdir(path.join(code, 'pipeline/score'), { recursive: true });
    await writeFile(path.join(code, 'pipeline/score/rules.ts'), 'export const weight = 1;\n');
    await writeFile(path.join(code, 'pipeline/notes.md'), 'not code\n');
    const first = fingerprintOf(code, ['pipeline', 'runtime/domain'], ['.ts']);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    await writeFile(path.join(code, 'pipeline/notes.md'), 'still not code\n');
    expect(fingerprintOf(code, ['pipeline', 'runtime/domain'], ['.ts'])).toBe(first);
    await writeFile(path.join(code, 'pipeline/score/rules.ts'), 'export const weight = 2;\n');
    const changed = fingerprintOf(code, ['pipeline', 'runtime/domain'], ['.ts']);
    expect(changed).not.toBe(first);
    await mkdir(path.join(code, 'runtime/domain'), { recursive: true });
    await writeFile(path.join(code, 'runtime/domain/more.ts'), '');
    expect(fingerprintOf(code, ['pipeline', 'runtime/domain'], ['.ts'])).not.toBe(changed);
  });
});
