/**
 * The accessibility and layout sweep of every kind of page at one width, shared by
 * test/pages-axe-desktop.test.ts and test/pages-axe-phone.test.ts (a file a width, so that each
 * file stays well inside the suite's time limits; README "Tests"): each page passes axe-core with
 * no serious or critical violation, never scrolls sideways, and a table wider than its box
 * scrolls inside it with its first column in view.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { hasBrowser, siteInBrowser, type Viewport } from './site-browser.js';

/** One page of each kind the site has (on the fixture build). */
const AXE_PAGES = [
  '/',
  '/platforms/alpha-exchange',
  '/platforms/beta-exchange',
  '/platforms/save-one',
  '/categories/exchanges',
  '/categories/high-yield-savings',
  '/compare/alpha-exchange-vs-beta-exchange',
  '/compare/alpha-exchange-vs-delta-exchange?weights=fees:10',
  '/methodology',
  '/open-data/',
  '/docs',
  '/problems/rate-limited',
  '/search?query=exchange',
  '/search',
  '/savings?balance=25000&months=24',
  '/fees?category=exchanges&trades_per_month=30',
];

/**
 * Registers the sweep at `viewport`: one test a page, then one asserting that at least
 * `minWideTables` tables were wider than their box (so the scrolling check is not empty).
 */
export function axeSweep(viewport: Viewport, minWideTables: number): void {
  describe.skipIf(!hasBrowser)(`every kind of page at ${viewport.width} px`, () => {
    const site = siteInBrowser();
    let wideTables = 0;

    it.each(AXE_PAGES)(
      '%s passes axe-core with no serious or critical violation and fits the width (wide tables scroll in their box, first column in view)',
      async (p) => {
        const page = await site.open(p, `axe-${viewport.width}-${p.replace(/\W+/g, '-')}`, viewport);
        // the page itself never scrolls sideways (wide tables scroll inside their own box)
        const widths = await page.evaluate<{ scroll: number; view: number }>('({ scroll: document.documentElement.scrollWidth, view: window.innerWidth })');
        expect(widths.scroll, `${p} at ${viewport.width}px is ${widths.scroll}px wide`).toBeLessThanOrEqual(widths.view);
        // a table wider than its box, scrolled to its right end, still shows its first column at the box's left edge
        const scrolled = await page.evaluate<
          Array<{ table: string; left: number }>
        >(`[...document.querySelectorAll('.table-wrap')].filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => {
        w.scrollLeft = w.scrollWidth;
        const cell = w.querySelector('tbody tr > :first-child');
        return { table: (w.querySelector('caption') || {}).textContent || 'table', left: Math.round(cell.getBoundingClientRect().left - w.getBoundingClientRect().left) };
      })`);
        wideTables += scrolled.length;
        expect(
          scrolled.filter((t) => Math.abs(t.left) > 1),
          `${p} at ${viewport.width}px`,
        ).toEqual([]);
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          bad.map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')}`,
          ),
          `${p} at ${viewport.width}px`,
        ).toEqual([]);
        await page.context().close();
      },
    );

    it(`finds at least ${minWideTables} tables wider than their box (the scrolling check above is not empty)`, () => {
      expect(wideTables).toBeGreaterThanOrEqual(minWideTables);
    });
  });
}
