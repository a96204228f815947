/**
 * The site's pages over a real socket, without a browser: every page kind as
 * HTML with a strict CSP, links relative to the serving host, robots.txt and the
 * sitemap, redirects by name, the on-request compare pages, search, the incident
 * timeline, and the savings and fee calculator pages.
 */
import { describe, expect, it } from 'vitest';
import { serveFixtures } from './fixture-server.js';
import { http } from './helpers.js';

const server = serveFixtures();

describe('site pages and open-data files', () => {
  it('serves every page kind as HTML with a strict CSP, with and without a trailing slash', async () => {
    for (const p of [
      '/',
      '/platforms/alpha-exchange',
      '/platforms/alpha-exchange/',
      '/categories/brokerages',
      '/methodology',
      '/open-data/',
      '/open-data',
      '/compare/alpha-exchange-vs-beta-exchange',
      '/docs',
    ]) {
      const res = await http(server, p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.text).toContain('Not investment advice');
      expect(res.text).toContain('Data: Fixture Comparison Data (http://localhost:3000), CC BY 4.0');
    }
    // scripts and forms of this site only, never inline script; inline styles only for the API reference (Swagger UI)
    expect((await http(server, '/platforms/alpha-exchange')).headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; script-src 'self'; connect-src 'self'; style-src 'self'",
    );
    expect((await http(server, '/docs')).headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
  });

  it("links only relative to the host serving the page (a PORT other than BASE_URL's keeps every link working), and every internal link answers 200", async () => {
    const pages = [
      '/',
      '/platforms/alpha-exchange',
      '/categories/exchanges',
      '/methodology',
      '/open-data/',
      '/docs',
      '/compare/alpha-exchange-vs-beta-exchange',
      '/compare/alpha-exchange-vs-beta-exchange-vs-delta-exchange',
      '/problems/rate-limited',
    ];
    expect(new URL(server.url).port).not.toBe('3000');
    const internal = new Set<string>();
    for (const p of pages) {
      const res = await http(server, p);
      expect(res.status, p).toBe(200);
      // the canonical link names the published address (BASE_URL) on purpose; every other link is relative
      for (const [, attr, value] of res.text.replace(/<link rel="canonical"[^>]*>/, '').matchAll(/\s(href|src)="([^"]*)"/g)) {
        expect(value, `${attr} on ${p}`).not.toMatch(/^https?:\/\/localhost:3000/);
        const target = new URL(value!.replace(/&amp;/g, '&'), new URL(p, server.url));
        if (target.origin === new URL(server.url).origin) internal.add(target.pathname + target.search);
      }
    }
    expect(internal.size).toBeGreaterThan(20);
    for (const target of internal) expect((await http(server, target)).status, target).toBe(200);
  });

  it('publishes robots.txt and a sitemap of every page of its own, each of which answers 200; pages carry their canonical URL and Open Graph tags', async () => {
    const robots = await http(server, '/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(robots.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const sitemap = await http(server, '/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain('http://localhost:3000/platforms/alpha-exchange');
    expect(locs).toContain('http://localhost:3000/compare/alpha-exchange-vs-beta-exchange');
    expect(locs.filter((l) => l.includes('/platforms/'))).toHaveLength(14);
    expect(sitemap.text).toMatch(/<loc>http:\/\/localhost:3000\/platforms\/alpha-exchange<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    for (const loc of locs) expect((await http(server, new URL(loc).pathname)).status, loc).toBe(200);
    const platform = (await http(server, '/platforms/alpha-exchange')).text;
    expect(platform).toContain('<link rel="canonical" href="http://localhost:3000/platforms/alpha-exchange">');
    expect(platform).toContain('<meta property="og:title" content="Alpha Exchange">');
    expect(platform).toContain('<meta property="og:url" content="http://localhost:3000/platforms/alpha-exchange">');
    // a comparison rendered on request names its canonical address: slugs in alphabetical order
    expect((await http(server, '/compare/delta-exchange-vs-alpha-exchange-vs-beta-exchange')).text).toContain(
      '<link rel="canonical" href="http://localhost:3000/compare/alpha-exchange-vs-beta-exchange-vs-delta-exchange">',
    );
  });

  it('redirects a platform page asked for by name or alias to its canonical page, and 404s an unknown one with suggestions', async () => {
    for (const target of ['/platforms/Alpha%20Exchange', '/platforms/ALPHA-EXCHANGE']) {
      const res = await http(server, target, { redirect: 'manual' });
      expect(res.status, target).toBe(301);
      expect(res.headers.get('location'), target).toBe('/platforms/alpha-exchange');
    }
    const unknown = await http(server, '/platforms/alpha-exchang', { headers: { accept: 'application/json' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.suggestions).toContain('Alpha Exchange');
  });

  it("renders a compare page with custom weights or a profile (the API's syntax), with the same numbers as the API and a form to change them; bad weights are a 400", async () => {
    const page = await http(server, '/compare/alpha-exchange-vs-delta-exchange?weights=fees:10,security:0');
    expect(page.status).toBe(200);
    const api = (await http(server, '/v1/compare?platforms=alpha-exchange,delta-exchange&weights=fees:10,security:0')).json;
    expect(api.products.map((p: any) => p.score_pct)).toEqual([83.2, 77]);
    for (const p of api.products) expect(page.text).toContain(`${p.score_pct} %`);
    expect(page.text).toContain('custom weights');
    expect(page.text).toMatch(/<form method="get" action="\/compare\/alpha-exchange-vs-delta-exchange" class="weights-form">/);
    expect(page.text).toMatch(/name="weights" type="text" value="[^"]*fees[^"]*"/);
    expect(page.text).toContain('href="/v1/compare?platforms=alpha-exchange%2Cdelta-exchange&amp;weights=fees%3A10%2Csecurity%3A0"');
    // the published page without weights stays the verdict; an empty form is the default
    expect((await http(server, '/compare/alpha-exchange-vs-delta-exchange?weights=&profile=')).text).toContain('default weights');
    const bad = await http(server, '/compare/alpha-exchange-vs-delta-exchange?weights=fees:11', { headers: { accept: 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].parameter).toBe('weights');
  });

  it('searches from every page: the header form sends /search, which lists matching platforms linked to their pages, and works without script', async () => {
    const home = (await http(server, '/')).text;
    expect(home).toMatch(/<form class="site-search" role="search" method="get" action="\/search">/);
    expect(home).toContain('<input id="site-search-query" name="query" type="search"');
    const found = await http(server, '/search?query=ALPH');
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(found.text).toContain('<a href="/platforms/alpha-exchange">Alpha Exchange</a>');
    const byAlias = await http(server, '/search?query=broker');
    expect([...byAlias.text.matchAll(/<li><a href="\/platforms\/([a-z-]+)">/g)].map((m) => m[1])).toEqual(['one-broker', 'two-broker', 'three-broker']);
    expect((await http(server, '/search?query=zzzz')).text).toContain('No platform');
    expect((await http(server, '/search')).text).toContain('Search platforms');
    expect((await http(server, `/search?query=${'x'.repeat(101)}`, { headers: { accept: 'text/html' } })).status).toBe(400);
  });

  it("draws a platform's incidents on a timeline (one lane per class, a marker and year per incident, a text description) next to the tables", async () => {
    const beta = (await http(server, '/v1/platforms/beta-exchange')).json;
    const page = (await http(server, '/platforms/beta-exchange')).text;
    const svg = page.match(/<svg class="incident-timeline"[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect(beta.incidents.length).toBeGreaterThan(0);
    expect(svg.match(/<circle /g)?.length).toBe(beta.incidents.length);
    for (const incident of beta.incidents) expect(svg).toContain(`<title>${incident.date}: `);
    expect(svg).toMatch(/<desc id="timeline-beta-exchange-desc">[^<]*\d{4}-\d{2}-\d{2}/);
    // no incidents, no timeline
    expect((await http(server, '/platforms/alpha-exchange')).text).not.toContain('incident-timeline"');
  });

  it('has a savings calculator page: the projection of GET /v1/savings-interest with a chart and a form; it takes "10,000", and a refused balance shows the form again (400) with the value as typed and what is allowed', async () => {
    const api = (await http(server, '/v1/savings-interest?balance=10000&months=12')).json;
    const page = await http(server, '/savings?balance=10000&months=12');
    expect(page.status).toBe(200);
    for (const r of api.results) expect(page.text).toContain(`<a href="/platforms/${r.slug}">${r.name}</a>`);
    const ranked = api.results.filter((r: any) => r.ranked);
    expect(page.text.match(/<svg class="score-chart"[\s\S]*?<\/svg>/)?.[0].match(/<rect /g)?.length).toBe(ranked.length);
    expect(page.text).toContain('name="balance" type="text" inputmode="decimal" value="10000"');
    expect((await http(server, '/savings')).text).toContain('Give a balance');
    // thousands separators and a dollar sign, as people type them: the same projection, the value shown as typed
    const grouped = await http(server, `/savings?balance=${encodeURIComponent('$10,000')}&months=12`);
    expect(grouped.status).toBe(200);
    const tableOf = (text: string) => text.match(/<table class="savings">[\s\S]*?<\/table>/)?.[0];
    expect(tableOf(grouped.text)).toBe(tableOf(page.text));
    expect(grouped.text).toContain('value="$10,000"');
    // the REST API stays strict (digits only), as documented
    expect((await http(server, '/v1/savings-interest?balance=10,000')).status).toBe(400);
    // a refused value: a browser gets the page again, status 400, with the form, the value as typed and the message beside the field
    for (const accept of ['text/html', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8']) {
      const bad = await http(server, '/savings?balance=10%2C00&months=12', { headers: { accept } });
      expect(bad.status, accept).toBe(400);
      expect(bad.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(bad.headers.get('cache-control')).toBe('no-store');
      expect(bad.headers.get('vary')).toContain('Accept');
      expect(bad.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(bad.text).toContain('<form method="get" action="/savings" class="weights-form">');
      expect(bad.text).toContain('value="10,00" placeholder="10,000" size="12" required aria-invalid="true" aria-describedby="balance-error"');
      expect(bad.text).toMatch(
        /<span class="form-error" id="balance-error">must be a number with at most 2 decimals above 0 and at most 10000000 written with digits \(commas only between thousands\); got &quot;10,00&quot;<\/span>/,
      );
      expect(bad.text).toContain('<li><a href="#balance-input">Balance</a>: must be a number');
      expect(bad.text).toContain('<div class="form-errors" role="alert">');
      expect(bad.text).toContain('value="12"');
    }
    // an API client gets the problem naming the parameter; a second request is refused again (a 400 is never kept as a 200)
    for (let i = 0; i < 2; i++) {
      const problem = await http(server, '/savings?balance=10%2C00&months=12', { headers: { accept: 'application/json' } });
      expect(problem.status).toBe(400);
      expect(problem.headers.get('content-type')).toBe('application/problem+json');
      expect(problem.json.errors[0].parameter).toBe('balance');
    }
    const negative = await http(server, '/savings?balance=-5', { headers: { accept: 'text/html' } });
    expect(negative.status).toBe(400);
    expect(negative.text).toContain('id="balance-error"');
  });

  it('has a fee calculator page: the estimate of GET /v1/fees with a chart by fee line and a form; it takes "1,000", and a refused input shows the form again (400) naming it', async () => {
    const api = (await http(server, '/v1/fees?category=brokerages&trades_per_month=20&options_contracts_per_month=10')).json;
    const page = await http(server, '/fees?category=brokerages&trades_per_month=20&options_contracts_per_month=10&avg_trade_size=&transfers_per_year=');
    expect(page.status).toBe(200);
    for (const r of api.results) expect(page.text).toContain(`<a href="/platforms/${r.slug}">${r.name}</a>`);
    const ranked = api.results.filter((r: any) => r.ranked);
    expect(ranked.length).toBeGreaterThan(0);
    expect(page.text.match(/<svg class="score-chart"[\s\S]*?<\/svg>/)?.[0].match(/<text x="\d+(\.\d+)?" y="\d+">USD /g)?.length).toBe(ranked.length);
    expect(page.text).toContain('<option value="brokerages" selected>');
    expect((await http(server, '/fees')).text).toContain('empty fields keep their defaults');
    const plain = await http(server, '/fees?category=exchanges&avg_trade_size=1000');
    const grouped = await http(server, '/fees?category=exchanges&avg_trade_size=1%2C000');
    expect(grouped.status).toBe(200);
    const tableOf = (text: string) => text.match(/<table class="fees">[\s\S]*?<\/table>/)?.[0];
    expect(tableOf(grouped.text)).toBeDefined();
    expect(tableOf(grouped.text)).toBe(tableOf(plain.text));
    const problem = await http(server, '/fees?category=brokerages&trades_per_month=lots', { headers: { accept: 'application/json' } });
    expect(problem.status).toBe(400);
    expect(problem.json.errors[0].parameter).toBe('trades_per_month');
    const bad = await http(server, '/fees?category=brokerages&trades_per_month=lots&avg_trade_size=2%2C500', { headers: { accept: 'text/html' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(bad.text).toContain('name="trades_per_month" type="text" inputmode="decimal" value="lots"');
    expect(bad.text).toContain('aria-describedby="trades-per-month-error"');
    expect(bad.text).toMatch(
      /<span class="form-error" id="trades-per-month-error">must be a whole number from 0 to \d+ written with digits \(commas only between thousands\); got &quot;lots&quot;<\/span>/,
    );
    expect(bad.text).toContain('<a href="#fees-trades_per_month">');
    // the accepted field keeps its value as typed and carries no error
    expect(bad.text).toContain('value="2,500"');
    expect(bad.text).not.toContain('id="avg-trade-size-error"');
    expect(bad.text).toContain('<option value="brokerages" selected>');
  });

  it('renders a compare page for 3 platforms on request, and 404s an unknown or cross-category one', async () => {
    const three = await http(server, '/compare/gamma-exchange-vs-alpha-exchange-vs-beta-exchange');
    expect(three.status).toBe(200);
    expect(three.text).toContain('<h1>Alpha Exchange vs Beta Exchange vs Gamma Exchange</h1>');
    expect(three.text).toContain('<svg class="score-chart"');
    const unknown = await http(server, '/compare/alpha-exchange-vs-nope');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json');
    const cross = await http(server, '/compare/alpha-exchange-vs-one-broker-vs-beta-exchange');
    expect(cross.status).toBe(404);
    expect(cross.json.detail).toContain('must all be in one category');
  });

  it("answers the site's errors as the caller reads them: problem+json or the error page, each with Vary: Accept once", async () => {
    for (const [method, path, status] of [
      ['POST', '/search', 405],
      ['GET', '/platforms/no-such-platform', 404],
      ['GET', '/nope', 404],
    ] as const) {
      const api = await http(server, path, { method, headers: { accept: 'application/json' } });
      expect(api.status, `${method} ${path}`).toBe(status);
      expect(api.headers.get('content-type')).toBe('application/problem+json');
      expect(api.headers.get('vary')).toBe('Accept');
      expect(api.headers.get('cache-control')).toBe('no-store');
      expect(api.headers.get('access-control-allow-origin')).toBe('*');
      expect(api.json).toMatchObject({ status, instance: path });
      const page = await http(server, path, { method, headers: { accept: 'text/html' } });
      expect(page.status, `${method} ${path}`).toBe(status);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('vary')).toBe('Accept');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(page.headers.get('access-control-allow-origin')).toBe('*');
      expect(Number(page.headers.get('content-length'))).toBe(Buffer.byteLength(page.text));
      if (status === 405) expect(page.headers.get('allow')).toBe('GET, HEAD');
    }
  });
});
