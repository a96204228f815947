/**
 * Bounded verdicts: the build publishes only the pairs among the top platforms
 * of each category (PUBLISHED_VERDICT_TOP_K), and GET /v1/verdicts/{slug}
 * answers any other pair of one category with the same body, computed on request.
 */
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../pipeline/build.js';
import { verdictBodies } from '../pipeline/emit/api-bodies.js';
import { PUBLISHED_VERDICT_TOP_K } from '../runtime/domain/contract/published-verdicts.js';
import { byRank } from '../runtime/domain/compute/ranking-order.js';
import { buildInto, FIXTURE_SOURCES, http, ROOT, startServer, type RunningServer } from './helpers.js';
import { openApiValidator } from './openapi-checker.js';

describe('verdictBodies', () => {
  it('publishes every pair among the top K of each category by score, and no other', async () => {
    const built = await runBuild({ root: ROOT, sourcesDir: FIXTURE_SOURCES, today: '2026-07-01', sourceDateEpoch: process.env.SOURCE_DATE_EPOCH });
    const { site, methodology, scored } = built;
    expect(built.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const all = verdictBodies(site!, methodology!, scored!, Infinity);
    const top2 = verdictBodies(site!, methodology!, scored!, 2);
    const exchanges = scored!
      .filter((p) => p.source.category === 'exchanges')
      .map((p) => p.model)
      .sort(byRank);
    expect(exchanges.length).toBeGreaterThan(2);
    // the fixtures have 4 exchanges and 2-3 platforms in each other category: C(2,2) = 1 pair in each of the five
    expect(top2.size).toBe(5);
    const best = [exchanges[0]!.slug, exchanges[1]!.slug].sort().join('-vs-');
    expect(top2.get(best)).toEqual(all.get(best));
    for (const [slug, verdict] of top2) expect(verdict).toEqual(all.get(slug));
    expect(verdictBodies(site!, methodology!, scored!).size).toBe(all.size); // the fixtures are under the default K
    expect(PUBLISHED_VERDICT_TOP_K).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /v1/verdicts/{slug} outside the published set', () => {
  let server: RunningServer;
  let dist: string;
  const removed = 'alpha-exchange-vs-gamma-exchange';
  let publishedBytes: string;

  beforeAll(async () => {
    dist = await buildInto(FIXTURE_SOURCES);
    const file = path.join(dist, 'api/v1/verdicts', `${removed}.json`);
    publishedBytes = await readFile(file, 'utf8');
    await rm(file); // as if the pair were outside the top K: not written, so not in the build manifest either
    const manifestFile = path.join(dist, 'build-manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    delete manifest.files[`api/v1/verdicts/${removed}.json`];
    await writeFile(manifestFile, JSON.stringify(manifest));
    server = await startServer(dist);
  });
  afterAll(() => server?.close());

  it('answers an unpublished pair with the same body, computed by the same function', async () => {
    const validate = await openApiValidator(dist);
    const res = await http(server, '/v1/verdicts/gamma-exchange-vs-alpha-exchange');
    expect(res.status).toBe(200);
    expect(res.text).toBe(publishedBytes);
    expect(validate('/v1/verdicts/{slug}', 200, res.json)).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('still serves the published ones as precomputed bytes with an ETag', async () => {
    const names = (await readdir(path.join(dist, 'api/v1/verdicts'))).filter((f) => f.endsWith('.json'));
    const slug = names[0]!.slice(0, -5);
    const res = await http(server, `/v1/verdicts/${slug}`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.text).toBe(await readFile(path.join(dist, 'api/v1/verdicts', names[0]!), 'utf8'));
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('is still 404 across categories', async () => {
    expect((await http(server, '/v1/verdicts/alpha-exchange-vs-one-broker')).status).toBe(404);
  });
});
