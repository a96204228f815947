/**
 * The pages the `type` URLs of problem+json answers point at ({base_url}/problems/<name>):
 * one per problem type of runtime/domain/contract/problem.ts PROBLEM_TYPES (status, what it means,
 * what to do), and an index of them at /problems.
 */
import type { Site } from '../../../runtime/domain/contract/model.js';
import { sitePath } from '../../../runtime/domain/contract/urls.js';
import { PROBLEM_TYPES } from '../../../runtime/domain/contract/problem.js';
import { html } from '../../../runtime/domain/pages/html.js';
import { pageDocument } from '../../../runtime/domain/pages/layout.js';
import type { EmittedFile } from '../open-data.js';

/** Inline `code` spans of a catalogue sentence as <code>. */
const withCode = (text: string) => text.split('`').map((part, i) => (i % 2 ? html`<code>${part}</code>` : part));

/** /problems and /problems/<name>, as directory-index files. */
export function problemPages(site: Site): EmittedFile[] {
  const entries = Object.entries(PROBLEM_TYPES);
  const index = pageDocument({
    site,
    path: '/problems',
    title: 'Error types',
    description: 'Every error the API answers with, as RFC 9457 problem details: status, meaning and what to do',
    main: html`<h1>Error types</h1>
<p>Errors are answered as RFC 9457 problem details (<code>application/problem+json</code>). Their <code>type</code> is the address of one of these pages.</p>
<ul>${entries.map(([name, t]) => html`<li><a href="${sitePath(site, `/problems/${name}`)}">${t.status} ${t.title}</a> (<code>${name}</code>)</li>`)}</ul>`,
  });
  return [
    { path: 'problems/index.html', contents: index },
    ...entries.map(([name, t]): EmittedFile => ({
      path: `problems/${name}/index.html`,
      contents: pageDocument({
        site,
        path: `/problems/${name}`,
        title: `${t.status} ${t.title}`,
        description: `${t.title}: what the error means and what to do`,
        main: html`<h1>${t.status} ${t.title}</h1>
<p>Problem type <code>${site.base_url}/problems/${name}</code>, HTTP status ${t.status}.</p>
<h2>What it means</h2>
<p>${withCode(t.meaning)}</p>
<h2>What to do</h2>
<p>${withCode(t.remedy)}</p>
<p><a href="${sitePath(site, '/problems')}">All error types</a> · <a href="${sitePath(site, '/docs')}">API reference</a></p>`,
      }),
    })),
  ];
}
