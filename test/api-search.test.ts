/**
 * The REST API's catalogue and search over a real socket, on the fixture sources:
 * GET /v1/categories, /v1/methodology and /v1/platforms, with what every endpoint
 * shares (parameter spellings, unknown and repeated parameters, problem pages,
 * reason phrases). Every body is checked against the emitted openapi.json.
 */
import { describe, expect, it } from 'vitest';
import { BASE, serveFixtureApi } from './fixture-server.js';
import { http } from './helpers.js';

const { server, get } = serveFixtureApi();

describe('GET /v1/categories', () => {
  it('lists the five categories with platform counts, criteria and the envelope', async () => {
    const body = await get('/v1/categories', '/v1/categories');
    expect(body.categories.map((c: any) => [c.id, c.platform_count])).toEqual([
      ['exchanges', 4],
      ['hardware-wallets', 2],
      ['software-wallets', 2],
      ['high-yield-savings', 3],
      ['brokerages', 3],
    ]);
    const exchanges = body.categories[0];
    expect(exchanges.criteria.map((c: any) => [c.key, c.default_weight])).toEqual([
      ['security', 3],
      ['reserves', 2],
      ['trading_fees', 1.5],
      ['withdrawal_fees', 0.5],
      ['regulation', 2],
    ]);
    expect(exchanges.criteria.filter((c: any) => c.group === 'fees').map((c: any) => c.key)).toEqual(['trading_fees', 'withdrawal_fees']);
    expect(body.categories[4].profiles.map((p: any) => [p.key, p.weights])).toEqual([['options', { options_fees: 1 }]]);
    expect(body.methodology_version).toBe('2.0.0');
    expect(body.evaluation_date).toBe('2026-06-30');
    expect(body.attribution).toBe(`Data: Fixture Comparison Data (${BASE}), CC BY 4.0`);
    expect(body.license).toMatch(/CC BY 4\.0/);
    expect(body.methodology).toBe(`${BASE}/methodology`);
  });
});

describe('GET /v1/methodology', () => {
  it("gives the coverage gate, the too-close margins and each category's criteria and profiles of methodology.yaml", async () => {
    const body = await get('/v1/methodology', '/v1/methodology');
    // test/fixtures/sources/methodology.yaml: coverage_gate_pct 75; too_close 3 / 5 points under 90 % coverage
    expect(body.coverage_gate_pct).toBe(75);
    expect(body.too_close).toEqual({ margin_points: 3, wide_margin_points: 5, wide_when_coverage_below_pct: 90 });
    expect(body.categories.map((c: any) => c.id)).toEqual(['exchanges', 'hardware-wallets', 'software-wallets', 'high-yield-savings', 'brokerages']);
    const categories = await get('/v1/categories', '/v1/categories');
    // the same criteria and default weights GET /v1/categories lists
    for (const [i, c] of body.categories.entries()) {
      expect(c.criteria.map((k: any) => [k.key, k.weight])).toEqual(categories.categories[i].criteria.map((k: any) => [k.key, k.default_weight]));
    }
    expect(body.page).toBe(body.methodology);
  });
});

describe('GET /v1/platforms (search)', () => {
  it('lists every platform that can be named winner by score descending, then the others, without parameters', async () => {
    const body = await get('/v1/platforms', '/v1/platforms');
    expect(body.query).toBeNull();
    expect(body.category).toBeNull();
    expect(body.count).toBe(14);
    const eligible = body.results.map((r: any) => r.eligible);
    expect(eligible).toEqual([...Array(11).fill(true), false, false, false]);
    const scores = body.results.slice(0, 11).map((r: any) => r.score_pct ?? -1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.methodology).toBe(`${BASE}/methodology`);
  });

  it('filters by category given with underscores in any case and answers the hyphen id', async () => {
    const body = await get('/v1/platforms?category=HIGH_yield_SAVINGS', '/v1/platforms');
    expect(body.category).toBe('high-yield-savings');
    // save-one 97.1 and save-two 83 ranked; save-three has only insurance (100) -> 100 with 20% coverage: under the gate, it follows unranked
    expect(body.results.map((r: any) => [r.slug, r.score_pct, r.coverage, r.apy, r.rank])).toEqual([
      ['save-one', 97.1, 100, 4, 1],
      ['save-two', 83, 100, 4.25, 2],
      ['save-three', 100, 20, undefined, null],
    ]);
    expect(body.results[0].page).toBe(`${BASE}/platforms/save-one`);
    // save-three misses apy, fees and minimums (80% of the weight) at 0-100 each: 20 to 100
    expect(body.results[2]).toMatchObject({
      score_low_pct: 20,
      score_high_pct: 100,
      rank_note: 'Not ranked: not enough data: coverage 20% (the gate is 75%).',
      overlaps_previous: false,
    });
  });

  it('matches a case-insensitive fragment of name, alias or slug', async () => {
    const body = await get('/v1/platforms?query=ALPH', '/v1/platforms');
    expect(body.results.map((r: any) => r.slug)).toEqual(['alpha-exchange']);
    const byAlias = await get('/v1/platforms?query=broker&category=brokerages', '/v1/platforms');
    expect(byAlias.results.map((r: any) => r.slug)).toEqual(['one-broker', 'two-broker', 'three-broker']);
    expect([byAlias.count, byAlias.total]).toEqual([3, 3]);
  });

  it('returns the first `limit` results and counts every match in total; a limit out of 1-1000 is a 400', async () => {
    const limited = await get('/v1/platforms?query=broker&category=brokerages&limit=2', '/v1/platforms');
    expect(limited.results.map((r: any) => r.slug)).toEqual(['one-broker', 'two-broker']);
    expect([limited.count, limited.total]).toEqual([2, 3]);
    for (const bad of ['0', '1001', '2.5', '-1', 'ten']) {
      const refused = await get(`/v1/platforms?limit=${bad}`, '/v1/platforms', 400);
      expect(refused.errors, bad).toEqual([{ parameter: 'limit', message: expect.stringContaining('1') }]);
    }
  });

  it('rejects a bad category, an empty query and a repeated single-valued parameter', async () => {
    const bad = await get('/v1/platforms?category=stocks', '/v1/platforms', 400);
    expect(bad.errors).toEqual([{ parameter: 'category', message: expect.stringContaining('exchanges, hardware-wallets') }]);
    const empty = await get('/v1/platforms?query=', '/v1/platforms', 400);
    expect(empty.errors[0].parameter).toBe('query');
    const twice = await get('/v1/platforms?query=a&query=b', '/v1/platforms', 400);
    expect(twice.errors[0]).toEqual({ parameter: 'query', message: 'given more than once; give it once' });
  });

  it('ignores unknown parameters (cache busters, tracking tags) and names them in Ignored-Query-Parameters and the body, never caching such answers', async () => {
    const plain = await http(server, '/v1/platforms?query=alpha');
    expect(plain.headers.get('ignored-query-parameters')).toBeNull();
    expect(plain.json.ignored_parameters).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const res = await http(server, `/v1/platforms?query=alpha&utm_source=newsletter&_=${i}&%C3%A9t%C3%A9=1`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ ignored_parameters: ['utm_source', '_', 'été'], ...plain.json });
      expect(res.headers.get('ignored-query-parameters')).toBe('utm_source, _, %C3%A9t%C3%A9');
    }
    const categories = await http(server, '/v1/categories?cb=123');
    expect(categories.status).toBe(200);
    expect(categories.headers.get('ignored-query-parameters')).toBe('cb');
    expect(categories.headers.get('etag')).toBeNull();
    expect(categories.json.ignored_parameters).toEqual(['cb']);
    expect(categories.json.categories).toEqual((await http(server, '/v1/categories')).json.categories);
    expect(categories.headers.get('access-control-expose-headers')).toContain('Ignored-Query-Parameters');
  });

  it('refuses a near miss of a known parameter with 400 naming the one meant, instead of answering with its default', async () => {
    const fees = await http(server, '/v1/fees?category=brokerages&trades_per_mnth=5');
    expect(fees.status).toBe(400);
    expect(fees.json.errors).toEqual([{ parameter: 'trades_per_mnth', message: 'is not a parameter of this operation; did you mean trades_per_month?' }]);
    expect(fees.json.detail).toContain('did you mean trades_per_month?');
    const search = await http(server, '/v1/platforms?querry=alpha&limt=2&Category=exchanges&cb=1');
    expect(search.status).toBe(400);
    expect(search.json.errors.map((e: { parameter: string; message: string }) => `${e.parameter}->${e.message.split('did you mean ')[1]}`)).toEqual([
      'querry->query?',
      'limt->limit?',
      'Category->category?',
    ]);
    const changes = await http(server, '/v1/changes?sinse=2026-01-01');
    expect(changes.json.errors[0].message).toContain('did you mean since?');
  });

  it('accepts category ids singular or plural, in any case, and weight keys in any case, answering with the canonical spelling', async () => {
    const plural = await http(server, '/v1/platforms?category=exchanges');
    for (const spelling of ['exchange', 'Exchange', 'EXCHANGES']) {
      const res = await http(server, `/v1/platforms?category=${spelling}`);
      expect(res.status, spelling).toBe(200);
      expect(res.json).toEqual(plural.json);
      expect(res.json.category).toBe('exchanges');
    }
    expect((await http(server, '/v1/platforms?category=hardware_wallet')).json.category).toBe('hardware-wallets');
    const fees = await http(server, '/v1/fees?category=Exchanges');
    expect(fees.status).toBe(200);
    expect(fees.json.category).toBe('exchange');
    const lower = await http(server, '/v1/compare?platforms=alpha-exchange,beta-exchange&weights=security:3,fees:1');
    const mixed = await http(server, '/v1/compare?platforms=alpha-exchange,beta-exchange&weights=Security:3,FEES:1');
    expect(mixed.status).toBe(200);
    expect(mixed.json).toEqual(lower.json);
  });

  it('links every problem type to a page that explains it', async () => {
    const problem = await http(server, '/v1/platforms/no-such-platform');
    expect(problem.json.type).toBe(`${BASE}/problems/not-found`);
    const page = await http(server, '/problems/not-found');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<h1>404 Not found</h1>');
    expect(page.text).toContain('suggestions');
    const index = await http(server, '/problems');
    expect(index.text.match(/href="\/problems\/[a-z-]+"/g)).toHaveLength(11);
  });

  it('answers a browser with an error page in the site style, and API clients with problem+json', async () => {
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const page = await http(server, '/platforms/no-such-platform', { headers: { accept: browser } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('vary')).toContain('Accept');
    expect(page.text).toContain('<h1>404 Not found</h1>');
    expect(page.text).toContain('<a href="/">home page</a>');
    expect(page.text).toContain('<a href="/problems/not-found">what this error means</a>');
    const suggested = await http(server, '/v1/platforms/alpha-exchang', { headers: { accept: browser } });
    expect(suggested.text).toContain('Did you mean: Alpha Exchange');
    for (const accept of ['application/json', '*/*', 'text/html;q=0.5, application/json']) {
      const api = await http(server, '/platforms/no-such-platform', { headers: { accept } });
      expect(api.headers.get('content-type'), accept).toBe('application/problem+json');
      expect(api.json.status).toBe(404);
    }
    expect((await http(server, '/platforms/no-such-platform')).headers.get('content-type')).toBe('application/problem+json');
  });

  it('sends the reason phrase on every status line', async () => {
    const cases: Array<[string, RequestInit | undefined, number, string]> = [
      ['/v1/platforms/no-such-platform', undefined, 404, 'Not Found'],
      ['/v1/platforms?category=stocks', undefined, 400, 'Bad Request'],
      ['/v1/categories', { method: 'DELETE' }, 405, 'Method Not Allowed'],
      ['/v1/categories', undefined, 200, 'OK'],
      ['/v1/compare?platforms=alpha-exchange,beta-exchange&weights=security:2', undefined, 200, 'OK'],
      ['/v1/categories', { method: 'OPTIONS' }, 204, 'No Content'],
    ];
    for (const [target, init, status, reason] of cases) {
      const res = await fetch(`${server.url}${target}`, init);
      expect([res.status, res.statusText], target).toEqual([status, reason]);
    }
  });

  it('reads a repeated list parameter (platforms=a&platforms=b) as one comma-separated list', async () => {
    const joined = await http(server, '/v1/compare?platforms=alpha-exchange,beta-exchange&weights=security:3&weights=fees:1');
    const exploded = await http(server, '/v1/compare?platforms=alpha-exchange&platforms=beta-exchange&weights=security:3,fees:1');
    expect(joined.status).toBe(200);
    expect(exploded.json).toEqual(joined.json);
    expect(exploded.json.products.map((p: any) => p.slug).sort()).toEqual(['alpha-exchange', 'beta-exchange']);
    // security 3 as given; fees 1 shared by the fee group (trading 1.5 : withdrawal 0.5 of 2)
    expect(exploded.json).toMatchObject({ weights_source: 'custom', weights: { security: 3, trading_fees: 0.75, withdrawal_fees: 0.25 } });
  });
});
