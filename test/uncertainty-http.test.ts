/**
 * Answers that carry their uncertainty (methodology 2.2.0), over a real socket on the fixture
 * sources: score ranges and rank notes in search, records and compare; depends_on_unknown from the
 * ranges; and, with the fixtures evaluated on 2026-11-29 (their APYs of 2026-06-30 are then 152 days
 * old, past the 120-day window), the savings answer, page and MCP text saying there is no current
 * pick, the category page giving each APY its own date, and fee totals that never read as free.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixtureApi } from './fixture-server.js';
import { buildInto, FIXTURE_SOURCES, http, startServer, type RunningServer } from './helpers.js';

const { get } = serveFixtureApi();

/** The fixtures evaluated on 2026-11-29 (SOURCE_DATE_EPOCH 1795910400): every APY is stale. */
const late = {} as RunningServer;
beforeAll(async () => {
  Object.assign(late, await startServer(await buildInto(FIXTURE_SOURCES, { SOURCE_DATE_EPOCH: '1795910400' })));
});
afterAll(() => late.close?.());

describe('score ranges and places', () => {
  it('gives each search summary its range, rank and the reason an unranked one is not ranked', async () => {
    const body = await get('/v1/platforms?category=exchanges', '/v1/platforms');
    // alpha fully known: 87.9 to 87.9; delta misses withdrawal_fees (0.5 of 9): 735 / 9 = 81.7 to 785 / 9 = 87.2;
    // beta's cap of 50 holds both ends at 50; gamma (33.3%) follows unranked
    expect(body.results.map((r: any) => [r.slug, r.score_pct, r.score_low_pct, r.score_high_pct, r.rank, r.overlaps_previous])).toEqual([
      ['alpha-exchange', 87.9, 87.9, 87.9, 1, false],
      ['delta-exchange', 86.5, 81.7, 87.2, 2, false],
      ['beta-exchange', 50, 50, 50, 3, false],
      ['gamma-exchange', 95, 31.7, 98.3, null, false],
    ]);
    expect(body.results[3].rank_note).toBe('Not ranked: not enough data: coverage 33.3% (the gate is 75%).');
  });

  it("says the pick depends on unknown data when the winner's low end is under the rival's high end", async () => {
    // withdrawal_fees at 2: alpha (270 + 200 + 114 + 188 + 160) / 10.5 = 88.8, fully known; delta 735 / 8.5 = 86.5 at 81% coverage,
    // its range 735 / 10.5 = 70.0 to 935 / 10.5 = 89.0: alpha's 88.8 is under delta's 89.0
    const body = await get('/v1/compare?platforms=alpha-exchange,delta-exchange&weights=withdrawal_fees:2', '/v1/compare');
    expect(body.products.map((p: any) => [p.slug, p.score_pct, p.score_low_pct, p.score_high_pct])).toEqual([
      ['alpha-exchange', 88.8, 88.8, 88.8],
      ['delta-exchange', 86.5, 70, 89],
    ]);
    expect(body.depends_on_unknown).toBe(true);
    expect(body.caveats).toContain('The data does not settle the pick: Alpha Exchange could score as low as 88.8% and Delta Exchange as high as 89%.');
    // every row names the sources of its number; a criterion without data names none
    const delta = body.products[1].criteria;
    expect(delta.find((c: any) => c.key === 'trading_fees').sources).toEqual(['https://example.org/fixture']);
    expect(delta.find((c: any) => c.key === 'withdrawal_fees')).toMatchObject({ score: null, sources: [] });
    // with default weights delta reaches only 87.2, under alpha's 87.9: the ranges settle it
    const settled = await get('/v1/compare?platforms=alpha-exchange,delta-exchange', '/v1/compare');
    expect(settled.depends_on_unknown).toBe(false);
    expect(settled.caveats.some((c: string) => c.startsWith('The data does not settle'))).toBe(false);
  });

  it('shows the range, the rank note and a range row on the pages', async () => {
    const record = await http(late, '/platforms/hw-two');
    expect(record.text).toContain(
      '47 % to 69.2 %: what the score could be once missing criteria, unknown facts and figures older than their window are settled',
    );
    expect(record.text).toContain('no data (could be 0 to 100)');
    expect(record.text).toContain('Newest fact as of');
    const compare = await http(late, '/compare/alpha-exchange-vs-delta-exchange?weights=withdrawal_fees:2');
    expect(compare.text).toContain('<h2 id="caveats">Before you rely on this</h2>');
    expect(compare.text).toContain('Alpha Exchange could score as low as 88.8%');
  });
});

describe('savings with old rates (fixtures on 2026-11-29)', () => {
  it('says there is no current pick and lists the newest rates first', async () => {
    const res = await http(late, '/v1/savings-interest?balance=10000&months=12');
    expect(res.status).toBe(200);
    // both APYs are as of 2026-06-30 and stale: same date, so by interest (4.25% -> 425.00, 4% -> 400.00)
    expect(res.json.no_current_pick).toBe(true);
    expect(res.json.no_current_pick_note).toMatch(/^No current pick: none of the APYs this balance can earn is within its freshness window\./);
    expect(res.json.results.map((r: any) => [r.slug, r.interest_usd, r.as_of, r.stale, r.ranked])).toEqual([
      ['save-two', 425, '2026-06-30', true, true],
      ['save-one', 400, '2026-06-30', true, true],
    ]);
    expect(res.json.results[0].sources).toEqual(['https://example.org/fixture']);
    // on the pinned date (2026-06-30) the rates are fresh: a current pick
    const fresh = await get('/v1/savings-interest?balance=10000', '/v1/savings-interest');
    expect([fresh.no_current_pick, fresh.no_current_pick_note]).toEqual([false, null]);
  });

  it('leads the savings page with the sentence and gives each APY its date', async () => {
    const page = await http(late, '/savings?balance=10000&months=12');
    const main = page.text.slice(page.text.indexOf('<h2 id="projection">'));
    expect(main.indexOf('No current pick:')).toBeGreaterThan(0);
    expect(main.indexOf('No current pick:')).toBeLessThan(main.indexOf('<table'));
    expect(main).toContain('<strong>old: 2026-06-30</strong>');
  });

  it('leads the MCP text with the sentence', async () => {
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${late.url}/mcp`)));
    try {
      const result = (await client.callTool({ name: 'estimate_savings_interest', arguments: { balance: 10000 } })) as any;
      // one text, the summary an agent quotes (docs/mcp.md), led by the sentence; the data in structuredContent
      expect(result.content).toHaveLength(1);
      expect(result.content[0].text).toMatch(/^No current pick:/);
      expect(result.content[0].text.split('\n')[0]).toBe(result.structuredContent.no_current_pick_note);
      expect(result.structuredContent.no_current_pick).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('gives each APY on the category page its own date, and the under-gate platform its reason', async () => {
    const page = await http(late, '/categories/high-yield-savings');
    const rows = page.text.slice(page.text.indexOf('<tbody>')).split('<tr').slice(1);
    expect(rows[0]).toContain('save-one');
    expect(rows[0]).toContain('old: 2026-06-30');
    expect(rows[2]).toContain('save-three');
    expect(rows[2]).toContain('<td>not ranked</td>');
    expect(rows[2]).toContain('No: not enough data: coverage 20% (the gate is 75%).');
  });
});

describe('fee totals that cannot read as free', () => {
  it('gives an estimate with an unknown line no annual total, and its known subtotal', async () => {
    const body = await get('/v1/fees?category=exchange', '/v1/fees');
    // gamma has no sourced trading fee: its known lines cost 0, which is not its total
    expect(body.results.find((r: any) => r.slug === 'gamma-exchange')).toMatchObject({
      annual_total_usd: null,
      known_subtotal_usd: 0,
      complete: false,
      ranked: false,
    });
    const page = await http(late, '/fees?category=exchanges');
    expect(page.text).toContain('unknown: a line has no price (the known lines alone: USD 0)');
    expect(page.text).toContain('as of 2026-06-30');
  });
});
