/**
 * The site in a real browser (Debian chromium driven by playwright-core): the
 * open-data page lists every manifest file and each SHA-256 matches the bytes
 * downloaded; a platform page shows the score and its source links; a compare
 * page shows the chart; every kind of page passes axe-core with no serious or
 * critical violation (test/pages-axe-*.test.ts, a file a width). Screenshots go to test-artifacts/pages/.
 * Skipped when /usr/bin/chromium is missing, unless REQUIRE_BROWSER=1 (CI installs it).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasBrowser, siteInBrowser } from './site-browser.js';

describe.skipIf(!hasBrowser)('pages in a browser', () => {
  const site = siteInBrowser();
  /** Opens a page of the site (see test/site-browser.ts). */
  const open = site.open;

  it('lists every manifest file on the open-data page, and each SHA-256 matches the downloaded bytes', async () => {
    const page = await open('/open-data/', 'open-data');
    const manifest = JSON.parse(await readFile(path.join(site.dist, 'open-data/manifest.json'), 'utf8')) as { files: Array<{ file: string; sha256: string }> };
    const rows = await page.$$eval('table.files tbody tr', (trs) =>
      trs.map((tr) => ({
        file: tr.getAttribute('data-file'),
        href: tr.querySelector('th a')?.getAttribute('href'),
        sha256: tr.querySelector('code.sha256')?.textContent,
      })),
    );
    expect(rows.map((r) => r.file)).toEqual(manifest.files.map((f) => f.file));
    // platforms.json, a JSON and a CSV file per category, incidents JSON and CSV, changes JSON and Atom, a history JSON and CSV per category, six schemas
    expect(rows.length).toBe(31);
    for (const row of rows) {
      const bytes = Buffer.from(await (await fetch(`${site.server.url}${row.href}`)).arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex'), row.file!).toBe(row.sha256);
    }
    expect(await page.getByText('Data: Fixture Comparison Data (http://localhost:3000), CC BY 4.0').count()).toBeGreaterThan(0);
    const sums = await (await fetch(`${site.server.url}/open-data/SHA256SUMS`)).text();
    expect(sums).toContain(`${manifest.files[0]!.sha256}  platforms.json`);
  });

  it('shows a platform score, each criterion with its sources as links, and the safety record', async () => {
    const page = await open('/platforms/alpha-exchange', 'platform-alpha-exchange');
    expect(await page.textContent('h1')).toBe('Alpha Exchange');
    const record = (await (await fetch(`${site.server.url}/v1/platforms/alpha-exchange`)).json()) as any;
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
    const verdict = (await (await fetch(`${site.server.url}/v1/verdicts/alpha-exchange-vs-beta-exchange`)).json()) as any;
    expect(await page.locator('svg.score-chart').count()).toBe(1);
    const criteria = verdict.products[0].criteria.length;
    expect(await page.locator('svg.score-chart rect[y]').count()).toBeGreaterThanOrEqual(criteria * 2);
    expect(await page.textContent('table.arithmetic')).toContain(`${verdict.products[0].score_pct} %`);
    expect(await page.locator('#too-close').count()).toBe(verdict.too_close ? 1 : 0);
    // A comparison without a published page is rendered on request from the same body.
    const three = await open('/compare/alpha-exchange-vs-beta-exchange-vs-gamma-exchange', 'compare-three');
    expect(await three.locator('svg.score-chart').count()).toBe(1);
  });

  it("ranks a category page's platforms that can be named winner first, each score with its range and date, the others unranked with the reason", async () => {
    const page = await open('/categories/exchanges', 'category-exchanges-ranges');
    const rows = await page.$$eval('table.ranking tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
    const search = (await (await fetch(`${site.server.url}/v1/platforms?category=exchanges`)).json()) as any;
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
    await Promise.all([page.waitForURL(`${site.server.url}/platforms/alpha-exchange`), page.press('#site-search-query', 'Enter')]);
    expect(await page.textContent('h1')).toBe('Alpha Exchange');
    // a fragment is not a name: the form is sent (the CSP allows forms to this site) and the results page lists the matches
    await page.fill('#site-search-query', 'exchange');
    await Promise.all([page.waitForURL(`${site.server.url}/search?query=exchange`), page.press('#site-search-query', 'Enter')]);
    expect(await page.$$eval('main a[href^="/platforms/"]', (links) => links.length)).toBeGreaterThanOrEqual(4);
    const savings = await open('/savings', 'savings-form');
    await savings.fill('#balance-input', '2500');
    await Promise.all([
      savings.waitForURL((url) => url.pathname === '/savings' && url.searchParams.get('balance') === '2500'),
      savings.click('form.weights-form button[type=submit]'),
    ]);
    expect(await savings.textContent('main')).toContain('2,500');
  });
});
