/**
 * The site in a real browser (Debian chromium driven by playwright-core): the
 * open-data page lists every manifest file and each SHA-256 matches the bytes
 * downloaded; a platform page shows the score and its source links; a compare
 * page shows the chart; every kind of page passes axe-core with no serious or
 * critical violation. Screenshots go to test-artifacts/pages/.
 * Skipped when /usr/bin/chromium is missing, unless REQUIRE_BROWSER=1 (CI installs it).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, ROOT, startServer, type RunningServer } from './helpers.js';

const CHROMIUM = '/usr/bin/chromium';
const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.REQUIRE_BROWSER === '1') throw new Error(`${CHROMIUM} is required (REQUIRE_BROWSER=1); install Debian's chromium package`);
const ARTIFACTS = path.join(ROOT, 'test-artifacts/pages');

describe.skipIf(!hasBrowser)('pages in a browser', () => {
  let dist: string;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    dist = await buildInto(FIXTURE_SOURCES);
    server = await startServer(dist);
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens a page of the site on a phone-sized or desktop viewport, saves a screenshot, and returns it. */
  async function open(pathname: string, name: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const page = await (await browser.newContext({ viewport })).newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const response = await page.goto(`${server.url}${pathname}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    expect(errors, `console errors on ${pathname}`).toEqual([]);
    return page;
  }

  it('lists every manifest file on the open-data page, and each SHA-256 matches the downloaded bytes', async () => {
    const page = await open('/open-data/', 'open-data');
    const manifest = JSON.parse(await readFile(path.join(dist, 'open-data/manifest.json'), 'utf8')) as { files: Array<{ file: string; sha256: string }> };
    const rows = await page.$$eval('table.files tbody tr', (trs) => trs.map((tr) => ({
      file: tr.getAttribute('data-file'),
      href: tr.querySelector('th a')?.getAttribute('href'),
      sha256: tr.querySelector('code.sha256')?.textContent,
    })));
    expect(rows.map((r) => r.file)).toEqual(manifest.files.map((f) => f.file));
    // platforms.json, a JSON and a CSV file per category, incidents JSON and CSV, changes JSON and Atom, a history JSON and CSV per category, six schemas
    expect(rows.length).toBe(31);
    for (const row of rows) {
      const bytes = Buffer.from(await (await fetch(`${server.url}${row.href}`)).arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex'), row.file!).toBe(row.sha256);
    }
    expect(await page.getByText('Data: Fixture Comparison Data (http://localhost:3000), CC BY 4.0').count()).toBeGreaterThan(0);
    const sums = await (await fetch(`${server.url}/open-data/SHA256SUMS`)).text();
    expect(sums).toContain(`${manifest.files[0]!.sha256}  platforms.json`);
  });

  it('shows a platform score, each criterion with its sources as links, and the safety record', async () => {
    const page = await open('/platforms/alpha-exchange', 'platform-alpha-exchange');
    expect(await page.textContent('h1')).toBe('Alpha Exchange');
    const record = (await (await fetch(`${server.url}/v1/platforms/alpha-exchange`)).json()) as any;
    expect(await page.textContent('.score-box')).toContain(`${record.score_pct} %`);
    const security = page.locator('table.criteria tr', { hasText: 'Security' });
    expect(await security.locator('td').nth(1).textContent()).toBe('90');
    expect(await security.locator('a').first().getAttribute('href')).toBe('https://example.org/fixture');
    // relative to the host serving the page, resolving to the record's JSON URL (its path)
    expect(await page.locator('link[rel=alternate][type="application/json"]').getAttribute('href')).toBe(new URL(record.json).pathname);
    expect(await page.textContent('footer')).toContain('Not investment advice');
  });

  it('shows the compare chart and the arithmetic, and the too-close explanation when it applies', async () => {
    const page = await open('/compare/alpha-exchange-vs-beta-exchange', 'compare-alpha-vs-beta');
    const verdict = (await (await fetch(`${server.url}/v1/verdicts/alpha-exchange-vs-beta-exchange`)).json()) as any;
    expect(await page.locator('svg.score-chart').count()).toBe(1);
    const criteria = verdict.products[0].criteria.length;
    expect(await page.locator('svg.score-chart rect[y]').count()).toBeGreaterThanOrEqual(criteria * 2);
    expect(await page.textContent('table.arithmetic')).toContain(`${verdict.products[0].score_pct} %`);
    expect(await page.locator('#too-close').count()).toBe(verdict.too_close ? 1 : 0);
    // A comparison without a published page is rendered on request from the same body.
    const three = await open('/compare/alpha-exchange-vs-beta-exchange-vs-gamma-exchange', 'compare-three');
    expect(await three.locator('svg.score-chart').count()).toBe(1);
  });

  it('ranks a category page\'s platforms that can be named winner first, each score with its range and date, the others unranked with the reason', async () => {
    const page = await open('/categories/exchanges', 'category-exchanges-ranges');
    const rows = await page.$$eval('table.ranking tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
    const search = (await (await fetch(`${server.url}/v1/platforms?category=exchanges`)).json()) as any;
    // the same order as the API: alpha, delta, beta ranked 1-3; gamma (coverage 33.3%) last, not ranked
    expect(rows.map((r) => [r[0], r[1]])).toEqual(search.results.map((p: any) => [p.rank === null ? 'not ranked' : String(p.rank), p.name]));
    expect(rows[0]![2]).toBe('87.9 %');
    expect(rows[1]![2]).toBe('86.5 % (range 81.7-87.2 %)');
    expect(rows[3]![4]).toBe('No: not enough data: coverage 33.3% (the gate is 75%).');
    expect(await page.locator('thead th', { hasText: 'Newest fact' }).count()).toBe(1);
    const platform = await open('/platforms/hw-two', 'platform-hw-two-range');
    expect(await platform.textContent('.score-box')).toContain('47 % to 69.2 %');
    const compare = await open('/compare/alpha-exchange-vs-delta-exchange', 'compare-alpha-delta-range');
    expect(await compare.locator('table.arithmetic tr', { hasText: 'Score range the data leaves possible' }).textContent()).toContain('81.7 % to 87.2 %');
  });

  it('searches from the header: suggestions from the names index, an exact name goes to its page, a fragment to the results; the calculator form submits', async () => {
    const page = await open('/', 'search-box');
    await page.fill('#site-search-query', 'alph');
    await page.waitForSelector('#site-search-names option', { state: 'attached' });
    expect(await page.$$eval('#site-search-names option', (options) => options.map((o) => o.getAttribute('value')))).toEqual(['Alpha Exchange']);
    await page.fill('#site-search-query', 'alpha exchange');
    await Promise.all([page.waitForURL(`${server.url}/platforms/alpha-exchange`), page.press('#site-search-query', 'Enter')]);
    expect(await page.textContent('h1')).toBe('Alpha Exchange');
    // a fragment is not a name: the form is sent (the CSP allows forms to this site) and the results page lists the matches
    await page.fill('#site-search-query', 'exchange');
    await Promise.all([page.waitForURL(`${server.url}/search?query=exchange`), page.press('#site-search-query', 'Enter')]);
    expect(await page.$$eval('main a[href^="/platforms/"]', (links) => links.length)).toBeGreaterThanOrEqual(4);
    const savings = await open('/savings', 'savings-form');
    await savings.fill('#balance-input', '2500');
    await Promise.all([savings.waitForURL((url) => url.pathname === '/savings' && url.searchParams.get('balance') === '2500'), savings.click('form.weights-form button[type=submit]')]);
    expect(await savings.textContent('main')).toContain('2,500');
  });

  it('passes axe-core on every kind of page with no serious or critical violation, and fits the width without sideways scrolling (wide tables scroll in their box, first column in view), on desktop and phone', async () => {
    const pages = ['/', '/platforms/alpha-exchange', '/platforms/beta-exchange', '/platforms/save-one', '/categories/exchanges', '/categories/high-yield-savings', '/compare/alpha-exchange-vs-beta-exchange', '/compare/alpha-exchange-vs-delta-exchange?weights=fees:10', '/methodology', '/open-data/', '/docs', '/problems/rate-limited', '/search?query=exchange', '/search', '/savings?balance=25000&months=24', '/fees?category=exchanges&trades_per_month=30'];
    let wideTables = 0;
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      for (const p of pages) {
        const page = await open(p, `axe-${viewport.width}-${p.replace(/\W+/g, '-')}`, viewport);
        // the page itself never scrolls sideways (wide tables scroll inside their own box)
        const widths = await page.evaluate<{ scroll: number; view: number }>('({ scroll: document.documentElement.scrollWidth, view: window.innerWidth })');
        expect(widths.scroll, `${p} at ${viewport.width}px is ${widths.scroll}px wide`).toBeLessThanOrEqual(widths.view);
        // a table wider than its box, scrolled to its right end, still shows its first column at the box's left edge
        const scrolled = await page.evaluate<Array<{ table: string; left: number }>>(`[...document.querySelectorAll('.table-wrap')].filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => {
          w.scrollLeft = w.scrollWidth;
          const cell = w.querySelector('tbody tr > :first-child');
          return { table: (w.querySelector('caption') || {}).textContent || 'table', left: Math.round(cell.getBoundingClientRect().left - w.getBoundingClientRect().left) };
        })`);
        wideTables += scrolled.length;
        expect(scrolled.filter((t) => Math.abs(t.left) > 1), `${p} at ${viewport.width}px`).toEqual([]);
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), `${p} at ${viewport.width}px`).toEqual([]);
        await page.context().close();
      }
    }
    // the phone width makes several tables scroll within their box (the check above is not empty)
    expect(wideTables).toBeGreaterThan(3);
  });
});
