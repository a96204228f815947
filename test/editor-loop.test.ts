/**
 * The editor's loop through its commands, as child processes, on a throwaway git repository of the
 * fixture sources with two commits (the fixtures, then Save One's APY re-read: 4.0 -> 4.5 as of
 * 2026-10-01), evaluated on 2026-11-01 so the fixtures' 2026-06-30 APYs are stale (window 120 days):
 * npm run refresh-queue, npm run preview, npm run new-platform.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REAL_DATA_EPOCH, runCli, tempDir } from './helpers.js';
import { newSourceRepo, type SourceRepo } from './source-repo.js';
import { runEditor } from './editor-cli.js';

/** 2026-11-01. */
const EPOCH = { SOURCE_DATE_EPOCH: '1793491200' };

let repo: SourceRepo & { initial: string };
let second: string;

beforeAll(async () => {
  repo = await newSourceRepo('editor-repo', '2026-06-30T10:00:00Z');
  const saveOne = 'platforms/high-yield-savings/save-one.yaml';
  await repo.edit(
    saveOne,
    'apy_pct: 4.0 }], as_of: 2026-06-30, sources: [{ url: "https://example.org/fixture", title: Fixture page }]',
    'apy_pct: 4.5 }], as_of: 2026-10-01, sources: [{ url: "https://example.org/save-one/rates", title: Rates }]',
  );
  await repo.edit(saveOne, 'as_of: 2026-06-30\nfacts:', 'as_of: 2026-10-01\nfacts:');
  second = await repo.commit('Save One APY 4.0 -> 4.5 as of 2026-10-01', '2026-10-02T10:00:00Z');
}, 60_000);

describe('npm run refresh-queue', () => {
  it('orders stale, weak-only and missing facts by the published answers they decide, with file, line, value, age and URLs', async () => {
    const { code, stdout } = await runEditor('refresh-queue', ['--sources', repo.sources, '--json'], EPOCH);
    expect(code).toBe(0);
    const queue = JSON.parse(stdout);
    expect(queue).toMatchObject({ evaluation_date: '2026-11-01', methodology_version: '2.0.0', candidates: 12, deciding_nothing: 4, limit: 200 });
    expect(queue.items.map((i: any) => i.impact)).toEqual([...queue.items.map((i: any) => i.impact)].sort((a, b) => b - a));
    // first: Save Two's stale APY. Without it Save Two falls under the gate and loses its rank; re-read
    // today its stale flag clears. (Save Three, coverage 20%, and Gamma, 33.3%, are under the gate:
    // unranked, so their missing facts decide no first place, only their own scores.)
    const [first] = queue.items;
    expect(first).toMatchObject({
      position: 1,
      impact: 16.9,
      slug: 'save-two',
      fact: 'facts.apy',
      reasons: ['stale'],
      criteria: ['apy'],
      file: 'sources/platforms/high-yield-savings/save-two.yaml',
      line: 7,
      as_of: '2026-06-30',
      age_days: 124,
      window_days: 120,
      fact_kind: 'apy',
      value: { product: 'Two Cash', 'tiers.0.min_balance_usd': 0, 'tiers.0.apy_pct': 1, 'tiers.1.min_balance_usd': 5000, 'tiers.1.apy_pct': 4.25 },
      urls: ['https://example.org/fixture'],
    });
    expect(first.affects[0]).toMatchObject({
      answer: 'save-two coverage gate',
      when: 'without it',
      detail: 'falls under the gate (coverage 100% → 50%): cannot be named winner',
      points: 5,
    });
    expect(first.affects.map((a: any) => [a.answer, a.points])).toEqual([
      ['save-two coverage gate', 5],
      ['high-yield-savings rank 2', 3],
      ['high-yield-savings rank 3', 3],
      ['verdict save-three-vs-save-two', 2],
      ['save-two score', 1.4],
      ['savings ranking (10000 USD, 12 months) row 2', 1],
      ['verdict save-three-vs-save-two', 1],
      ['save-two facts.apy stale flag', 0.5],
    ]);
    const gamma = queue.items.find((i: any) => i.slug === 'gamma-exchange' && i.fact === 'facts.trading_fees');
    expect(gamma).toMatchObject({
      position: 6,
      impact: 1.8,
      reasons: ['missing'],
      file: 'sources/platforms/exchanges/gamma-exchange.yaml',
      line: 6,
      value: null,
      window_days: 365,
    });
    expect(gamma.affects).toEqual([
      expect.objectContaining({
        answer: 'gamma-exchange score',
        detail: '95% → 76.7%, coverage 33.3% → 50%',
        when: 'like the worst on trading_fees, beta-exchange',
        points: 1.8,
      }),
    ]);
    // Save One's APY was re-read in the second commit: fresh, so not queued
    expect(queue.items.some((i: any) => i.slug === 'save-one' && i.fact === 'facts.apy')).toBe(false);
  });

  it('queues an incident record whose incidents were last searched longer ago than its window', async () => {
    const { code, stdout } = await runEditor('refresh-queue', ['--sources', repo.sources, '--json'], { SOURCE_DATE_EPOCH: '1814572800' }); // 2027-07-03
    expect(code).toBe(0);
    const item = JSON.parse(stdout).items.find((i: any) => i.slug === 'alpha-exchange' && i.fact === 'incidents');
    expect(item).toMatchObject({
      impact: 0.5,
      reasons: ['stale'],
      fact_kind: 'incident_record',
      as_of: '2026-06-30',
      age_days: 368,
      window_days: 365,
      value: { incidents: 0 },
      urls: ['https://example.org/alpha'],
      affects: [
        {
          answer: 'alpha-exchange incidents stale flag',
          kind: 'stale_flag',
          when: 'searched again today, nothing new',
          detail: 'stale flag cleared',
          points: 0.5,
        },
      ],
    });
  });

  it('prints Markdown with a cap, and refuses a bad cap', async () => {
    const { code, stdout } = await runEditor('refresh-queue', ['--sources', repo.sources, '--limit', '2'], EPOCH);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('# Refresh queue, 2026-11-01 (methodology 2.0.0)');
    expect(lines[2]).toContain('12 stale, weak-only or missing facts decide published answers; the first 2 are listed. 4 more decide none (left out).');
    expect(lines[6]).toBe(
      '| 1 | 16.9 | sources/platforms/high-yield-savings/save-two.yaml:7 | save-two facts.apy | stale | product "Two Cash", tiers.0.min_balance_usd 0, tiers.0.apy_pct 1, tiers.1.min_balance_usd 5000, … (1 more) | 2026-06-30 | 124 / 120 |',
    );
    expect(lines[8]).toBe('');
    expect(stdout).toContain('  - save-two coverage gate (5): falls under the gate (coverage 100% → 50%): cannot be named winner [without it]');
    const brokerages = JSON.parse((await runEditor('refresh-queue', ['--sources', repo.sources, '--category', 'brokerages', '--json'], EPOCH)).stdout);
    expect(brokerages.items.map((i: any) => `${i.slug} ${i.fact}`)).toEqual([
      'three-broker facts.investments',
      'three-broker facts.protection',
      'three-broker assessments.regulation',
    ]);
    const badCategory = await runEditor('refresh-queue', ['--sources', repo.sources, '--category', 'banks'], EPOCH);
    expect(badCategory.code).toBe(2);
    expect(badCategory.stderr).toContain('unknown category "banks"; allowed: exchanges, hardware-wallets, software-wallets, high-yield-savings, brokerages');
    const bad = await runEditor('refresh-queue', ['--sources', repo.sources, '--limit', '0'], EPOCH);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--limit must be a whole number above 0; got "0"');
  });
});

describe('npm run refresh-queue on the real sources', () => {
  // scores each category again for every queued fact: about 15 s on a loaded 2-core machine, hence its own timeout
  it('has at least 50 items, the first naming the answers it decides', { timeout: 180_000 }, async () => {
    const { code, stdout } = await runEditor('refresh-queue', ['--json', '--limit', '60'], { SOURCE_DATE_EPOCH: REAL_DATA_EPOCH });
    expect(code).toBe(0);
    const queue = JSON.parse(stdout);
    expect(queue.candidates).toBeGreaterThanOrEqual(50);
    expect(queue.items).toHaveLength(60);
    const [first] = queue.items;
    expect(first.file).toMatch(/^sources\/platforms\/[a-z-]+\/[a-z0-9-]+\.yaml$/);
    expect(first.line).toBeGreaterThan(1);
    expect(first.affects.length).toBeGreaterThan(0);
    expect(first.impact).toBe(Math.round(first.affects.reduce((s: number, a: any) => s + a.points, 0) * 10) / 10);
  });
});

describe('npm run preview', () => {
  it('shows what a commit does to the published answers: facts old -> new, scores, verdict flags, savings ranking, stale flag cleared', async () => {
    const { code, stdout } = await runEditor('preview', ['--sources', repo.sources, '--base', repo.initial, '--head', second, '--json'], EPOCH);
    expect(code).toBe(0);
    const preview = JSON.parse(stdout);
    expect(preview).toMatchObject({ base: repo.initial, head: second, evaluation_date: '2026-11-01', sources_changed: true });
    expect(preview.facts.find((f: any) => f.field === 'facts.apy.tiers.0.apy_pct')).toMatchObject({
      kind: 'fact_changed',
      slug: 'save-one',
      old_value: 4,
      new_value: 4.5,
      old_as_of: '2026-06-30',
      new_as_of: '2026-10-01',
    });
    const answers = preview.answers.map((a: any) => `${a.answer}: ${a.detail}`);
    // Save One leads the ranked accounts before and after (Save Three, coverage 20%, is under the gate: unranked), so no first place or rank moves
    expect(answers).toEqual([
      'save-one score: 97.1% → 100%, coverage 100% → 100%',
      'save-two score: 83% → 80.2%, coverage 100% → 100%',
      'verdict save-one-vs-save-three: depends_on_stale true → false',
      'verdict save-one-vs-save-two: depends_on_stale true → false',
      'savings ranking (10000 USD, 12 months) row 1: save-two (425.00 USD) → save-one (450.00 USD)',
      'savings ranking (10000 USD, 12 months) row 2: save-one (400.00 USD) → save-two (425.00 USD)',
      'save-one facts.apy stale flag: stale flag cleared',
    ]);
    expect(preview.ranks).toEqual([]);
  });

  it('previews the working tree in Markdown for a pull-request comment, uncommitted edits included', async () => {
    await repo.edit('platforms/high-yield-savings/save-two.yaml', 'monthly_fee: { usd: 5,', 'monthly_fee: { usd: 0,');
    try {
      const { code, stdout } = await runEditor('preview', ['--sources', repo.sources, '--base', 'HEAD'], EPOCH);
      expect(code).toBe(0);
      expect(stdout).toContain('## Data preview: HEAD → working tree');
      expect(stdout).toContain('| Save Two | facts.monthly_fee.usd | fact corrected | 5 → 0 | 2026-06-30 → 2026-06-30 |');
      expect(stdout).toContain('### Scores moved (1)\n\n- save-two score: 80.2% → 90.2%, coverage 100% → 100%');
    } finally {
      await repo.edit('platforms/high-yield-savings/save-two.yaml', 'monthly_fee: { usd: 0,', 'monthly_fee: { usd: 5,');
    }
  });

  it('says no published answer changes when nothing under sources/ changed, and refuses an unknown ref', async () => {
    await writeFile(path.join(repo.repo, 'NOTES.md'), 'a change outside sources/\n');
    await repo.commit('Notes only', '2026-10-03T10:00:00Z');
    const { code, stdout } = await runEditor('preview', ['--sources', repo.sources, '--base', second], EPOCH);
    expect(code).toBe(0);
    expect(stdout).toContain('No file under sources/ changed: no published answer changes.');
    const bad = await runEditor('preview', ['--sources', repo.sources, '--base', 'no-such-branch'], EPOCH);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"no-such-branch" is not a commit of the repository');
  });
});

describe('npm run new-platform', () => {
  it('writes a file with every fact group unknown that passes the check and builds into a record under the gate', async () => {
    const { code, stdout } = await runEditor(
      'new-platform',
      ['--sources', repo.sources, '--category', 'brokerages', '--name', 'Zeta Brokerage & Co', '--website', 'https://example.org/zeta', '--json'],
      EPOCH,
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      file: 'sources/platforms/brokerages/zeta-brokerage-and-co.yaml',
      slug: 'zeta-brokerage-and-co',
      category: 'brokerages',
    });
    const text = await readFile(path.join(repo.sources, 'platforms/brokerages/zeta-brokerage-and-co.yaml'), 'utf8');
    expect(text).toContain(
      '\nname: "Zeta Brokerage & Co"\nslug: zeta-brokerage-and-co\ncategory: brokerages\nwebsite: https://example.org/zeta\nas_of: 2026-11-01\n',
    );
    for (const group of ['commissions', 'options_fees', 'transfer_out', 'account_fees', 'protection', 'investments'])
      expect(text).toContain(`\n#   ${group}:\n`);
    expect(text).toContain('# transfer_out: scores ACATS transfer-out fee (weight 1); fee_schedule, stale after 365 days.');
    expect(text).toContain('#   regulation:   # Regulatory record (weight 2)');
    expect((await runCli(['check', '--sources', repo.sources], EPOCH)).code).toBe(0);
    const dist = path.join(await tempDir('editor-new-platform'), 'dist');
    const built = await runCli(['build', '--sources', repo.sources, '--dist', dist], { ...EPOCH, HISTORY_CACHE_DIR: 'none' });
    expect(built.code).toBe(0);
    const record = JSON.parse(await readFile(path.join(dist, 'api/v1/platforms/zeta-brokerage-and-co.json'), 'utf8'));
    expect(record).toMatchObject({ slug: 'zeta-brokerage-and-co', coverage: 0, eligible: false, score_pct: null, as_of: '2026-11-01' });
    expect(record.criteria.every((c: any) => c.basis === 'missing')).toBe(true);
    // an uncommented group, filled in, builds as written
    const filled = text
      .replace('facts: {}', 'facts:')
      .replace(
        /#   commissions:\n#     online_stock_trade_usd: XXX.*\n#     as_of: YYYY-MM-DD\n#     sources:\n#       - \{ url: https:\/\/XXX, title: XXX, publisher: XXX, published: YYYY-MM-DD \}/,
        '  commissions:\n    online_stock_trade_usd: 0\n    as_of: 2026-10-01\n    sources:\n      - { url: https://example.org/zeta/pricing, title: Pricing }',
      );
    expect(filled).toContain('  commissions:\n    online_stock_trade_usd: 0\n');
    await writeFile(path.join(repo.sources, 'platforms/brokerages/zeta-brokerage-and-co.yaml'), filled);
    expect((await runCli(['check', '--sources', repo.sources], EPOCH)).code).toBe(0);
  });

  it('refuses to overwrite, and names the allowed categories', async () => {
    const again = await runEditor(
      'new-platform',
      ['--sources', repo.sources, '--category', 'exchanges', '--name', 'Zeta Brokerage & Co', '--website', 'https://example.org/zeta'],
      EPOCH,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      'new-platform: sources/platforms/brokerages/zeta-brokerage-and-co.yaml already exists; nothing written (edit that file instead, or choose another name)\n',
    );
    const bad = await runEditor(
      'new-platform',
      ['--sources', repo.sources, '--category', 'banks', '--name', 'Some Bank', '--website', 'https://example.org/bank'],
      EPOCH,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown category "banks"; allowed: exchanges, hardware-wallets, software-wallets, high-yield-savings, brokerages');
    const noSite = await runEditor('new-platform', ['--sources', repo.sources, '--category', 'exchanges', '--name', 'Some Exchange'], EPOCH);
    expect(noSite.code).toBe(2);
    expect(noSite.stderr).toContain('--website is required');
  });
});
