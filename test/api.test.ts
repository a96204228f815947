/**
 * The REST API over a real socket, on the fixture sources (made-up platforms
 * whose scores are computed by hand in the comments). Every body is checked
 * against the emitted openapi.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, http, openApiValidator, startServer, type RunningServer } from './helpers.js';

let server: RunningServer;
let validate: Awaited<ReturnType<typeof openApiValidator>>;
const BASE = 'http://localhost:3000';

beforeAll(async () => {
  const dist = await buildInto(FIXTURE_SOURCES);
  server = await startServer(dist);
  validate = await openApiValidator(dist);
});
afterAll(() => server?.close());

/** GET a path, check the body against the OpenAPI schema of its operation and status, return it. */
async function get(path: string, template: string, status = 200) {
  const res = await http(server, path);
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toBe(status === 200 ? 'application/json; charset=utf-8' : 'application/problem+json');
  expect(validate(template, status, res.json)).toEqual([]);
  return res.json;
}

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
      ['security', 3], ['reserves', 2], ['trading_fees', 1.5], ['withdrawal_fees', 0.5], ['regulation', 2],
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
  it('gives the coverage gate, the too-close margins and each category\'s criteria and profiles of methodology.yaml', async () => {
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
  it('lists every platform by score descending, then name, without parameters', async () => {
    const body = await get('/v1/platforms', '/v1/platforms');
    expect(body.query).toBeNull();
    expect(body.category).toBeNull();
    expect(body.count).toBe(14);
    const scores = body.results.map((r: any) => r.score_pct ?? -1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.methodology).toBe(`${BASE}/methodology`);
  });

  it('filters by category given with underscores in any case and answers the hyphen id', async () => {
    const body = await get('/v1/platforms?category=HIGH_yield_SAVINGS', '/v1/platforms');
    expect(body.category).toBe('high-yield-savings');
    // save-three has only insurance (100) -> 100 with 20% coverage; save-one 97.1; save-two 83.
    expect(body.results.map((r: any) => [r.slug, r.score_pct, r.coverage, r.apy])).toEqual([
      ['save-three', 100, 20, undefined],
      ['save-one', 97.1, 100, 4],
      ['save-two', 83, 100, 4.25],
    ]);
    expect(body.results[1].page).toBe(`${BASE}/platforms/save-one`);
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

  it('ignores unknown parameters (cache busters, tracking tags) and names them in Ignored-Query-Parameters, never caching such answers', async () => {
    const plain = await http(server, '/v1/platforms?query=alpha');
    expect(plain.headers.get('ignored-query-parameters')).toBeNull();
    for (let i = 0; i < 2; i++) {
      const res = await http(server, `/v1/platforms?query=alpha&utm_source=newsletter&_=${i}&%C3%A9t%C3%A9=1`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(plain.json);
      expect(res.headers.get('ignored-query-parameters')).toBe('utm_source, _, %C3%A9t%C3%A9');
    }
    const categories = await http(server, '/v1/categories?cb=123');
    expect(categories.status).toBe(200);
    expect(categories.headers.get('ignored-query-parameters')).toBe('cb');
    expect(categories.headers.get('access-control-expose-headers')).toContain('Ignored-Query-Parameters');
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
    expect(index.text.match(/href="\/problems\/[a-z-]+"/g)).toHaveLength(10);
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

describe('GET /v1/platforms/{name}', () => {
  it('returns the sourced record by slug, name or alias in any case', async () => {
    for (const name of ['alpha-exchange', 'Alpha%20Exchange', 'ALPHA']) {
      const body = await get(`/v1/platforms/${name}`, '/v1/platforms/{name}');
      expect(body.slug).toBe('alpha-exchange');
    }
    const body = await get('/v1/platforms/alpha-exchange', '/v1/platforms/{name}');
    // security 90x3 + reserves 100x2 + trading_fees 76x1.5 + withdrawal_fees 94x0.5 + regulation 80x2 = 791 / 9 = 87.9
    expect(body.score_pct).toBe(87.9);
    expect(body.coverage).toBe(100);
    expect(body.eligible).toBe(true);
    const fees = body.criteria.find((c: any) => c.key === 'trading_fees');
    // 6 trades x 500 USD x 12 = 36,000 USD at the 0.2% taker fee = 72 USD; (300 - 72) / 300 = 76
    expect(fees).toMatchObject({ basis: 'derived', score: 76, as_of: '2026-06-30', stale: false, evidence_tier: 'primary', group: 'fees' });
    expect(fees.rationale).toContain('= 72.00 USD a year');
    expect(fees.sources).toEqual([{ url: 'https://example.org/fixture', title: 'Fixture page' }]);
    // fee 1.50 USD: (25 - 1.5) / 25 = 94
    expect(body.criteria.find((c: any) => c.key === 'withdrawal_fees')).toMatchObject({ basis: 'derived', score: 94 });
    expect(body.facts.trading_fees).toMatchObject({ stale: false, evidence_tier: 'primary' });
    expect(body.incident_record_stale).toBe(false);
    expect(body.criteria.find((c: any) => c.key === 'security')).toMatchObject({ basis: 'assessed', score: 90 });
    expect(body.facts.trading_fees.tiers[1]).toEqual({ min_volume_30d_usd: 50000, maker_pct: 0.05, taker_pct: 0.1 });
    expect(body.page).toBe(`${BASE}/platforms/alpha-exchange`);
    expect(body.json).toBe(`${BASE}/v1/platforms/alpha-exchange`);
  });

  it('marks criteria without data as missing and lowers coverage', async () => {
    const body = await get('/v1/platforms/hw-two', '/v1/platforms/{name}');
    expect(body.coverage).toBe(77.8);
    expect(body.criteria.find((c: any) => c.key === 'vendor_record')).toEqual({
      key: 'vendor_record', label: 'Vendor record', default_weight: 2, group: null, basis: 'missing', score: null, rationale: null, as_of: null, stale: false, evidence_tier: null, sources: [],
    });
  });

  it('answers an unknown name with 404 and up to three suggestions', async () => {
    const body = await get('/v1/platforms/alpah-exchange', '/v1/platforms/{name}', 404);
    expect(body.suggestions[0]).toBe('Alpha Exchange');
    expect(body.suggestions.length).toBeLessThanOrEqual(3);
    expect(body.detail).toContain('Did you mean: Alpha Exchange');
    expect(body.type).toBe(`${BASE}/problems/not-found`);
  });
});

describe('GET /v1/safety/{name}', () => {
  it('splits incidents from the regulatory record and shows the cap', async () => {
    const body = await get('/v1/safety/beta-exchange', '/v1/safety/{name}');
    expect(body.security_score).toBe(85);
    expect(body.security_basis).toBe('assessed');
    expect(body.incidents.map((i: any) => [i.date, i.class])).toEqual([['2026-01-10', 'funds_lost']]);
    expect(body.regulatory_record.map((i: any) => [i.date, i.class, i.amount_usd])).toEqual([['2019-03-01', 'regulatory_action', 5000000]]);
    expect(body.cap).toEqual({
      cap: 50,
      reason: 'Customer funds lost and not fully reimbursed within the last 2 years',
      incident: { date: '2026-01-10', class: 'funds_lost', title: 'Hot wallet theft' },
    });
  });

  it('is 404 for an unknown platform', async () => {
    await get('/v1/safety/nope-nothing', '/v1/safety/{name}', 404);
  });
});

describe('GET /v1/compare', () => {
  it('applies the hack cap: beta raw 70 is capped at 50', async () => {
    const body = await get('/v1/compare?platforms=alpha-exchange,beta-exchange', '/v1/compare');
    expect(body.winner).toBe('Alpha Exchange');
    expect(body.too_close).toBe(false);
    expect(body.margin_points).toBe(37.9);
    const beta = body.products[1];
    // beta has no withdrawal fee: (85x3 + 50x2 + 40x1.5 + 90x2) / 8.5 = 595 / 8.5 = 70; coverage 8.5 / 9 = 94.4
    expect(beta).toMatchObject({ slug: 'beta-exchange', raw_score_pct: 70, score_pct: 50, coverage: 94.4, eligible: true });
    expect(beta.missing_criteria).toEqual([{ key: 'withdrawal_fees', share_pct: 5.6 }]);
    expect(beta.cap.cap).toBe(50);
    // contributions: 85x3/8.5 = 30, 50x2/8.5 = 11.8, 40x1.5/8.5 = 7.1, none, 90x2/8.5 = 21.2
    expect(beta.criteria.map((c: any) => c.contribution)).toEqual([30, 11.8, 7.1, null, 21.2]);
    expect(body.depends_on_stale).toBe(false);
    expect(body.depends_on_weak_evidence).toBe(false);
    expect(body.methodology_version).toBe('2.0.0');
    expect(body.page).toBe(`${BASE}/compare/alpha-exchange-vs-beta-exchange`);
  });

  it('applies the coverage gate: gamma scores highest but cannot win', async () => {
    const body = await get('/v1/compare?platforms=gamma-exchange,beta-exchange', '/v1/compare');
    expect(body.products[0]).toMatchObject({ slug: 'gamma-exchange', score_pct: 95, coverage: 33.3, eligible: false });
    expect(body.products[0].ineligible_reason).toBe('coverage 33.3% under the applied weights is under the 75% gate; missing: reserves (22.2%), trading_fees (16.7%), withdrawal_fees (5.6%), regulation (22.2%)');
    expect(body.winner).toBe('Beta Exchange');
    expect(body.too_close).toBe(false);
  });

  it('applies the too-close rule: 87.9 against 86.5 is under the 3-point margin', async () => {
    const body = await get('/v1/compare?platforms=Delta%20Exchange,alpha', '/v1/compare');
    expect(body.winner).toBe('Alpha Exchange');
    expect(body.too_close).toBe(true);
    // delta: (90x3 + 100x2 + 70x1.5 + 80x2) / 8.5 = 735 / 8.5 = 86.5
    expect(body.margin_points).toBe(1.4);
    expect(body.too_close_margin_points).toBe(3);
    expect(body.explanation).toContain('too close to call');
  });

  it('recomputes with custom weights; unspecified keys keep their default', async () => {
    const body = await get('/v1/compare?platforms=alpha-exchange,delta-exchange&weights=fees:10,security:0', '/v1/compare');
    // the group weight 10 is shared 1.5 : 0.5 between trading_fees and withdrawal_fees
    expect(body.weights).toEqual({ security: 0, reserves: 2, trading_fees: 7.5, withdrawal_fees: 2.5, regulation: 2 });
    expect(body.weights_source).toBe('custom');
    // alpha: (100x2 + 76x7.5 + 94x2.5 + 80x2) / 14 = 1165/14 = 83.2; delta (no withdrawal fee): (200 + 525 + 160) / 11.5 = 77.0
    expect(body.products.map((p: any) => [p.slug, p.score_pct, p.coverage])).toEqual([['alpha-exchange', 83.2, 100], ['delta-exchange', 77, 82.1]]);
    expect(body.margin_points).toBe(6.2);
    // delta's coverage is under 90%, so the wide 5-point margin applies, and 6.2 is above it
    expect(body.too_close_margin_points).toBe(5);
    expect(body.too_close).toBe(false);
  });

  it('uses the wide margin when a coverage is under 90%', async () => {
    const body = await get('/v1/compare?platforms=hw-one,hw-two', '/v1/compare');
    expect(body.too_close_margin_points).toBe(5);
    expect(body.products.map((p: any) => [p.slug, p.score_pct, p.raw_score_pct])).toEqual([['hw-one', 85, 88.2], ['hw-two', 60.4, 60.4]]);
  });

  it.each([
    ['', 'platforms', /required/],
    ['platforms=alpha-exchange', 'platforms', /at least 2/],
    ['platforms=a,b,c,d,e,f,g', 'platforms', /at most 6/],
    ['platforms=alpha-exchange,,beta-exchange', 'platforms', /empty name/],
    ['platforms=alpha-exchange,alpha', 'platforms', /second time/],
    ['platforms=alpha-exchange,one-broker', 'platforms', /one category/],
    ['platforms=alpha-exchange,zzzz', 'platforms', /unknown platform "zzzz"/],
    ['platforms=alpha-exchange,beta-exchange&weights=speed:5', 'weights', /allowed keys for this category: security, reserves, trading_fees, withdrawal_fees, regulation, fees/],
    ['platforms=alpha-exchange,beta-exchange&weights=fees:5,trading_fees:2', 'weights', /either the group "fees" or its criteria \(trading_fees\)/],
    ['platforms=alpha-exchange,beta-exchange&profile=options', 'profile', /this category has no profiles/],
    ['platforms=one-broker,two-broker&profile=daytrader', 'profile', /allowed for this category: options/],
    ['platforms=alpha-exchange,beta-exchange&weights=fees:11', 'weights', /from 0 to 10/],
    ['platforms=alpha-exchange,beta-exchange&weights=fees:-1', 'weights', /digits only/],
    ['platforms=alpha-exchange,beta-exchange&weights=fees:NaN', 'weights', /digits only/],
    ['platforms=alpha-exchange,beta-exchange&weights=fees', 'weights', /key:weight/],
    ['platforms=alpha-exchange,beta-exchange&weights=security:0,reserves:0,fees:0,regulation:0', 'weights', /may not all be 0/],
    ['platforms=alpha-exchange,beta-exchange&weights=fees:1,fees:2', 'weights', /more than once/],
    [`platforms=${','.repeat(1000)}`, 'platforms', /at most/],
  ])('rejects %s with 400 naming %s', async (query, parameter, message) => {
    const body = await get(`/v1/compare?${query}`, '/v1/compare', 400);
    expect(body.errors[0].parameter).toBe(parameter);
    expect(body.errors[0].message).toMatch(message);
    expect(body.type).toBe(`${BASE}/problems/invalid-parameters`);
  });
});

describe('GET /v1/verdicts/{slug}', () => {
  it('serves the published verdict in either order under the canonical slug', async () => {
    const a = await get('/v1/verdicts/delta-exchange-vs-alpha-exchange', '/v1/verdicts/{slug}');
    const b = await get('/v1/verdicts/alpha-exchange-vs-delta-exchange', '/v1/verdicts/{slug}');
    expect(a).toEqual(b);
    expect(a.slug).toBe('alpha-exchange-vs-delta-exchange');
    expect(a.title).toBe('Alpha Exchange vs Delta Exchange: too close to call');
    expect(a.too_close).toBe(true);
    expect(a.weights_source).toBe('default');
    expect(a.page).toBe(`${BASE}/compare/alpha-exchange-vs-delta-exchange`);
  });

  it('equals a default-weight compare of the same pair (one implementation)', async () => {
    const verdict = await get('/v1/verdicts/alpha-exchange-vs-beta-exchange', '/v1/verdicts/{slug}');
    const compared = await get('/v1/compare?platforms=beta-exchange,alpha-exchange', '/v1/compare');
    const { slug, title, ...rest } = verdict;
    expect(rest).toEqual(compared);
    expect(title).toBe('Alpha Exchange vs Beta Exchange: Alpha Exchange wins');
  });

  it('suggests the nearest names for a misspelt platform in a verdict slug', async () => {
    const body = await get('/v1/verdicts/alpha-exchange-vs-betta-exchange', '/v1/verdicts/{slug}', 404);
    expect(body.suggestions).toContain('Beta Exchange');
    expect(body.detail).toMatch(/^No platform is named "betta-exchange"\. Did you mean: .*Beta Exchange/);
  });

  it.each(['alpha-exchange-vs-one-broker', 'alpha-exchange-vs-nothing', 'alpha-exchange', 'alpha-exchange-vs-alpha-exchange'])('is 404 for %s', async (slug) => {
    const body = await get(`/v1/verdicts/${slug}`, '/v1/verdicts/{slug}', 404);
    expect(body.status).toBe(404);
  });
});

describe('GET /v1/savings-interest', () => {
  it('projects 12 months by default with tier-aware APY, highest interest first', async () => {
    const body = await get('/v1/savings-interest?balance=10000', '/v1/savings-interest');
    expect(body.months).toBe(12);
    expect(body.results.map((r: any) => [r.slug, r.apy, r.interest_usd, r.ending_balance_usd])).toEqual([
      ['save-two', 4.25, 425, 10425],
      ['save-one', 4, 400, 10400],
    ]);
    expect(body.excluded).toEqual([{ name: 'Save Three', slug: 'save-three', reason: 'no sourced APY' }]);
    expect(body.compounding).toContain('(1 + APY/100)^(months/12)');
  });

  it('computes part-year interest to the cent: 10,000 x 1.04^0.5 = 10,198.04', async () => {
    const body = await get('/v1/savings-interest?balance=10000&months=6', '/v1/savings-interest');
    const byslug = Object.fromEntries(body.results.map((r: any) => [r.slug, r]));
    expect(byslug['save-one'].ending_balance_usd).toBe(10198.04);
    expect(byslug['save-one'].interest_usd).toBe(198.04);
    // 10,000 x 1.0425^0.5 = 10,210.2889 -> 10,210.29
    expect(byslug['save-two'].interest_usd).toBe(210.29);
  });

  it('uses the lower tier under its minimum and rounds half up: 2,500.50 x 1.01 = 2,525.505 -> 2,525.51', async () => {
    const body = await get('/v1/savings-interest?balance=2500.50&months=12', '/v1/savings-interest');
    const two = body.results.find((r: any) => r.slug === 'save-two');
    expect(two).toMatchObject({ apy: 1, ending_balance_usd: 2525.51, interest_usd: 25.01, below_minimum_opening_deposit: false });
  });

  it.each([
    ['', 'balance', /required/],
    ['balance=0', 'balance', /above 0/],
    ['balance=-5', 'balance', /digits only/],
    ['balance=1e4', 'balance', /digits only/],
    ['balance=10.001', 'balance', /2 decimals/],
    ['balance=10000001', 'balance', /at most 10000000/],
    ['balance=100&months=0', 'months', /from 1 to 120/],
    ['balance=100&months=121', 'months', /from 1 to 120/],
    ['balance=100&months=1.5', 'months', /whole number/],
    ['balance=Infinity', 'balance', /digits only/],
  ])('rejects %s with 400 naming %s', async (query, parameter, message) => {
    const body = await get(`/v1/savings-interest?${query}`, '/v1/savings-interest', 400);
    expect(body.errors[0].parameter).toBe(parameter);
    expect(body.errors[0].message).toMatch(message);
  });
});

describe('GET /v1/fees', () => {
  it('estimates brokerages cheapest first with line items (hand-computed)', async () => {
    const body = await get('/v1/fees?category=brokerage&trades_per_month=20&avg_trade_size=500&options_contracts_per_month=10&transfers_per_year=1', '/v1/fees');
    expect(body.inputs).toEqual({ trades_per_month: 20, avg_trade_size: 500, options_contracts_per_month: 10, transfers_per_year: 1 });
    // one: 120 contracts x 0.65 = 78.00; two: 120 x 0.50 = 60 + ACATS 75 + account 20 = 155.00;
    // three has no options fee: known 240 x 4.95 = 1,188 + ACATS 50 = 1,238.00, already above every complete total, so last whatever options cost
    expect(body.results.map((r: any) => [r.slug, r.annual_total_usd, r.complete, r.ranked])).toEqual([
      ['one-broker', 78, true, true], ['two-broker', 155, true, true], ['three-broker', 1238, false, true],
    ]);
    expect(body.results[1].line_items).toEqual([
      { item: 'trading', status: 'known', usd: 0, detail: '240 stock/ETF trades at 0.00 USD', as_of: '2026-06-30', stale: false },
      { item: 'options_contracts', status: 'known', usd: 60, detail: '120 contracts at 0.50 USD each', as_of: '2026-06-30', stale: false },
      { item: 'transfers_out', status: 'known', usd: 75, detail: '1 full ACATS transfers out a year at 75.00 USD', as_of: '2026-06-30', stale: false },
      { item: 'account_fees', status: 'known', usd: 20, detail: 'annual account fee 20.00 USD', as_of: '2026-06-30', stale: false },
    ]);
    const three = body.results[2];
    expect(three.unknown_items).toEqual(['options_contracts']);
    // typical options cost = median of 78 and 60 = 69; 1,238 + 69 = 1,307
    expect(three.annual_total_if_unknown_typical_usd).toBe(1307);
    expect(three.rank_note).toContain('last: its options per-contract fee has no source');
    expect(three.line_items[1]).toMatchObject({ item: 'options_contracts', status: 'unknown', usd: null });
  });

  it('uses the documented defaults and charges per-trade commissions: 10 x 12 x 4.95 = 594.00', async () => {
    const body = await get('/v1/fees?category=BROKERAGES', '/v1/fees');
    expect(body.inputs).toEqual({ trades_per_month: 10, avg_trade_size: 1000, options_contracts_per_month: 0, transfers_per_year: 0 });
    expect(body.results.map((r: any) => [r.slug, r.annual_total_usd])).toEqual([['one-broker', 0], ['two-broker', 20], ['three-broker', 594]]);
  });

  it('picks the exchange tier the monthly volume reaches: 10 x 5,000 = 50,000 -> 0.1% taker', async () => {
    const body = await get('/v1/fees?category=exchange&avg_trade_size=5000&transfers_per_year=2', '/v1/fees');
    // alpha: 600,000 x 0.1% = 600 + 2 x 1.50 = 603.00; beta, delta and gamma lack a sourced withdrawal fee: estimated, named, not ranked
    expect(body.results.map((r: any) => [r.slug, r.annual_total_usd, r.ranked])).toEqual([
      ['alpha-exchange', 603, true], ['gamma-exchange', 0, false], ['delta-exchange', 1500, false], ['beta-exchange', 3000, false],
    ]);
    expect(body.results[0].assumptions[1]).toContain('reaches the tier starting at 50000.00 USD');
    // delta: 600,000 x 0.25% = 1,500 known; the only priced withdrawal fee is alpha's 2 x 1.50 = 3, so typical 1,503
    expect(body.results[2]).toMatchObject({ unknown_items: ['transfers_out'], annual_total_if_unknown_typical_usd: 1503 });
    expect(body.results[2].rank_note).toMatch(/^Not ranked: its transfer-out fee has no source\. Its known lines cost 1500\.00 USD a year, which would rank 2 of 2/);
    const noTransfers = await get('/v1/fees?category=exchange', '/v1/fees');
    // 120,000 USD a year: alpha 0.2% = 240, delta 0.25% = 300, beta 0.5% = 600; gamma has no trading fees at all
    expect(noTransfers.results.map((r: any) => [r.slug, r.annual_total_usd, r.ranked])).toEqual([
      ['alpha-exchange', 240, true], ['delta-exchange', 300, true], ['beta-exchange', 600, true], ['gamma-exchange', 0, false],
    ]);
    expect(noTransfers.not_applied).toEqual([]);
  });

  it.each([
    ['', 'category', /required/],
    ['category=stocks', 'category', /brokerage or exchange/],
    ['category=brokerage&trades_per_month=1.5', 'trades_per_month', /whole number/],
    ['category=brokerage&trades_per_month=10001', 'trades_per_month', /0 to 10000/],
    ['category=brokerage&avg_trade_size=10000001', 'avg_trade_size', /0 to 10000000/],
    ['category=brokerage&transfers_per_year=53', 'transfers_per_year', /0 to 52/],
    ['category=brokerage&avg_trade_size=1e309', 'avg_trade_size', /digits only/],
  ])('rejects %s with 400 naming %s', async (query, parameter, message) => {
    const body = await get(`/v1/fees?${query}`, '/v1/fees', 400);
    expect(body.errors[0].parameter).toBe(parameter);
    expect(body.errors[0].message).toMatch(message);
  });
});

describe('HTTP behaviour', () => {
  it('answers an unknown path with a 404 problem', async () => {
    const res = await http(server, '/v2/nothing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.json).toMatchObject({ status: 404, title: 'Not found', type: `${BASE}/problems/not-found` });
  });

  it('answers a write method with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await http(server, '/v1/platforms/alpha-exchange', { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(res.json).toMatchObject({ status: 405, title: 'Method not allowed' });
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
      '/', '/.well-known/ai-plugin.json', '/.well-known/mcp.json', '/.well-known/mcp/server-card.json', '/categories/{id}', '/compare/{slug}', '/docs', '/fees', '/healthz', '/mcp', '/methodology',
      '/open-data', '/open-data/{file}', '/openapi.json', '/platforms/{slug}', '/problems/{name}', '/readyz', '/robots.txt', '/savings', '/search', '/sitemap.xml',
      '/v1/categories', '/v1/compare', '/v1/fees', '/v1/methodology', '/v1/platforms', '/v1/platforms/{name}', '/v1/safety/{name}', '/v1/savings-interest', '/v1/verdicts/{slug}',
    ]);
  });
});
