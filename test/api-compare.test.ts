/**
 * The REST API's platform records and comparisons over a real socket, on the
 * fixture sources (made-up platforms whose scores are computed by hand in the
 * comments): GET /v1/platforms/{name}, /v1/safety/{name}, /v1/compare and
 * /v1/verdicts/{slug}. Every body is checked against the emitted openapi.json.
 */
import { describe, expect, it } from 'vitest';
import { BASE, serveFixtureApi } from './fixture-server.js';
import { http } from './helpers.js';

const { server, get } = serveFixtureApi();

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
    // every cited source carries its own tier (example.org is the fixture platforms' own host: primary)
    expect(fees.sources).toEqual([{ url: 'https://example.org/fixture', title: 'Fixture page', evidence_tier: 'primary' }]);
    // fully covered and fresh: a range of zero width; ranked first of the exchanges that can be named winner
    expect([body.score_low_pct, body.score_high_pct, body.rank, body.overlaps_previous]).toEqual([87.9, 87.9, 1, false]);
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
      key: 'vendor_record',
      label: 'Vendor record',
      default_weight: 2,
      group: null,
      basis: 'missing',
      score: null,
      unknown_points: 0,
      score_low: 0,
      score_high: 100,
      rationale: null,
      as_of: null,
      stale: false,
      evidence_tier: null,
      sources: [],
    });
    // 60.4 over the 7 of 9 weight with data; vendor_record (2 of 9) at 0: 60.4 x 7 / 9 = 47.0, at 100: (422.8 + 200) / 9 = 69.2
    expect([body.score_pct, body.score_low_pct, body.score_high_pct]).toEqual([60.4, 47, 69.2]);
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
    // the one that can be named winner first, gamma after it (methodology 2.2.0 "Ranking order")
    expect(body.products[1]).toMatchObject({ slug: 'gamma-exchange', score_pct: 95, coverage: 33.3, eligible: false });
    expect(body.products[1].ineligible_reason).toBe(
      'coverage 33.3% under the applied weights is under the 75% gate; missing: reserves (22.2%), trading_fees (16.7%), withdrawal_fees (5.6%), regulation (22.2%)',
    );
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
    expect(body.products.map((p: any) => [p.slug, p.score_pct, p.coverage])).toEqual([
      ['alpha-exchange', 83.2, 100],
      ['delta-exchange', 77, 82.1],
    ]);
    expect(body.margin_points).toBe(6.2);
    // delta's coverage is under 90%, so the wide 5-point margin applies, and 6.2 is above it
    expect(body.too_close_margin_points).toBe(5);
    expect(body.too_close).toBe(false);
  });

  it('uses the wide margin when a coverage is under 90%', async () => {
    const body = await get('/v1/compare?platforms=hw-one,hw-two', '/v1/compare');
    expect(body.too_close_margin_points).toBe(5);
    expect(body.products.map((p: any) => [p.slug, p.score_pct, p.raw_score_pct])).toEqual([
      ['hw-one', 85, 88.2],
      ['hw-two', 60.4, 60.4],
    ]);
  });

  it('enforces the maxLength openapi.json publishes for platforms and weights: the maximum accepted, one more refused naming the parameter', async () => {
    const parameters = (await http(server, '/openapi.json')).json.paths['/v1/compare'].get.parameters;
    const maxLength = (name: string) => parameters.find((p: any) => p.name === name).schema.maxLength as number;
    const padded = (value: string, length: number) => encodeURIComponent(value.padEnd(length, ' '));
    for (const [name, value, query] of [
      ['platforms', 'alpha-exchange,beta-exchange', (v: string) => `platforms=${v}`],
      ['weights', 'fees:8', (v: string) => `platforms=alpha-exchange,beta-exchange&weights=${v}`],
    ] as const) {
      const max = maxLength(name);
      expect(max).toBe(1000);
      // spaces around a name or pair are trimmed: the longest value allowed is a valid one
      expect((await get(`/v1/compare?${query(padded(value, max))}`, '/v1/compare')).products).toHaveLength(2);
      const over = await get(`/v1/compare?${query(padded(value, max + 1))}`, '/v1/compare', 400);
      expect(over.errors).toEqual([{ parameter: name, message: `must be at most ${max} characters` }]);
    }
    // no profile key is as long as the published maxLength: longer is refused naming profile
    const profileMax = maxLength('profile');
    const longProfile = await get(`/v1/compare?platforms=one-broker,two-broker&profile=${'x'.repeat(profileMax + 1)}`, '/v1/compare', 400);
    expect(longProfile.errors[0].parameter).toBe('profile');
  });

  it.each([
    ['', 'platforms', /required/],
    ['platforms=alpha-exchange', 'platforms', /at least 2/],
    ['platforms=a,b,c,d,e,f,g', 'platforms', /at most 6/],
    ['platforms=alpha-exchange,,beta-exchange', 'platforms', /empty name/],
    ['platforms=alpha-exchange,alpha', 'platforms', /second time/],
    ['platforms=alpha-exchange,one-broker', 'platforms', /one category/],
    ['platforms=alpha-exchange,zzzz', 'platforms', /unknown platform "zzzz"/],
    [
      'platforms=alpha-exchange,beta-exchange&weights=speed:5',
      'weights',
      /allowed keys for this category: security, reserves, trading_fees, withdrawal_fees, regulation, fees/,
    ],
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

  it('answers every slug the published pattern allows and calls no other a verdict slug: names, aliases and any case included', async () => {
    const openapi = (await http(server, '/openapi.json')).json;
    const pattern = new RegExp(openapi.paths['/v1/verdicts/{slug}'].get.parameters.find((p: any) => p.name === 'slug').schema.pattern);
    const answered = ['Alpha%20Exchange-vs-beta-exchange', 'ALPHA-VS-BETA-EXCHANGE', 'beta-exchange-Vs-alpha'];
    const notSlugs = ['alpha-exchange', '-vs-alpha-exchange', 'alpha-exchange-vs-', 'alpha-vs-beta-exchange-vs-gamma', 'alpha-vs--vs-beta-exchange'];
    for (const slug of answered) {
      expect(pattern.test(decodeURIComponent(slug)), slug).toBe(true);
      expect((await get(`/v1/verdicts/${slug}`, '/v1/verdicts/{slug}')).slug).toBe('alpha-exchange-vs-beta-exchange');
    }
    for (const slug of notSlugs) {
      expect(pattern.test(slug), slug).toBe(false);
      expect((await get(`/v1/verdicts/${slug}`, '/v1/verdicts/{slug}', 404)).detail).toContain('is not a verdict slug');
    }
    // the form is right, the name unknown: not refused by the pattern, answered 404 naming the platform
    expect(pattern.test('alpha-vs-zzzz')).toBe(true);
    expect((await get('/v1/verdicts/alpha-vs-zzzz', '/v1/verdicts/{slug}', 404)).detail).toMatch(/^No platform is named "zzzz"/);
  });

  it.each(['alpha-exchange-vs-one-broker', 'alpha-exchange-vs-nothing', 'alpha-exchange', 'alpha-exchange-vs-alpha-exchange'])(
    'is 404 for %s',
    async (slug) => {
      const body = await get(`/v1/verdicts/${slug}`, '/v1/verdicts/{slug}', 404);
      expect(body.status).toBe(404);
    },
  );
});
