/**
 * The landing page (/): what the service is, the categories with their
 * platform counts, and links to the methodology, the open data, the API
 * reference, the MCP endpoint and the change feed.
 */
import { CATEGORY_IDS } from '../../../runtime/domain/contract/categories.js';
import type { Site } from '../../../runtime/domain/contract/model.js';
import { API_PATHS, SERVICE_PATHS, sitePath } from '../../../runtime/domain/contract/urls.js';
import { html } from '../../../runtime/domain/pages/html.js';
import { pageDocument } from '../../../runtime/domain/pages/layout.js';
import type { Methodology } from '../../../runtime/domain/sources/methodology-schema.js';
import type { ScoredPlatform } from '../../score/score-dataset.js';

/** The whole page. */
export function indexPageHtml(site: Site, methodology: Methodology, scored: readonly ScoredPlatform[]): string {
  const main = html`<h1>${site.name}</h1>
<p class="lede">Sourced, scored comparison data about crypto exchanges, hardware wallets, software wallets, US high-yield savings accounts and US brokerages. Every number links to its source; every score follows the published methodology.</p>
<section aria-labelledby="categories"><h2 id="categories">Categories</h2>
<ul>${CATEGORY_IDS.map((id) => html`<li><a href="${sitePath(site, `/categories/${id}`)}">${methodology.categories[id].label}</a>: ${scored.filter((p) => p.source.category === id).length} platforms</li>`)}</ul>
</section>
<section aria-labelledby="use"><h2 id="use">Use the data</h2>
<ul>
<li><a href="${sitePath(site, '/savings')}">Savings calculator</a>: what each high-yield savings account would pay on your balance, at its sourced APY.</li>
<li><a href="${sitePath(site, '/fees')}">Fee calculator</a>: what a year of your trading would cost at each brokerage or exchange, by fee line.</li>
<li><a href="${sitePath(site, '/methodology')}">Methodology</a>: criteria, weights, coverage gate, hack caps and the too-close rule.</li>
<li><a href="${sitePath(site, '/open-data/')}">Open data</a>: every record as JSON and CSV, with checksums, schemas and a change feed.</li>
<li><a href="${sitePath(site, '/docs')}">API reference</a>: the read-only REST API (<a href="${sitePath(site, SERVICE_PATHS.openapi)}">OpenAPI 3.1 document</a>).</li>
<li>AI agents: the MCP endpoint <code>POST ${site.base_url}${SERVICE_PATHS.mcp}</code>, described at <a href="${sitePath(site, SERVICE_PATHS.mcpManifest)}">${SERVICE_PATHS.mcpManifest}</a>.</li>
<li><a href="${sitePath(site, '/open-data/changes.atom')}">Change feed (Atom)</a>: what changed between builds.</li>
</ul>
</section>`;
  return pageDocument({
    site,
    title: 'Home',
    description: 'Open, sourced, scored comparison data about crypto exchanges, wallets, US savings accounts and brokerages',
    path: '/',
    alternateJson: sitePath(site, API_PATHS.categories),
    main,
  });
}
