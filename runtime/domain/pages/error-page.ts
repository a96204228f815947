/**
 * The HTML page a browser gets instead of problem+json (runtime/server/app.ts decides by the
 * Accept header): the status and title, the problem's detail, name suggestions when there
 * are any, and a way on (home, categories, the error type's page).
 */
import type { Problem } from '../contract/api-schemas.js';
import type { Site } from '../contract/model.js';
import { sitePath } from '../contract/urls.js';
import { html } from './html.js';
import { pageDocument } from './layout.js';

/** A whole HTML document for a problem. */
export function errorPageHtml(site: Site, problem: Problem): string {
  const name = problem.type.slice(problem.type.lastIndexOf('/') + 1);
  const suggestions = problem.suggestions ?? [];
  return pageDocument({
    site,
    title: `${problem.status} ${problem.title}`,
    description: problem.detail,
    main: html`<h1>${problem.status} ${problem.title}</h1>
<p>${problem.detail}</p>
${suggestions.length ? html`<p>Did you mean: ${suggestions.join(', ')}?</p>` : ''}
<p>Go on from the <a href="${sitePath(site, '/')}">home page</a>, where every category lists its platforms, or read <a href="${sitePath(site, `/problems/${name}`)}">what this error means</a>.</p>`,
  });
}
