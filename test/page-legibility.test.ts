/**
 * The pages people read first, in a real browser (Debian chromium driven by playwright-core) on a
 * 390 px phone and a desktop: the home page states the evaluation date and how many figures are
 * older than their freshness window (the same count as the records' stale flags); every page that
 * shows coverage explains it and the gate; chart text is at least 12 px high as rendered; no two
 * labels of a chart overlap (bounding boxes), including an incident timeline with incidents close
 * together over twelve years. The fixtures get four more incidents on Beta Exchange for that (a copy,
 * in a temporary folder), evaluated on 2026-12-01 so that some figures are old. Screenshots go to
 * test-artifacts/pages/.
 * Skipped when /usr/bin/chromium is missing, unless REQUIRE_BROWSER=1 (CI installs it).
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SOURCES, tempDir } from './helpers.js';
import { ARTIFACTS, DESKTOP, hasBrowser, PHONE, siteInBrowser, type Viewport } from './site-browser.js';

/** Incidents added to Beta Exchange, oldest first and before its 2019 fine: close together in 2014 and 2015, so their year labels would collide on one row. */
const CLOSE_INCIDENTS = [
  '  - { date: 2014-02-01, class: funds_lost, title: First theft, summary: Fixture theft., amount_usd: 20000, customers_made_whole: true, sources: [{ url: "https://example.org/fixture", title: Fixture page }] }',
  '  - { date: 2014-04-15, class: funds_lost, title: Second theft, summary: Fixture theft., amount_usd: 30000, customers_made_whole: true, sources: [{ url: "https://example.org/fixture", title: Fixture page }] }',
  '  - { date: 2014-09-01, class: funds_lost, title: Third theft, summary: Fixture theft., amount_usd: 40000, customers_made_whole: true, sources: [{ url: "https://example.org/fixture", title: Fixture page }] }',
  '  - { date: 2015-01-20, class: data_breach, title: Leak, summary: Fixture leak., sources: [{ url: "https://example.org/fixture", title: Fixture page }] }',
];

/** Rendered size of every chart text on the page: font size in CSS px times the SVG's scale. */
const CHART_TEXT = `[...document.querySelectorAll('main svg')].flatMap((svg) => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')].map((t) => ({ chart: svg.getAttribute('class'), text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale }));
})`;

/** Pairs of texts of one chart whose boxes overlap by more than half a pixel either way. */
const OVERLAPS = `[...document.querySelectorAll('main svg')].flatMap((svg) => {
  const boxes = [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i].r, b = boxes[j].r;
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 0.5 && h > 0.5) out.push(svg.getAttribute('class') + ': ' + boxes[i].text + ' / ' + boxes[j].text);
  }
  return out;
})`;

/** A copy of the fixtures with CLOSE_INCIDENTS on Beta Exchange; returns its sources folder. */
async function sourcesWithCloseIncidents(): Promise<string> {
  const sources = path.join(await tempDir('legibility'), 'sources');
  await cp(FIXTURE_SOURCES, sources, { recursive: true });
  const beta = path.join(sources, 'platforms/exchanges/beta-exchange.yaml');
  const text = await readFile(beta, 'utf8');
  if (!text.includes('incidents:\n')) throw new Error('Beta Exchange has no incidents list');
  await writeFile(beta, text.replace('incidents:\n', `incidents:\n${CLOSE_INCIDENTS.join('\n')}\n`));
  return sources;
}

describe.skipIf(!hasBrowser)('pages people read first, on a phone and a desktop', () => {
  // evaluated on 2026-12-01: the fixtures' APYs of 2026-06-30 are past their 120-day window, the rest is fresh
  const site = siteInBrowser({ sources: sourcesWithCloseIncidents, env: { SOURCE_DATE_EPOCH: String(Date.UTC(2026, 11, 1) / 1000) } });
  /** Opens a page at a viewport (test/site-browser.ts); the screenshot is named <name>-<width>, none when `name` is null. */
  const open = (pathname: string, name: string | null, viewport: Viewport) => site.open(pathname, name === null ? null : `${name}-${viewport.width}`, viewport);

  it("states on the home page the evaluation date and how many figures are older than their window, the count the records' stale flags give", async () => {
    const categories = ['exchanges', 'hardware-wallets', 'software-wallets', 'high-yield-savings', 'brokerages'];
    let figures = 0;
    let old = 0;
    for (const category of categories) {
      const list = (await (await fetch(`${site.server.url}/v1/platforms?category=${category}`)).json()) as { results: Array<{ slug: string }> };
      for (const { slug } of list.results) {
        const r = (await (await fetch(`${site.server.url}/v1/platforms/${slug}`)).json()) as {
          facts: Record<string, { stale?: boolean }>;
          criteria: Array<{ basis: string; stale: boolean }>;
        };
        const dated = [...Object.values(r.facts).map((f) => f.stale === true), ...r.criteria.filter((c) => c.basis === 'assessed').map((c) => c.stale)];
        figures += dated.length;
        old += dated.filter(Boolean).length;
      }
    }
    expect(figures).toBeGreaterThan(20);
    expect(old).toBeGreaterThan(0);
    const page = await open('/', 'home', PHONE);
    const text = (await page.textContent('#data-age'))!.replace(/\s+/g, ' ');
    expect(text).toContain('Data evaluated on 2026-12-01.');
    expect(text).toContain(`Of its ${figures} dated figures`);
    expect(text).toContain(`${old} (${Math.round((old / figures) * 100)} %) are older than their freshness window`);
    expect(await page.locator('#data-age a[href="/methodology#freshness"]').count()).toBe(1);
    expect(await page.locator('section[aria-labelledby="categories"] li', { hasText: 'figures older than their window' }).count()).toBe(5);
  });

  it('explains coverage and the gate in a sentence on every page that shows coverage', async () => {
    for (const p of [
      '/categories/exchanges',
      '/platforms/beta-exchange',
      '/compare/alpha-exchange-vs-beta-exchange',
      '/compare/alpha-exchange-vs-beta-exchange-vs-gamma-exchange',
      '/search?query=exchange',
    ]) {
      const page = await open(p, null, DESKTOP);
      const note = page.locator('p.coverage-note');
      expect(await note.count(), p).toBeGreaterThanOrEqual(1);
      expect((await note.first().textContent())!.replace(/\s+/g, ' '), p).toContain(
        "Coverage is the share of the criteria's weight that has sourced data. A platform under the coverage gate of 75 % is listed and scored, but cannot be named winner",
      );
      await page.context().close();
    }
  });

  const CHART_PAGES = [
    '/compare/alpha-exchange-vs-beta-exchange',
    '/compare/alpha-exchange-vs-beta-exchange-vs-gamma-exchange',
    '/savings?balance=10%2C000&months=12',
    '/fees?category=brokerages&trades_per_month=20&options_contracts_per_month=10',
    '/fees?category=exchanges',
    '/platforms/beta-exchange',
  ];

  it('draws chart text at least 12 px high at 390 px, and no chart wider than the screen', async () => {
    const kinds = new Set<string>();
    for (const p of CHART_PAGES) {
      const page = await open(p, `chart-${p.replace(/\W+/g, '-')}`, PHONE);
      const texts = await page.evaluate<Array<{ chart: string; text: string; px: number }>>(CHART_TEXT);
      expect(texts.length, p).toBeGreaterThan(3);
      for (const t of texts) kinds.add(t.chart);
      const smallest = texts.reduce((a, b) => (b.px < a.px ? b : a));
      expect(smallest.px, `${p}: "${smallest.text}" in ${smallest.chart}`).toBeGreaterThanOrEqual(12);
      const widths = await page.evaluate<number[]>(`[...document.querySelectorAll('main svg')].map((s) => s.getBoundingClientRect().right)`);
      for (const right of widths) expect(right, p).toBeLessThanOrEqual(PHONE.width);
      await page.context().close();
    }
    expect([...kinds].sort()).toEqual(['incident-timeline', 'score-chart']);
  }, 120_000);

  it('never overlaps two labels of a chart, on a phone and a desktop, including year labels of incidents close together', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      for (const p of CHART_PAGES) {
        // screenshots of these pages: the test above (phone)
        const page = await open(p, viewport === DESKTOP ? `overlap-${p.replace(/\W+/g, '-')}` : null, viewport);
        expect(await page.evaluate<string[]>(OVERLAPS), `${p} at ${viewport.width}px`).toEqual([]);
        await page.context().close();
      }
    }
    // the timeline carries the close incidents: one marker and one year label each, over 2014 to 2026
    const page = await open('/platforms/beta-exchange', 'timeline', PHONE);
    expect(await page.locator('svg.incident-timeline circle').count()).toBe(6);
    expect(await page.locator('svg.incident-timeline text.timeline-year').allTextContents()).toEqual(['2015', '2014', '2014', '2014', '2026', '2019']);
    const axis = await page.locator('svg.incident-timeline text.timeline-axis').allTextContents();
    expect(axis[0]).toBe('2014');
    expect(axis.length).toBeGreaterThan(3);
    await page.locator('svg.incident-timeline').screenshot({ path: path.join(ARTIFACTS, 'timeline-close-incidents-390.png') });
  }, 120_000);
});
