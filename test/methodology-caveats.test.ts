/**
 * Methodology 2.0 over HTTP on the fixture sources plus platforms made to
 * reproduce what misled users before (evaluation date pinned to 2026-06-30 by
 * vitest.config.ts): a winner without the criterion the caller weighted, a stale
 * APY ranked first below its minimum deposit, platforms left out of the fee
 * estimate, and methodology rules that cannot be evaluated. Each is shown fixed.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, http, runCli, startServer, tempDir, type RunningServer } from './helpers.js';
import { openApiValidator } from './openapi-checker.js';

const src = (url = 'https://example.org/fixture') => `[{ url: "${url}", title: Fixture page }]`;

/** Platforms added to the fixtures for these tests. */
const EXTRA: Record<string, string> = {
  // all criteria but the fees; security assessed long ago (stale), regulation on a weak source only
  'exchanges/kappa-exchange.yaml': `name: Kappa Exchange
slug: kappa-exchange
category: exchanges
website: https://example.org/kappa
as_of: 2026-06-30
facts:
  proof_of_reserves: { published: true, liabilities_included: true, third_party_attestation: true, as_of: 2026-06-30, sources: ${src()} }
assessments:
  security: { score: 100, rationale: Fixture., as_of: 2025-01-01, sources: ${src()} }
  regulation: { score: 100, rationale: Fixture., as_of: 2026-06-30, sources: ${src('https://blog.example.net/kappa')} }
`,
  // a high APY from 2024 (stale on 2026-06-30) and a 500 USD minimum opening deposit
  'high-yield-savings/old-bank.yaml': `name: Old Bank
slug: old-bank
category: high-yield-savings
website: https://example.org/old-bank
as_of: 2026-06-30
facts:
  apy: { product: Old Savings, tiers: [{ min_balance_usd: 0, apy_pct: 5.25 }], as_of: 2024-03-01, sources: ${src()} }
  monthly_fee: { not_applicable: No monthly fee., as_of: 2026-06-30, sources: ${src()} }
  minimum_opening_deposit: { usd: 500, as_of: 2026-06-30, sources: ${src()} }
  insurance: { route: fdic_direct, insured_institution: Old Bank, as_of: 2026-06-30, sources: ${src()} }
`,
  // offers no options: not applicable, not unknown
  'brokerages/four-broker.yaml': `name: Four Broker
slug: four-broker
category: brokerages
website: https://example.org/four
as_of: 2026-06-30
facts:
  commissions: { online_stock_trade_usd: 0, as_of: 2026-06-30, sources: ${src()} }
  options_fees: { not_applicable: Four Broker offers no options trading., as_of: 2026-06-30, sources: ${src()} }
  transfer_out: { full_acats_usd: 100, as_of: 2026-06-30, sources: ${src()} }
  account_fees: { annual_usd: 0, as_of: 2026-06-30, sources: ${src()} }
  protection: { sipc_member: true, excess_sipc: null, as_of: 2026-06-30, sources: ${src()} }
  investments: { stocks: true, etfs: true, options: false, mutual_funds: false, bonds: false, fractional_shares: true, as_of: 2026-06-30, sources: ${src()} }
assessments:
  regulation: { score: 80, rationale: Fixture., as_of: 2026-06-30, sources: ${src()} }
`,
};

let sources: string;
let server: RunningServer;
let validate: Awaited<ReturnType<typeof openApiValidator>>;

beforeAll(async () => {
  sources = path.join(await tempDir('caveats'), 'sources');
  await cp(FIXTURE_SOURCES, sources, { recursive: true });
  for (const [file, text] of Object.entries(EXTRA)) await writeFile(path.join(sources, 'platforms', file), text);
  const dist = await buildInto(sources);
  server = await startServer(dist);
  validate = await openApiValidator(dist);
});
afterAll(() => server?.close());

async function get(target: string, template: string) {
  const res = await http(server, target);
  expect(res.status, res.text).toBe(200);
  expect(validate(template, 200, res.json)).toEqual([]);
  return res.json;
}

describe('coverage and the gate follow the weights the caller applied', () => {
  it('a platform without fee data cannot win when the caller weights fees', async () => {
    const byDefault = await get('/v1/compare?platforms=alpha-exchange,kappa-exchange', '/v1/compare');
    // kappa: (100x3 + 100x2 + 100x2) / 7 = 100, coverage 7 / 9 = 77.8: eligible with default weights
    expect(byDefault.products[0]).toMatchObject({ slug: 'kappa-exchange', score_pct: 100, coverage: 77.8, eligible: true });
    const fees = await get('/v1/compare?platforms=alpha-exchange,kappa-exchange&weights=fees:10', '/v1/compare');
    // fees:10 gives trading_fees 7.5 and withdrawal_fees 2.5; kappa has 3 + 2 + 2 = 7 of 17 = 41.2%
    const kappa = fees.products.find((p: any) => p.slug === 'kappa-exchange');
    expect(kappa).toMatchObject({ coverage: 41.2, eligible: false });
    expect(kappa.missing_criteria).toEqual([
      { key: 'trading_fees', share_pct: 44.1 },
      { key: 'withdrawal_fees', share_pct: 14.7 },
    ]);
    expect(fees.winner_slug).toBe('alpha-exchange');
  });

  it('names no winner when no platform has the weighted criterion', async () => {
    const body = await get('/v1/compare?platforms=gamma-exchange,kappa-exchange&weights=fees:10,security:1,reserves:0,regulation:0', '/v1/compare');
    expect(body.winner).toBeNull();
    // kappa: security 1 of 1 + 7.5 + 2.5 = 11 -> 9.1%
    expect(body.products.find((p: any) => p.slug === 'kappa-exchange')).toMatchObject({ coverage: 9.1, eligible: false });
    expect(body.explanation).toBe('No platform reaches the 75% coverage gate under the applied weights, so none is named winner.');
  });
});

describe('a pick says when it rests on stale or weak evidence', () => {
  it('flags both, in the API and in words on the compare page', async () => {
    const body = await get('/v1/compare?platforms=alpha-exchange,kappa-exchange', '/v1/compare');
    expect(body.winner_slug).toBe('kappa-exchange');
    const kappa = body.products[0];
    expect(kappa.criteria.find((c: any) => c.key === 'security')).toMatchObject({ as_of: '2025-01-01', stale: true, evidence_tier: 'primary' });
    expect(kappa.criteria.find((c: any) => c.key === 'regulation')).toMatchObject({ stale: false, evidence_tier: 'weak' });
    expect(kappa.stale_criteria).toEqual(['security']);
    expect(kappa.weak_criteria).toEqual(['regulation']);
    // without the stale security score kappa's coverage is 4 / 9 = 44.4%, so Alpha would be picked; likewise without the weak regulation score
    expect(body.depends_on_stale).toBe(true);
    expect(body.depends_on_weak_evidence).toBe(true);
    // each caveat says what the pick rests on, with the dates (methodology 2.2.0), never that it is safe
    expect(body.caveats).toContain(
      'The pick rests on figures older than their window: security 2025-01-01. Without the old figures, Alpha Exchange would be picked instead.',
    );
    expect(body.caveats).toContain('The pick rests on criteria backed only by weak sources: regulation. Without them, Alpha Exchange would be picked instead.');
    // kappa's range: stale security at the low end of the fresh securities (85: beta), fees missing at 0:
    // (85x3 + 100x2 + 0 + 0 + 100x2) / 9 = 655 / 9 = 72.8, under alpha's 87.9
    expect(body.depends_on_unknown).toBe(true);
    expect(body.caveats).toContain(
      'The data does not settle the pick: Kappa Exchange could score as low as 72.8% and Alpha Exchange as high as 87.9% (Kappa Exchange: trading_fees has no data; withdrawal_fees has no data).',
    );
    const page = await http(server, '/compare/alpha-exchange-vs-kappa-exchange');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Before you rely on this');
    expect(page.text).toContain('The pick rests on figures older than their window: security 2025-01-01.');
    expect(page.text).toContain('old: 2025-01-01');
  });
});

describe('savings: minimums honoured, stale APYs marked and ranked after fresh ones', () => {
  it('does not rank an account below its minimum opening deposit', async () => {
    const body = await get('/v1/savings-interest?balance=400', '/v1/savings-interest');
    const last = body.results.at(-1);
    expect(last).toMatchObject({ slug: 'old-bank', ranked: false, below_minimum_opening_deposit: true, stale: true, as_of: '2024-03-01' });
    expect(last.rank_note).toBe('Not ranked: the balance is below the minimum opening deposit of 500 USD.');
  });

  it('ranks the stale 5.25% APY after every fresh APY and says why', async () => {
    const body = await get('/v1/savings-interest?balance=10000', '/v1/savings-interest');
    const order = body.results.map((r: any) => [r.slug, r.apy, r.stale, r.ranked]);
    // fresh first by interest: save-two 4.25% (tier from 5,000), save-one 4.0%; then old-bank 5.25% (stale)
    expect(order.map((r: any) => r[0])).toEqual(['save-two', 'save-one', 'old-bank']);
    expect(order[2]).toEqual(['old-bank', 5.25, true, true]);
    expect(body.results[2].rank_note).toBe(
      'Ranked after the fresh APYs, by the date of its APY (newest first): this APY is as of 2024-03-01, older than its freshness window, and may have changed since.',
    );
    expect(body.no_current_pick).toBe(false);
    // 10,000 x 1.0525 = 10,525.00
    expect(body.results[2].interest_usd).toBe(525);
  });

  it('scores APY against the best fresh APY: a stale 5.25% never sets the scale', async () => {
    const body = await get('/v1/platforms/save-one', '/v1/platforms/{name}');
    // best fresh APY at 10,000 USD is save-two's 4.25%: 100 x 4.0 / 4.25 = 94.1 (against the stale 5.25% it would be 76.2)
    expect(body.criteria.find((c: any) => c.key === 'apy')).toMatchObject({ score: 94.1 });
    const old = await get('/v1/platforms/old-bank', '/v1/platforms/{name}');
    // 5.25 / 4.25 is above the best fresh APY (100 at most), and a stale APY never scores above a newer one (methodology 2.2.0):
    // held to the lowest score of the newer APYs, save-one's 94.1
    const apy = old.criteria.find((c: any) => c.key === 'apy');
    expect(apy).toMatchObject({ score: 94.1, stale: true });
    expect(apy.rationale).toContain("held to 94.1, the score of Save One Bank's newer APY (as of 2026-06-30)");
    expect(old.criteria.find((c: any) => c.key === 'fees')).toMatchObject({ basis: 'not_applicable', score: 100 });
    expect(old.facts.apy).toMatchObject({ stale: true, as_of: '2024-03-01' });
  });
});

describe('fees: every platform gets an estimate', () => {
  it('estimates every exchange with one transfer a year, naming the unknown fees', async () => {
    const body = await get('/v1/fees?category=exchange&transfers_per_year=1', '/v1/fees');
    expect(body.results.map((r: any) => r.slug).sort()).toEqual(['alpha-exchange', 'beta-exchange', 'delta-exchange', 'gamma-exchange', 'kappa-exchange']);
    expect(body.results.filter((r: any) => r.ranked).map((r: any) => r.slug)).toEqual(['alpha-exchange']);
    // gamma (coverage 33.3%) cannot be named winner: not ranked for that reason first (methodology 2.2.0 "Ranking order")
    for (const r of body.results.filter((x: any) => !x.ranked && x.slug !== 'gamma-exchange'))
      expect(r.rank_note).toMatch(/^Not ranked: its (trading fee and )?transfer-out fee has no source/);
    expect(body.results.find((r: any) => r.slug === 'gamma-exchange').rank_note).toBe('Not ranked: not enough data: coverage 33.3% (the gate is 75%).');
  });

  it('accepts options contracts for exchanges and reports them as not applied; a trade size of 0 is valid', async () => {
    const body = await get('/v1/fees?category=exchange&options_contracts_per_month=4&avg_trade_size=0', '/v1/fees');
    expect(body.not_applied).toEqual([
      { parameter: 'options_contracts_per_month', reason: 'exchanges trade no stock options; the parameter is not used for category exchange' },
    ]);
    expect(body.results.find((r: any) => r.slug === 'alpha-exchange')).toMatchObject({ annual_total_usd: 0, complete: true });
  });

  it('lists a broker that offers no options apart when the profile trades options', async () => {
    const body = await get('/v1/fees?category=brokerage&options_contracts_per_month=10', '/v1/fees');
    const four = body.results.find((r: any) => r.slug === 'four-broker');
    expect(four).toMatchObject({ ranked: false, rank_note: 'Not ranked: it does not offer what the profile uses (options per-contract fee).' });
    expect(body.results.at(-1).slug).toBe('four-broker');
  });
});

describe('profiles and not-applicable criteria', () => {
  it('the options profile weighs the per-contract fee; a broker without options is neither helped nor hurt', async () => {
    const body = await get('/v1/compare?platforms=one-broker,four-broker&profile=options', '/v1/compare');
    expect(body.profile).toBe('options');
    expect(body.weights.options_fees).toBe(1);
    const four = body.products.find((p: any) => p.slug === 'four-broker');
    expect(four.criteria.find((c: any) => c.key === 'options_fees')).toMatchObject({ basis: 'not_applicable', score: null, contribution: null });
    // four: every applicable criterion has data, so coverage stays 100 with the options fee weighted
    expect(four.coverage).toBe(100);
    // transfer: 100 USD x 0.2 = 20 USD a year; (30 - 20) / 30 = 33.3
    expect(four.criteria.find((c: any) => c.key === 'transfer_fees')).toMatchObject({ score: 33.3 });
  });
});

describe('a rubric fact the sources leave open is unknown, not false', () => {
  it('earns no points, and the record, the rationale, the page and the CSV say unknown', async () => {
    const record = await get('/v1/platforms/four-broker', '/v1/platforms/{name}');
    expect(record.facts.protection).toMatchObject({ sipc_member: true, excess_sipc: null });
    // sipc_member 60 + excess_sipc unknown 0 (methodology.yaml brokerages security rubric)
    expect(record.criteria.find((c: any) => c.key === 'security')).toMatchObject({
      basis: 'derived',
      score: 60,
      unknown_points: 40,
      rationale: 'Rubric: sipc_member yes +60; excess_sipc unknown +0 = 60 (up to 100 if the unknown facts are yes).',
    });
    expect(record.criteria.find((c: any) => c.key === 'investments')).toMatchObject({ unknown_points: 0 });
    const page = (await http(server, '/platforms/four-broker/')).text;
    expect(page).toMatch(/<dt>Excess sipc<\/dt><dd>Unknown \(the sources do not say\)<\/dd>/);
    const csv = (await http(server, '/open-data/brokerages.csv')).text.split('\n');
    const header = csv[0]!.split(',');
    const row = csv.find((l) => l.startsWith('four-broker,'))!.split(',');
    expect([row[header.indexOf('protection.excess_sipc')], row[header.indexOf('protection.sipc_member')]]).toEqual(['', 'true']);
  });

  it("says when a pick depends on unknown facts: the winner's low end under a rival's high end", async () => {
    // security 10 and transfer fees 1: Two Broker (60x10 + 50) / 11 = 59.1, fully known; Four Broker (60x10 + 33.3) / 11 = 57.6
    // with excess SIPC unknown (40 points): up to (100x10 + 33.3) / 11 = 93.9, above Two Broker's 59.1
    const body = await get(
      '/v1/compare?platforms=two-broker,four-broker&weights=security:10,transfer_fees:1,commissions:0,options_fees:0,account_fees:0,investments:0,regulation:0',
      '/v1/compare',
    );
    expect(body.winner_slug).toBe('two-broker');
    expect(body.products.map((p: any) => [p.slug, p.score_pct, p.score_low_pct, p.score_high_pct, p.unknown_criteria])).toEqual([
      ['two-broker', 59.1, 59.1, 59.1, []],
      ['four-broker', 57.6, 57.6, 93.9, ['security']],
    ]);
    expect(body.depends_on_unknown).toBe(true);
    expect(body.caveats).toContain('The data does not settle the pick: Two Broker could score as low as 59.1% and Four Broker as high as 93.9%.');
    expect(body.caveats).toContain('Four Broker: facts the sources leave open in security, counted as no; its score could be up to 93.9%.');
    // security alone: One Broker 100 (SIPC and excess SIPC); Four Broker 60, at most 100 with the unknown fact as yes:
    // a tie at best, never above One Broker's 100, so the pick does not depend on it
    const tie = await get(
      '/v1/compare?platforms=one-broker,four-broker&weights=security:10,commissions:0,options_fees:0,account_fees:0,transfer_fees:0,investments:0,regulation:0',
      '/v1/compare',
    );
    expect([tie.winner_slug, tie.depends_on_unknown]).toEqual(['one-broker', false]);
    // security weighted as the others: 40 more points of security cannot close the gap, so nothing is said about the pick
    const other = await get('/v1/compare?platforms=one-broker,four-broker&weights=security:1', '/v1/compare');
    expect(other.products.map((p: any) => [p.slug, p.score_pct])).toEqual([
      ['one-broker', 97.5],
      ['four-broker', 70.4],
    ]);
    expect([other.depends_on_unknown, other.caveats.some((c: string) => c.startsWith('The data does not settle'))]).toEqual([false, false]);
    expect(other.caveats.some((c: string) => c.startsWith('Four Broker: facts the sources leave open in security'))).toBe(true);
  });

  it('leaves the criterion without data (missing, not 0) when every fact of its rubric is unknown', async () => {
    const copy = path.join(await tempDir('all-unknown'), 'sources');
    await cp(FIXTURE_SOURCES, copy, { recursive: true });
    const file = path.join(copy, 'platforms/brokerages/two-broker.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('sipc_member: true, excess_sipc: false', 'sipc_member: null, excess_sipc: null'));
    const local = await startServer(await buildInto(copy));
    try {
      const record = (await http(local, '/v1/platforms/two-broker')).json as any;
      expect(record.criteria.find((c: any) => c.key === 'security')).toMatchObject({ basis: 'missing', score: null });
    } finally {
      local.close();
    }
  });

  it('is still refused when a field is left out instead of set to null', async () => {
    const broken = path.join(await tempDir('unknown'), 'sources');
    await cp(FIXTURE_SOURCES, broken, { recursive: true });
    const file = path.join(broken, 'platforms/brokerages/two-broker.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('excess_sipc: false, ', ''));
    const result = await runCli(['check', '--sources', broken]);
    expect(result.code).toBe(1);
    expect(result.stderr + result.stdout).toMatch(/two-broker\.yaml:19:\d+.*excess_sipc/);
  });
});

describe('an incident list searched long ago is marked old, whatever date newer facts gave the record', () => {
  it('evaluates the incident_record window on incidents_checked and says so in the record and on the page', async () => {
    const copy = path.join(await tempDir('incidents-checked'), 'sources');
    await cp(FIXTURE_SOURCES, copy, { recursive: true });
    const file = path.join(copy, 'platforms/brokerages/two-broker.yaml');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/^as_of: (\S+)$/m, 'as_of: $1\nincidents_checked: 2025-01-15'));
    const local = await startServer(await buildInto(copy));
    try {
      const record = (await http(local, '/v1/platforms/two-broker')).json as any;
      // 2025-01-15 is 531 days before the evaluation date 2026-06-30: older than the 365-day incident_record window
      expect([record.incidents_checked, record.incident_record_stale]).toEqual(['2025-01-15', true]);
      const page = (await http(local, '/platforms/two-broker/')).text;
      expect(page).toContain('<strong>Old search:</strong> Incidents and regulatory actions last searched on 2025-01-15, longer ago than the freshness window');
      const fresh = (await http(local, '/v1/platforms/one-broker')).json as any;
      expect([fresh.incidents_checked, fresh.incident_record_stale]).toEqual([fresh.as_of, false]);
      // a comparison says it too: the hack cap rests on the incident list
      const compared = (await http(local, '/v1/compare?platforms=one-broker,two-broker')).json as any;
      expect(compared.products.map((p: any) => [p.slug, p.incidents_checked, p.incident_record_stale]).sort()).toEqual([
        ['one-broker', '2026-06-30', false],
        ['two-broker', '2025-01-15', true],
      ]);
      expect(compared.caveats).toContain(
        'Two Broker: incidents last searched on 2025-01-15, longer ago than the freshness window; a newer hack or fine, and the cap it would bring, may be missing.',
      );
      expect(compared.caveats.filter((c: string) => c.startsWith('One Broker: incidents'))).toEqual([]);
    } finally {
      local.close();
    }
  });
});

/** `check` on a copy of the fixtures whose methodology.yaml is changed by `edit`. */
async function checkWithMethodology(edit: (text: string) => string) {
  const broken = path.join(await tempDir('methodology'), 'sources');
  await cp(FIXTURE_SOURCES, broken, { recursive: true });
  const file = path.join(broken, 'methodology.yaml');
  await writeFile(file, edit(await readFile(file, 'utf8')));
  return runCli(['check', '--sources', broken]);
}

describe('the methodology cannot hold a rule that cannot be evaluated', () => {
  it('reports best equal to worst, points above 100 and all-zero weights with file, line and column', async () => {
    const result = await checkWithMethodology((text) => {
      let t = text.replace(
        '          items: [trading]\n          best: 0\n          worst: 300',
        '          items: [trading]\n          best: 0\n          worst: 0',
      );
      t = t.replace('{ fact: device.secure_element, points: 40 }', '{ fact: device.secure_element, points: 90 }');
      const at = t.indexOf('  software-wallets:');
      const end = t.indexOf('  high-yield-savings:');
      return t.slice(0, at) + t.slice(at, end).replace(/weight: \d+/g, 'weight: 0') + t.slice(end);
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /methodology\.yaml:\d+:\d+ {2}categories\.exchanges\.criteria\.2\.rule\.worst {2}error: best and worst are both 0, so the rule cannot map a value to 0-100/,
    );
    expect(result.stderr).toMatch(
      /methodology\.yaml:\d+:\d+ {2}categories\.hardware-wallets\.criteria\.0\.rule\.points {2}error: the rubric's points add up to 150, above 100/,
    );
    expect(result.stderr).toMatch(/methodology\.yaml:\d+:\d+ {2}categories\.software-wallets\.criteria {2}error: every criterion of software-wallets weighs 0/);
    expect(result.stderr).not.toMatch(/NaN|at .*\.ts:\d+/);
  });

  it('reports a freshness window of 0 days with its location', async () => {
    const result = await checkWithMethodology((text) => text.replace('  apy:\n    days: 120', '  apy:\n    days: 0'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/methodology\.yaml:\d+:\d+ {2}freshness\.apy\.days {2}error: a freshness window must be at least 1 day/);
  });
});
