/**
 * Errors as their caller reads them: problem+json (RFC 9457) for API clients, the site's error
 * page for a browser (an Accept header preferring text/html: http/accept.ts). Errors vary by
 * Accept, so both carry `Vary: Accept`.
 */
import { prefersHtml } from './accept.js';
import { CACHE_CONTROL } from './caching.js';
import { problemReply, type Reply } from './reply.js';
import { contentSecurityPolicy, HTML_CONTENT_TYPE } from '../static-files.js';
import { errorPageHtml } from '../../domain/pages/error-page.js';
import { problemBody, type ProblemSpec } from '../../domain/contract/problem.js';
import type { Site } from '../../domain/contract/model.js';

/**
 * A page of the site as the answer: the HTML with its Content-Type, Content-Length and the site's
 * Content-Security-Policy for `path`; no body for HEAD (Content-Length kept).
 * @param headers the answer's other headers (Content-Type, Content-Length and CSP are replaced)
 */
export function htmlPageReply(method: string, status: number, html: string, path: string, headers: Record<string, string>): Reply {
  const page = Buffer.from(html);
  return {
    status,
    headers: { ...headers, 'content-type': HTML_CONTENT_TYPE, 'content-length': String(page.length), 'content-security-policy': contentSecurityPolicy(path) },
    body: method === 'HEAD' ? null : page,
  };
}

/**
 * A problem as problem+json, or as the error page when the caller prefers HTML.
 * @param accept the request's Accept header
 * @param path the request path (the problem's instance, and the page's CSP)
 * @param extra headers of this answer (Allow, Retry-After, rate-limit state)
 * @param common the request's common headers (http/common-headers.ts)
 */
export function errorReply(
  method: string,
  accept: string | null,
  site: Site,
  spec: ProblemSpec,
  path: string,
  extra: Record<string, string>,
  common: Record<string, string>,
): Reply {
  const instance = path.slice(0, 200);
  if (!prefersHtml(accept)) return problemReply(method, site.base_url, spec, instance, { ...extra, vary: 'Accept' }, common);
  return htmlPageReply(method, spec.status, errorPageHtml(site, problemBody(site.base_url, spec, instance)), path, {
    'cache-control': CACHE_CONTROL.error,
    ...extra,
    ...common,
    vary: 'Accept',
  });
}
