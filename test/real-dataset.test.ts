/**
 * The real dataset (sources/) through the REST API: well-known incidents are in
 * the safety record with their date and class, and the hack cap applies in compare.
 * These are public-record events; if one goes missing from sources/, this fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInto, http, REAL_DATA_EPOCH, ROOT, startServer, type RunningServer } from './helpers.js';
import path from 'node:path';

describe('the real dataset through the API', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(await buildInto(path.join(ROOT, 'sources'), { SOURCE_DATE_EPOCH: REAL_DATA_EPOCH }));
  });
  afterAll(async () => server?.close());

  const safety = async (name: string) => {
    const res = await http(server, `/v1/safety/${name}`);
    expect(res.status).toBe(200);
    return res.json as { incidents: any[]; regulatory_record: any[]; cap: any };
  };

  it('pages /v1/changes within 256 KiB of changes, next going on from where a page ended', async () => {
    const first = await http(server, '/v1/changes?limit=500');
    expect(first.status).toBe(200);
    const bytes = (changes: unknown[]) => changes.reduce((sum: number, c) => sum + Buffer.byteLength(JSON.stringify(c)), 0);
    expect(bytes(first.json.changes)).toBeLessThanOrEqual(262_144);
    expect(first.json.total).toBeGreaterThan(first.json.changes.length); // the real history passes 256 KiB
    const seen = [...first.json.changes];
    let next: string | null = first.json.next;
    for (let pages = 0; next !== null && pages < 100; pages++) {
      const page = await http(server, next);
      expect(page.json.changes.length === 1 || bytes(page.json.changes) <= 262_144).toBe(true);
      seen.push(...page.json.changes);
      next = page.json.next;
    }
    expect(next).toBeNull();
    expect(seen).toHaveLength(first.json.total);
  });

  it('has at least 20 platforms in every category and 100 in all', async () => {
    const { json } = await http(server, '/v1/categories');
    const counts = json.categories.map((c: any) => c.platform_count);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(20);
    expect(counts.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThanOrEqual(100);
  });

  it('records the Bybit cold-wallet theft of 21 February 2025 as funds lost, reimbursed, without an amount no primary or dated reputable source carries', async () => {
    const record = await safety('bybit');
    const theft = record.incidents.find((i: any) => i.date === '2025-02-21');
    expect(theft).toMatchObject({ class: 'funds_lost', customers_made_whole: true });
    expect(theft.amount_usd).toBeUndefined();
  });

  it("records Binance's 2019 hot-wallet theft and its November 2023 USD 4.3 billion resolution", async () => {
    const record = await safety('binance');
    expect(record.incidents).toContainEqual(expect.objectContaining({ date: '2019-05-07', class: 'funds_lost', customers_made_whole: true }));
    expect(record.regulatory_record).toContainEqual(expect.objectContaining({ date: '2023-11-21', class: 'regulatory_action', amount_usd: 4_300_000_000 }));
  });

  it('records the Ledger customer database leak (2020) and the Connect Kit attack (December 2023) for Ledger devices', async () => {
    const record = await safety('Ledger Nano X');
    expect(record.incidents).toContainEqual(expect.objectContaining({ date: '2020-06-25', class: 'data_breach' }));
    expect(record.incidents).toContainEqual(expect.objectContaining({ date: '2023-12-14', class: 'funds_lost' }));
  });

  it("records Coinbase's January 2023 NYDFS consent order", async () => {
    const record = await safety('coinbase');
    expect(record.regulatory_record).toContainEqual(expect.objectContaining({ date: '2023-01-04', class: 'regulatory_action', amount_usd: 50_000_000 }));
  });

  it('records that M1 Finance offers no options (not applicable, not unknown) and lists it apart when the profile trades options', async () => {
    const { status, json } = await http(server, '/v1/platforms/m1-finance');
    expect(status).toBe(200);
    expect(json.facts.options_fees).toMatchObject({ not_applicable: expect.stringContaining('does not offer options trading') });
    expect(json.criteria.find((c: any) => c.key === 'options_fees')).toMatchObject({ basis: 'not_applicable', score: null });
    // platform fee 36 USD a year: (100 - 36) / 100 = 64
    expect(json.criteria.find((c: any) => c.key === 'account_fees')).toMatchObject({ basis: 'derived', score: 64 });
    const withOptions = await http(server, '/v1/fees?category=brokerage&options_contracts_per_month=10');
    expect(withOptions.json.results).toContainEqual(
      expect.objectContaining({
        slug: 'm1-finance',
        ranked: false,
        rank_note: 'Not ranked: it does not offer what the profile uses (options per-contract fee).',
      }),
    );
    // 120 trades at 0 USD + one full ACATS transfer at 100 USD + the 36 USD platform fee = 136 USD
    const withoutOptions = await http(server, '/v1/fees?category=brokerage&options_contracts_per_month=0&transfers_per_year=1');
    expect(withoutOptions.json.results).toContainEqual(expect.objectContaining({ slug: 'm1-finance', annual_total_usd: 136, complete: true }));
  });

  it("caps Discover's score in compare for its 2025 penalty of USD 100 million or more, and Safe{Wallet}'s for the 2025 front-end compromise", async () => {
    const { status, json } = await http(server, '/v1/compare?platforms=discover,ally-bank');
    expect(status).toBe(200);
    const discover = json.products.find((p: any) => p.slug === 'discover');
    expect(discover.cap).toMatchObject({ cap: 70, incident: { date: '2025-04-18', class: 'regulatory_action' } });
    expect(discover.score_pct).toBe(Math.min(discover.raw_score_pct, 70));

    const wallets = await http(server, '/v1/compare?platforms=safe-wallet,metamask');
    const safe = wallets.json.products.find((p: any) => p.slug === 'safe-wallet');
    expect(safe.cap).toMatchObject({ cap: 50, incident: { date: '2025-02-21', class: 'funds_lost' } });
    expect(safe.raw_score_pct).toBeGreaterThan(50);
    expect(safe.score_pct).toBe(50);
  });

  it('puts a platform that can be named winner first on every category page, and in the same order as the API (methodology 2.2.0)', async () => {
    const { json } = await http(server, '/v1/categories');
    for (const c of json.categories) {
      const list = (await http(server, `/v1/platforms?category=${c.id}`)).json;
      expect(list.results[0], c.id).toMatchObject({ eligible: true, rank: 1 });
      const page = (await http(server, `/categories/${c.id}`)).text;
      const first = page.slice(page.indexOf('<tbody>')).split('<tr')[1]!;
      expect(first, c.id).toContain(`<td>1</td><th scope="row"><a href="/platforms/${list.results[0].slug}">`);
      // the ranked ones come first, every one under the gate after them
      const eligible = list.results.map((r: any) => r.eligible);
      expect(eligible.indexOf(false) === -1 || eligible.slice(eligible.indexOf(false)).every((e: boolean) => !e), c.id).toBe(true);
    }
  });

  it('shows the Newtek APY with its own date, and says there is no current pick while every APY is old', async () => {
    const page = (await http(server, '/categories/high-yield-savings')).text;
    const newtek = page.split('<tr').find((row) => row.includes('/platforms/newtek-bank'))!;
    expect(newtek).toContain('2023-09-06');
    const { json } = await http(server, '/v1/savings-interest?balance=10000&months=12');
    const everyOld = json.results.every((r: any) => r.stale);
    expect(json.no_current_pick).toBe(everyOld || !json.results.some((r: any) => r.ranked && !r.stale));
    if (everyOld) {
      expect(json.no_current_pick_note).toMatch(/^No current pick/);
      // stale rates newest first: the 2023 rates come after every newer one
      const ranked = json.results.filter((r: any) => r.ranked).map((r: any) => r.as_of);
      expect([...ranked].sort().reverse()).toEqual(ranked);
      const savingsPage = (await http(server, '/savings?balance=10000&months=12')).text;
      expect(savingsPage).toContain('No current pick:');
    }
  });
});
