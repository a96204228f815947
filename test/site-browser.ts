/**
 * The fixture site in a real browser, for the page tests (test/pages*.test.ts): Debian chromium
 * driven by playwright-core, one browser and one runtime over the fixture build a test file.
 * Screenshots go to test-artifacts/pages/. Without /usr/bin/chromium the page tests are skipped,
 * unless REQUIRE_BROWSER=1 (CI installs it, .ci/run).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildInto, FIXTURE_SOURCES, ROOT, startServer, type RunningServer } from './helpers.js';

const CHROMIUM = '/usr/bin/chromium';
/** Whether Debian's chromium is installed; the suite fails at once if it is required and missing. */
export const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.REQUIRE_BROWSER === '1') throw new Error(`${CHROMIUM} is required (REQUIRE_BROWSER=1); install Debian's chromium package`);
/** Where the page tests save screenshots. */
export const ARTIFACTS = path.join(ROOT, 'test-artifacts/pages');

/** A browser width and height in CSS px. */
export interface Viewport {
  width: number;
  height: number;
}

/** The desktop and phone widths every page is checked at. */
export const DESKTOP: Viewport = { width: 1280, height: 900 };
export const PHONE: Viewport = { width: 390, height: 844 };

/** What a page test gets: the running fixture site and a way to open its pages. */
export interface SiteInBrowser {
  /** The runtime serving the fixture build (set once the file's beforeAll has run). */
  readonly server: RunningServer;
  /** The fixture build's dist/ folder. */
  readonly dist: string;
  /**
   * Opens `pathname` in a new browser context of `viewport` (default desktop), expects 200 and no
   * console error, saves a full-page screenshot as test-artifacts/pages/<name>.png (none when
   * `name` is null), returns the page.
   */
  open(pathname: string, name: string | null, viewport?: Viewport): Promise<Page>;
}

/** How the site is built: from other sources than the fixtures, or with more environment (e.g. another SOURCE_DATE_EPOCH). */
interface SiteOptions {
  /** Makes the sources folder to build (default: the fixtures as they are). */
  sources?: () => Promise<string>;
  env?: Record<string, string>;
}

/**
 * Builds the fixture sources (or those `options.sources` makes), starts a runtime on them and
 * launches chromium in the calling describe's beforeAll, and closes both in its afterAll.
 */
export function siteInBrowser(options: SiteOptions = {}): SiteInBrowser {
  let dist = '';
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    dist = await buildInto(options.sources ? await options.sources() : FIXTURE_SOURCES, options.env);
    server = await startServer(dist);
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      return server!;
    },
    get dist() {
      return dist;
    },
    async open(pathname, name, viewport = DESKTOP) {
      const page = await (await browser!.newContext({ viewport })).newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      const response = await page.goto(`${server!.url}${pathname}`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      if (name !== null) await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
      expect(errors, `console errors on ${pathname}`).toEqual([]);
      return page;
    },
  };
}
