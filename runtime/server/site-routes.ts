/**
 * The site's pages made on request: compare pages with custom weights or of unpublished
 * comparisons, the search page, the savings and fee calculator pages, and the redirect of
 * a platform page asked for by name. Each renders the same operation as its API endpoint.
 */
import { STATUS_CODES } from 'node:http';
import type { H3, H3Event } from 'h3';
import type { SearchResponse } from '../domain/contract/api-schemas.js';
import type { FeesResponse, SavingsResponse } from '../domain/contract/calculator-schemas.js';
import { CACHE_CONTROL } from '../domain/contract/cache-control.js';
import { FEE_CATEGORY_PARAMETER, LIMITS } from '../domain/contract/parameter-rules.js';
import { invalidParameters, notFound, type ProblemSpec } from '../domain/contract/problem.js';
import { sitePath } from '../domain/contract/urls.js';
import { API_PATHS } from '../domain/operations/catalogue.js';
import { comparePage } from '../domain/operations/compare-page.js';
import { feeEstimates } from '../domain/operations/fees.js';
import { lookupPlatform } from '../domain/operations/platform-lookup.js';
import type { OperationResult } from '../domain/operations/result.js';
import { savingsInterest } from '../domain/operations/savings.js';
import { search } from '../domain/operations/search.js';
import { feesPageHtml } from '../domain/pages/fees-page.js';
import { savingsPageHtml } from '../domain/pages/savings-page.js';
import { searchPageHtml } from '../domain/pages/search-page.js';
import { formNumber } from '../domain/pages/form-input.js';
import { pathParam } from './http/path-param.js';
import type { Served } from './served.js';

/** Most results the site's search page lists (the API's `limit`). */
const SEARCH_PAGE_RESULTS = 50;

/**
 * What a page route makes: the page, or a problem; a refused form value (400 invalid-parameters)
 * also carries `form`, the page again with its form and what to correct, which a browser gets
 * instead of the problem.
 */
export type RenderedPage = { html: string } | { problem: ProblemSpec; form?: string };

/** The problem, with the page's form shown again when the operation refused a parameter (400 invalid-parameters). */
function refusedForm(problem: ProblemSpec, page: (errors: NonNullable<ProblemSpec['errors']>) => string): RenderedPage {
  return problem.name === 'invalid-parameters' && problem.errors ? { problem, form: page(problem.errors) } : { problem };
}

/** The app's shared steps the page routes use (runtime/server/app.ts). */
export interface SitePageSteps {
  /** The current Served value (a reload swaps it). */
  served: () => Served;
  /** OPTIONS and methods other than GET and HEAD; undefined for GET and HEAD. */
  readOnlyMethod: (event: H3Event) => Response | undefined;
  /** The static file at the request path, or undefined. */
  staticFile: (event: H3Event) => Response | undefined;
  /** A problem as the caller reads it: problem+json, or the site's error page for a browser (http/error-reply.ts); `path` is the request path (the problem's instance). */
  problem: (event: H3Event, spec: ProblemSpec, path: string) => Response;
  /** A page rendered from the query and kept in the computed cache, or the problem `make` gives (to a browser, its `form` page when it has one, status 400, never kept). */
  renderedPage: (event: H3Event, path: string, make: (b: Served) => RenderedPage) => Response;
}

/** Registers the page routes on `app`. */
export function registerSitePages(app: H3, { served, readOnlyMethod, staticFile, problem, renderedPage }: SitePageSteps): void {
  /** The body of an operation's answer (precomputed bytes or a computed body), or its problem. */
  const answerOf = <T>(result: OperationResult): { body: T } | { problem: ProblemSpec } =>
    result.kind === 'problem' ? { problem: result.problem } : { body: (result.kind === 'body' ? result.body : JSON.parse(result.bytes.toString('utf8'))) as T };

  // Compare pages: the published ones are static files; any other comparison, or one with custom
  // weights or a profile (the API's `weights` and `profile`; repeated weights are joined), is rendered now.
  app.all('/compare/:slug', (event) => {
    // an empty field of the page's form means "not given"
    const weights = event.url.searchParams.getAll('weights').filter((w) => w.trim() !== '');
    const query = { weights: weights.length ? weights.join(',') : undefined, profile: event.url.searchParams.get('profile')?.trim() || undefined };
    const custom = query.weights !== undefined || query.profile !== undefined;
    const early = readOnlyMethod(event) ?? (custom ? undefined : staticFile(event));
    if (early) return early;
    const slug = pathParam(event, 'slug');
    const instance = event.url.pathname.slice(0, 200);
    if (slug === null) return problem(event, invalidParameters([{ parameter: 'slug', message: 'is not valid percent-encoded UTF-8' }]), instance);
    if (slug.length > LIMITS.listMaxLength)
      return problem(event, notFound(`No comparison page at ${instance}: the slug is longer than ${LIMITS.listMaxLength} characters.`), instance);
    return renderedPage(event, instance, (current) => comparePage(current, slug, query));
  });

  // The site's search page: the search of GET /v1/platforms rendered for people (the header form sends it).
  app.all('/search', (event) =>
    renderedPage(event, '/search', (b) => {
      const query = event.url.searchParams.get('query')?.trim();
      if (!query) return { html: searchPageHtml(b.model.site, null, b.model.rules.coverage_gate_pct, API_PATHS.searchPlatforms) };
      const answer = answerOf<SearchResponse>(search(b, { query, limit: String(SEARCH_PAGE_RESULTS) }));
      return 'problem' in answer ? answer : { html: searchPageHtml(b.model.site, answer.body, b.model.rules.coverage_gate_pct, API_PATHS.searchPlatforms) };
    }),
  );

  // The savings calculator page: GET /v1/savings-interest rendered for people, with its form; the form
  // takes thousands separators ("10,000"), and a refused value shows the form again with the message.
  app.all('/savings', (event) =>
    renderedPage(event, '/savings', (b) => {
      const asked = { balance: event.url.searchParams.get('balance')?.trim() ?? '', months: event.url.searchParams.get('months')?.trim() ?? '' };
      if (!asked.balance) return { html: savingsPageHtml(b.model.site, null, asked, API_PATHS.estimateSavingsInterest) };
      const answer = answerOf<SavingsResponse>(
        savingsInterest(b, { balance: formNumber(asked.balance), months: asked.months ? formNumber(asked.months) : undefined }),
      );
      return 'problem' in answer
        ? refusedForm(answer.problem, (errors) => savingsPageHtml(b.model.site, null, asked, API_PATHS.estimateSavingsInterest, errors))
        : { html: savingsPageHtml(b.model.site, answer.body, asked, API_PATHS.estimateSavingsInterest) };
    }),
  );

  // The fee calculator page: GET /v1/fees rendered for people, with its form (empty fields keep their
  // defaults; thousands separators are taken, a refused value shows the form again with the message).
  app.all('/fees', (event) =>
    renderedPage(event, '/fees', (b) => {
      const names = [FEE_CATEGORY_PARAMETER.name, ...LIMITS.feeParameters.map((p) => p.name)] as const;
      const asked = Object.fromEntries(names.map((n) => [n, event.url.searchParams.get(n)?.trim() ?? ''])) as Record<(typeof names)[number], string>;
      if (!asked.category) return { html: feesPageHtml(b.model.site, null, asked) };
      const given = Object.fromEntries(
        Object.entries(asked)
          .filter(([, v]) => v !== '')
          .map(([k, v]) => [k, k === FEE_CATEGORY_PARAMETER.name ? v : formNumber(v)]),
      );
      const answer = answerOf<FeesResponse>(feeEstimates(b, given));
      return 'problem' in answer
        ? refusedForm(answer.problem, (errors) => feesPageHtml(b.model.site, null, asked, errors))
        : { html: feesPageHtml(b.model.site, answer.body, asked) };
    }),
  );

  // A platform page asked for by name or alias (/platforms/Kraken, /platforms/Ledger%20Nano%20X): a
  // permanent redirect to its canonical page; an unknown name is a 404 with the closest names.
  app.all('/platforms/:name', (event) => {
    const b = served();
    const early = readOnlyMethod(event) ?? staticFile(event);
    if (early) return early;
    const instance = event.url.pathname.slice(0, 200);
    const name = pathParam(event, 'name');
    if (name === null) return problem(event, invalidParameters([{ parameter: 'name', message: 'is not valid percent-encoded UTF-8' }]), instance);
    const found = lookupPlatform(b, name);
    if ('problem' in found) return problem(event, found.problem, instance);
    // the canonical path itself with no file to serve (one that does not match the build manifest): never a redirect loop
    if (found.platform.slug === name) return problem(event, notFound(`No page at ${instance}.`), instance);
    return new Response(null, {
      status: 301,
      statusText: STATUS_CODES[301],
      headers: { location: sitePath(b.model.site, `/platforms/${found.platform.slug}`), 'cache-control': CACHE_CONTROL.precomputed },
    });
  });
}
