/**
 * The open-data page (/open-data/): every downloadable file of the manifest
 * with what it holds, record count, size, SHA-256, its JSON Schema and as_of
 * range; the licence and the exact attribution text with a "how to cite"
 * example; curl examples and how to verify the checksums; the change feed.
 */
import type { Site } from '../../../runtime/domain/contract/model.js';
import { sitePath } from '../../../runtime/domain/contract/urls.js';
import { API_PATHS } from '../../../runtime/domain/operations/catalogue.js';
import { formatBytes } from '../../../runtime/domain/pages/format.js';
import { html, raw, type SafeHtml } from '../../../runtime/domain/pages/html.js';
import { pageDocument } from '../../../runtime/domain/pages/layout.js';
import type { Manifest } from '../open-data.js';

/** The whole page. */
export function openDataPageHtml(site: Site, manifest: Manifest): string {
  const url = (file: string) => `${site.base_url}/${file}`;
  const main = html`<h1>Open data</h1>
<p class="lede">Every record behind the API, as files you can download, check and reuse. Data as of ${manifest.as_of}; API version ${manifest.api_version}.</p>
<section aria-labelledby="files"><h2 id="files">Files</h2>
<div class="table-wrap" tabindex="0" role="region" aria-label="Table, scrolls sideways on narrow screens"><table class="files"><caption>Downloadable files with their size and SHA-256 checksum</caption>
<thead><tr><th scope="col">File</th><th scope="col">What it holds</th><th scope="col">Records</th><th scope="col">Size</th><th scope="col">SHA-256</th><th scope="col">Schema</th><th scope="col">As of</th></tr></thead>
<tbody>${manifest.files.map((f) => html`<tr data-file="${f.file}"><th scope="row"><a href="${sitePath(site, `/open-data/${f.file}`)}">${f.file}</a></th><td>${f.description}</td><td>${f.records ?? '-'}</td><td title="${f.bytes} bytes">${formatBytes(f.bytes)}</td><td><code class="sha256">${f.sha256}</code></td><td>${f.schema ? html`<a href="${new URL(f.schema).pathname}">${new URL(f.schema).pathname.split('/').pop()}</a>` : '-'}</td><td>${f.as_of_min ? (f.as_of_min === f.as_of_max ? f.as_of_max : `${f.as_of_min} to ${f.as_of_max}`) : '-'}</td></tr>`)}</tbody>
</table></div>
<p>Also: <a href="${sitePath(site, '/open-data/manifest.json')}">manifest.json</a> (this table as JSON), <a href="${sitePath(site, '/open-data/datapackage.json')}">datapackage.json</a> (a Frictionless Data Package: every file, and a Table Schema with the column types of each CSV file) and <a href="${sitePath(site, '/open-data/SHA256SUMS')}">SHA256SUMS</a> (every checksum, for <code>sha256sum -c</code>).</p>
</section>
<section aria-labelledby="verify"><h2 id="verify">Download and verify</h2>
<pre><code>curl -O ${url('open-data/platforms.json')}
curl -O ${url('open-data/SHA256SUMS')}
sha256sum -c SHA256SUMS --ignore-missing</code></pre>
<p>The same data through the API: <code>curl ${site.base_url}${API_PATHS.getPlatform}</code>; described at <a href="${sitePath(site, '/docs')}">the API reference</a>.</p>
</section>
<section aria-labelledby="changes"><h2 id="changes">What changed</h2>
<p>Each build that changes the data adds an entry to the change history: platforms added or removed, score changes with old and new values, new incidents, changed facts. Read it as <a href="${sitePath(site, '/open-data/changes.json')}">JSON</a> or subscribe to the <a href="${sitePath(site, '/open-data/changes.atom')}">Atom feed</a>.</p>
</section>
<section aria-labelledby="licence"><h2 id="licence">Licence and how to cite</h2>
<p>${site.license}</p>
<p>Attribution text to use, exactly:</p>
<blockquote><p class="attribution-text">${site.attribution}</p></blockquote>
<p>Example citation:</p>
<pre><code>${site.name}. "Open data", as of ${manifest.as_of}. ${url('open-data/')}. ${site.attribution}.</code></pre>
<p>When you quote one record or comparison, also link the <code>page</code> URL the record carries.</p>
</section>`;
  return pageDocument({
    site,
    title: 'Open data',
    description: 'Download every record as JSON or CSV, with checksums, schemas and a change feed',
    path: '/open-data/',
    alternateJson: sitePath(site, '/open-data/manifest.json'),
    head: datasetJsonLd(site, manifest),
    main,
  });
}

/**
 * The open data as a schema.org Dataset (JSON-LD in the page head, what dataset search engines
 * read): name, description, licence, creator, dateModified, and each file as a DataDownload. The
 * JSON is written with `<` escaped so it cannot close the script element.
 */
function datasetJsonLd(site: Site, manifest: Manifest): SafeHtml {
  const dataset = {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: site.name,
    description:
      'Sourced, scored comparisons of crypto exchanges, hardware wallets, software wallets, US high-yield savings accounts and US brokerages; every fact with its sources and as_of date. Informational, not investment advice.',
    url: `${site.base_url}/open-data/`,
    license: 'https://creativecommons.org/licenses/by/4.0/',
    isAccessibleForFree: true,
    creator: { '@type': 'Organization', name: site.name, url: `${site.base_url}/` },
    dateModified: manifest.as_of,
    version: manifest.api_version,
    distribution: manifest.files
      .filter((f) => !f.file.startsWith('schemas/'))
      .map((f) => ({ '@type': 'DataDownload', name: f.file, encodingFormat: f.media_type.split(';')[0], contentUrl: f.url, contentSize: `${f.bytes} B` })),
  };
  return raw(`<script type="application/ld+json">${JSON.stringify(dataset).replace(/</g, '\\u003c')}</script>`);
}
