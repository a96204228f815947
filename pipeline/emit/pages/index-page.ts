/**
 * The landing page (/): what the service is, the date the data was evaluated on and how many of
 * its dated figures are older than their freshness window (methodology.yaml `freshness`), the
 * categories with their platform counts and old figures, and links to the methodology, the open
 * data, the API reference, the MCP endpoint and the change feed.
 */
import { CATEGORY_IDS } from '../../../runtime/domain/contract/categories.js';
import type { Site } from '../../../runtime/domain/contract/model.js';
import { SERVICE_PATHS, sitePath } from '../../../runtime/domain/contract/urls.js';
import { API_PATHS } from '../../../runtime/domain/operations/catalogue.js';
import { html } from '../../../runtime/domain/pages/html.js';
import { pageDocument } from '../../../runtime/domain/pages/layout.js';
import type { Methodology } from '../../../runtime/domain/sources/methodology-schema.js';
import type { ScoredPlatform } from '../../score/score-dataset.js';
import { figuresOf } from '../../score/figures.js';

/** How many dated figures (fact groups and assessments) the platforms have, and how many are stale. */
function ages(platforms: readonly ScoredPlatform[]): { figures: number; old: number } {
  const all = platforms.flatMap(figuresOf);
  return { figures: all.length, old: all.filter((f) => f.stale).length };
}

/** "1,234". */
const count = (n: number) => n.toLocaleString('en-US');

/** The whole page. */
export function indexPageHtml(site: Site, methodology: Methodology, scored: readonly ScoredPlatform[]): string {
  const total = ages(scored);
  const share = total.figures ? Math.round((total.old / total.figures) * 100) : 0;
  const main = html`<h1>${site.name}</h1>
<p class="lede">Sourced, scored comparison data about crypto exchanges, hardware wallets, software wallets, US high-yield savings accounts and US brokerages. Every number links to its source; every score follows the published methodology.</p>
<p class="data-age" id="data-age">Data evaluated on <strong>${site.evaluation_date}</strong>. Of its ${count(total.figures)} dated figures (fact groups such as a fee schedule or an APY, and editor assessments), <strong>${count(total.old)} (${share} %) are older than their freshness window</strong> (for example ${methodology.freshness.apy.days} days for an APY, ${methodology.freshness.fee_schedule.days} days for a fee schedule). Old figures still count in the scores; every page marks them “old” with their date, so check the source before relying on one. <a href="${sitePath(site, '/methodology#freshness')}">How freshness works</a>.</p>
<section aria-labelledby="categories"><h2 id="categories">Categories</h2>
<ul>${CATEGORY_IDS.map((id) => {
    const members = scored.filter((p) => p.source.category === id);
    const a = ages(members);
    return html`<li><a href="${sitePath(site, `/categories/${id}`)}">${methodology.categories[id].label}</a>: ${members.length} platforms; ${count(a.old)} of ${count(a.figures)} figures older than their window</li>`;
  })}</ul>
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
    alternateJson: sitePath(site, API_PATHS.listCategories),
    main,
  });
}
