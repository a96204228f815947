/**
 * The methods of a read-only resource (API routes and the site's pages): GET and HEAD are
 * answered; OPTIONS is the CORS preflight (204); any other method is 405 with Allow.
 */
import { CACHE_CONTROL } from './caching.js';
import { preflightHeaders } from './common-headers.js';
import { errorReply } from './error-reply.js';
import type { Reply } from './reply.js';
import type { ProblemSpec } from '../../domain/contract/problem.js';
import type { Site } from '../../domain/contract/model.js';

const READ_METHODS = 'GET, HEAD';

/** The problem of a method other than GET, HEAD or OPTIONS on a read-only resource (405; RFC 9110 15.5.6). */
function methodNotAllowed(method: string): ProblemSpec {
  return {
    status: 405,
    name: 'method-not-allowed',
    title: 'Method not allowed',
    detail: `${method} is not allowed here; this API is read-only: use ${READ_METHODS}.`,
  };
}

/**
 * The answer to OPTIONS (204 with the preflight headers) or to a method other than GET and HEAD
 * (405 with Allow, problem+json or the error page for a browser); undefined for GET and HEAD.
 * @param path the request path (the problem's instance)
 * @param common the request's common headers
 */
export function readOnlyMethodReply(method: string, accept: string | null, site: Site, path: string, common: Record<string, string>): Reply | undefined {
  if (method === 'OPTIONS')
    return {
      status: 204,
      headers: { allow: READ_METHODS, ...preflightHeaders(READ_METHODS), 'cache-control': CACHE_CONTROL.preflight, ...common },
      body: null,
    };
  if (method !== 'GET' && method !== 'HEAD') return errorReply(method, accept, site, methodNotAllowed(method), path, { allow: READ_METHODS }, common);
  return undefined;
}
