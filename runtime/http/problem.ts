/**
 * RFC 9457 problem details: the body of every error response.
 * `type` is {base_url}/problems/<name>; names are listed in README "Errors".
 */
import type { Problem } from '../contract/api-schemas.js';
import type { ParameterError } from './parameter-rules.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** An error an operation or the HTTP layer reports; turned into a problem+json response. */
export interface ProblemSpec {
  status: number;
  name: 'invalid-parameters' | 'bad-request' | 'unauthorized' | 'not-found' | 'method-not-allowed' | 'not-acceptable' | 'payload-too-large' | 'uri-too-long' | 'rate-limited' | 'internal-error';
  title: string;
  detail: string;
  errors?: ParameterError[];
  suggestions?: string[];
}

/** 400 for one or more bad parameters; `detail` joins their messages. */
export function invalidParameters(errors: ParameterError[]): ProblemSpec {
  return {
    status: 400,
    name: 'invalid-parameters',
    title: 'Invalid parameters',
    detail: errors.map((e) => `${e.parameter}: ${e.message}`).join('; '),
    errors,
  };
}

/** The 500 problem: no internals, the error itself goes to the log. */
export const INTERNAL_ERROR: ProblemSpec = {
  status: 500,
  name: 'internal-error',
  title: 'Internal error',
  detail: 'The server failed to answer this request. It has been logged; please retry later.',
};

/** 404 for an unknown resource, with optional name suggestions. */
export function notFound(detail: string, suggestions?: string[]): ProblemSpec {
  return { status: 404, name: 'not-found', title: 'Not found', detail, ...(suggestions ? { suggestions } : {}) };
}

/** The problem+json body for a spec, with its type URI under the base URL. */
export function problemBody(baseUrl: string, spec: ProblemSpec, instance?: string): Problem {
  return {
    type: `${baseUrl}/problems/${spec.name}`,
    title: spec.title,
    status: spec.status,
    detail: spec.detail,
    ...(instance ? { instance } : {}),
    ...(spec.errors ? { errors: spec.errors } : {}),
    ...(spec.suggestions ? { suggestions: spec.suggestions } : {}),
  };
}
