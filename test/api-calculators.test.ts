/**
 * The REST API's calculators over a real socket, on the fixture sources:
 * GET /v1/savings-interest and /v1/fees, with the projections and estimates
 * computed by hand in the comments, and their parameter errors. Every body is
 * checked against the emitted openapi.json.
 */
import { describe, expect, it } from 'vitest';
import { serveFixtureApi } from './fixture-server.js';
import { http } from './helpers.js';

const { server, get } = serveFixtureApi();

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
    const body = await get(
      '/v1/fees?category=brokerage&trades_per_month=20&avg_trade_size=500&options_contracts_per_month=10&transfers_per_year=1',
      '/v1/fees',
    );
    expect(body.inputs).toEqual({ trades_per_month: 20, avg_trade_size: 500, options_contracts_per_month: 10, transfers_per_year: 1 });
    // one: 120 contracts x 0.65 = 78.00; two: 120 x 0.50 = 60 + ACATS 75 + account 20 = 155.00;
    // three has no options fee: known 240 x 4.95 = 1,188 + ACATS 50 = 1,238.00; its total is unknown (null), never its known
    // subtotal, and at coverage 33.3% it cannot be named winner, so it is not ranked (methodology 2.2.0 "Ranking order")
    expect(body.results.map((r: any) => [r.slug, r.annual_total_usd, r.known_subtotal_usd, r.complete, r.ranked])).toEqual([
      ['one-broker', 78, 78, true, true],
      ['two-broker', 155, 155, true, true],
      ['three-broker', null, 1238, false, false],
    ]);
    expect(body.results[1].line_items).toEqual([
      {
        item: 'trading',
        status: 'known',
        usd: 0,
        detail: '240 stock/ETF trades at 0.00 USD',
        as_of: '2026-06-30',
        stale: false,
        sources: ['https://example.org/fixture'],
      },
      {
        item: 'options_contracts',
        status: 'known',
        usd: 60,
        detail: '120 contracts at 0.50 USD each',
        as_of: '2026-06-30',
        stale: false,
        sources: ['https://example.org/fixture'],
      },
      {
        item: 'transfers_out',
        status: 'known',
        usd: 75,
        detail: '1 full ACATS transfers out a year at 75.00 USD',
        as_of: '2026-06-30',
        stale: false,
        sources: ['https://example.org/fixture'],
      },
      {
        item: 'account_fees',
        status: 'known',
        usd: 20,
        detail: 'annual account fee 20.00 USD',
        as_of: '2026-06-30',
        stale: false,
        sources: ['https://example.org/fixture'],
      },
    ]);
    const three = body.results[2];
    expect(three.unknown_items).toEqual(['options_contracts']);
    // typical options cost = median of 78 and 60 = 69; 1,238 + 69 = 1,307
    expect(three.annual_total_if_unknown_typical_usd).toBe(1307);
    expect(three.rank_note).toBe('Not ranked: not enough data: coverage 33.3% (the gate is 75%).');
    expect(three.line_items[1]).toMatchObject({ item: 'options_contracts', status: 'unknown', usd: null, sources: [] });
  });

  it('uses the documented defaults and charges per-trade commissions: 10 x 12 x 4.95 = 594.00', async () => {
    const body = await get('/v1/fees?category=BROKERAGES', '/v1/fees');
    expect(body.inputs).toEqual({ trades_per_month: 10, avg_trade_size: 1000, options_contracts_per_month: 0, transfers_per_year: 0 });
    expect(body.results.map((r: any) => [r.slug, r.annual_total_usd])).toEqual([
      ['one-broker', 0],
      ['two-broker', 20],
      ['three-broker', 594],
    ]);
  });

  it('picks the exchange tier the monthly volume reaches: 10 x 5,000 = 50,000 -> 0.1% taker', async () => {
    const body = await get('/v1/fees?category=exchange&avg_trade_size=5000&transfers_per_year=2', '/v1/fees');
    // alpha: 600,000 x 0.1% = 600 + 2 x 1.50 = 603.00; beta, delta and gamma lack a sourced withdrawal fee: estimated, named, not ranked,
    // with no annual total (null) and their known subtotal; gamma (coverage 33.3%) follows those that can be named winner
    expect(body.results.map((r: any) => [r.slug, r.annual_total_usd, r.known_subtotal_usd, r.ranked])).toEqual([
      ['alpha-exchange', 603, 603, true],
      ['delta-exchange', null, 1500, false],
      ['beta-exchange', null, 3000, false],
      ['gamma-exchange', null, 0, false],
    ]);
    expect(body.results[0].assumptions[1]).toContain('reaches the tier starting at 50000.00 USD');
    // delta: 600,000 x 0.25% = 1,500 known; the only priced withdrawal fee is alpha's 2 x 1.50 = 3, so typical 1,503
    expect(body.results[1]).toMatchObject({ unknown_items: ['transfers_out'], annual_total_if_unknown_typical_usd: 1503 });
    expect(body.results[1].rank_note).toMatch(
      /^Not ranked: its transfer-out fee has no source\. Its known lines cost 1500\.00 USD a year, which would rank 2 of 2/,
    );
    const noTransfers = await get('/v1/fees?category=exchange', '/v1/fees');
    // 120,000 USD a year: alpha 0.2% = 240, delta 0.25% = 300, beta 0.5% = 600; gamma has no trading fees at all
    expect(noTransfers.results.map((r: any) => [r.slug, r.annual_total_usd, r.ranked])).toEqual([
      ['alpha-exchange', 240, true],
      ['delta-exchange', 300, true],
      ['beta-exchange', 600, true],
      ['gamma-exchange', null, false],
    ]);
    expect(noTransfers.not_applied).toEqual([]);
  });

  it('accepts every category openapi.json publishes for GET /v1/fees and refuses another with the same names', async () => {
    const category = (await http(server, '/openapi.json')).json.paths['/v1/fees'].get.parameters.find((p: any) => p.name === 'category');
    expect(category).toMatchObject({ required: true, schema: { enum: ['brokerage', 'exchange', 'brokerages', 'exchanges'] } });
    for (const value of category.schema.enum) expect((await get(`/v1/fees?category=${value}`, '/v1/fees')).category).toBe(value.replace(/s$/, ''));
    const other = await get('/v1/fees?category=wallets', '/v1/fees', 400);
    expect(other.errors).toEqual([{ parameter: 'category', message: 'must be brokerage or exchange; got "wallets"' }]);
    expect((await get('/v1/fees', '/v1/fees', 400)).errors).toEqual([{ parameter: 'category', message: 'required: brokerage or exchange' }]);
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
