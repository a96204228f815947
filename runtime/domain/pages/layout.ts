/**
 * The shell of every HTML page: landmarks (header/nav, main, footer), one h1
 * per page (given by the page), the stylesheet, a link rel=alternate to the
 * page's JSON, the "not investment advice" notice and the attribution text.
 * Plain semantic HTML, no script (the API reference page adds its own).
 */
import { CATEGORY_IDS } from '../contract/categories.js';
import type { Site } from '../contract/model.js';
import { sitePath } from '../contract/urls.js';
import { LIMITS } from '../contract/parameter-rules.js';
import { humanize } from './format.js';
import { html, raw, type SafeHtml } from './html.js';

export interface PageShell {
  site: Site;
  /** Page title (without the site name). */
  title: string;
  /** One-sentence description for <meta name="description">. */
  description: string;
  /** Path of the same content as JSON under the site (link rel=alternate), if any. */
  alternateJson?: string;
  /**
   * The page's own path under the site ('/platforms/kraken'), when it is a page of its own: its
   * canonical URL (base URL + path, the address it is published under) and Open Graph tags. Absent
   * for error pages.
   */
  path?: string;
  /** Extra elements for <head> (e.g. the API reference's scripts). */
  head?: SafeHtml;
  /** Content of <main>, starting with its h1. */
  main: SafeHtml;
}

/** The navigation links shown on every page: [label, root-relative path]. */
function navigation(site: Site): Array<[string, string]> {
  return [
    ['Home', sitePath(site, '/')],
    ...CATEGORY_IDS.map((id): [string, string] => [humanize(id), sitePath(site, `/categories/${id}`)]),
    ['Methodology', sitePath(site, '/methodology')],
    ['Open data', sitePath(site, '/open-data/')],
    ['API reference', sitePath(site, '/docs')],
  ];
}

/** The canonical link and Open Graph tags (ogp.me) of a page published at `url`. */
function openGraph(shell: PageShell, url: string): SafeHtml {
  return html`<link rel="canonical" href="${url}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${shell.site.name}">
<meta property="og:title" content="${shell.title}">
<meta property="og:description" content="${shell.description}">
<meta property="og:url" content="${url}">`;
}

/** A whole HTML document. */
export function pageDocument(shell: PageShell): string {
  const { site } = shell;
  const doc = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shell.title} | ${site.name}</title>
<meta name="description" content="${shell.description}">
<link rel="stylesheet" href="${sitePath(site, site.assets.stylesheet)}">
<link rel="icon" href="${sitePath(site, '/logo.svg')}" type="image/svg+xml">
<script src="${sitePath(site, site.assets.script)}" defer></script>
${shell.path === undefined ? '' : openGraph(shell, `${site.base_url}${shell.path}`)}
${shell.alternateJson ? html`<link rel="alternate" type="application/json" href="${shell.alternateJson}">` : ''}
<link rel="alternate" type="application/atom+xml" href="${sitePath(site, '/open-data/changes.atom')}" title="${site.name}: changes">
${shell.head ?? ''}
</head>
<body>
<a class="skip-link" href="#main">Skip to the content</a>
<header class="site-header">
<nav aria-label="Site">
<ul>
${navigation(site).map(([label, href]) => html`<li><a href="${href}">${label}</a></li>`)}
</ul>
</nav>
<form class="site-search" role="search" method="get" action="${sitePath(site, '/search')}">
<label for="site-search-query">Search platforms</label>
<input id="site-search-query" name="query" type="search" maxlength="${LIMITS.nameMaxLength}" required data-names="${sitePath(site, site.assets.search_index)}">
<button type="submit">Search</button>
</form>
</header>
<main id="main">
${shell.main}
</main>
<footer class="site-footer">
<p class="notice"><strong>Not investment advice.</strong> This data is informational. Scores follow the published <a href="${sitePath(site, '/methodology')}">methodology</a>; check facts with the linked sources before you decide.</p>
<p class="attribution">Attribution: ${site.attribution}. ${site.license}</p>
</footer>
</body>
</html>
`;
  return doc.html;
}

/** A list of source links: each source's title, linked, with publisher and date when known. */
export function sourceLinks(
  sources: ReadonlyArray<{ url: string; title: string; publisher?: string | undefined; published?: string | undefined; evidence_tier?: string | undefined }>,
): SafeHtml {
  if (sources.length === 0) return raw('');
  return html`<ul class="sources">${sources.map(
    (s) =>
      html`<li><a href="${s.url}" rel="nofollow">${s.title}</a>${s.publisher ? html`, ${s.publisher}` : ''}${s.published ? html` (${s.published})` : ''}${s.evidence_tier ? html` <small>[${s.evidence_tier}]</small>` : ''}</li>`,
  )}</ul>`;
}
