/**
 * RFC 9457 problem details: the body of every error response.
 * `type` is {base_url}/problems/<name>; names are listed in README "Errors".
 */
import type { Problem } from './api-schemas.js';
import type { ParameterError } from './parameter-rules.js';
import { FREE_REQUESTS_PER_MINUTE } from './plans.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Every problem type the service answers with: its status, title, what it means and what to do.
 * The `type` URL of a problem ({base_url}/problems/<name>) is a page made from this entry by the build.
 */
export const PROBLEM_TYPES = {
  'invalid-parameters': {
    status: 400,
    title: 'Invalid parameters',
    meaning: 'One or more parameters have a value the operation does not accept. `errors` lists each one with the parameter name and what is allowed.',
    remedy: 'Fix the parameters named in `errors`; the API reference (/docs) lists every parameter with its range.',
  },
  'bad-request': {
    status: 400,
    title: 'Bad request',
    meaning: 'The request could not be read at all, for example a path with malformed percent-encoding or a body that is not JSON.',
    remedy: 'Check how the client encodes the URL and the body.',
  },
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    meaning:
      'The X-API-Key header holds a key that is malformed or unknown. Ten failed keys from one address in 15 minutes lead to 429 for every keyed request from it for the rest of the window.',
    remedy: 'Send a valid key, or leave the header out to use the free plan.',
  },
  'not-found': {
    status: 404,
    title: 'Not found',
    meaning: 'Nothing is at this URL, or no platform matches the name given. For platform names, `suggestions` lists up to three close names.',
    remedy: 'Check the name against GET /v1/platforms, or use one of the suggestions.',
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    meaning: 'The API is read-only: resources answer GET and HEAD (and OPTIONS for CORS); /mcp answers POST.',
    remedy: 'Use the method named in the Allow header.',
  },
  'not-acceptable': {
    status: 406,
    title: 'Not acceptable',
    meaning: 'The Accept header rules out JSON, the only media type the API answers with.',
    remedy: 'Accept application/json (or */*).',
  },
  'host-not-allowed': {
    status: 403,
    title: 'Host not allowed',
    meaning:
      "The Host header (or, on /mcp, the Origin header) names a host this server is not published under: the protection against DNS rebinding, where a web page makes its own name resolve to the server's address. `detail` names the header and the hosts allowed.",
    remedy: 'Reach the service at its published address (BASE_URL); an operator serving it under more names lists them in ALLOWED_HOSTS.',
  },
  'payload-too-large': {
    status: 413,
    title: 'Payload too large',
    meaning:
      'The request body is over 1 MiB, the limit of a JSON-RPC request to /mcp. The answer comes as soon as the limit is passed and the connection closes.',
    remedy: 'Send smaller requests; batches hold at most 20 messages.',
  },
  'uri-too-long': {
    status: 414,
    title: 'URI too long',
    meaning: 'The request target (path and query) is longer than the service reads.',
    remedy: 'Shorten the query; compare takes at most six platforms.',
  },
  'rate-limited': {
    status: 429,
    title: 'Too many requests',
    meaning: `The client used up its plan: the free plan allows ${FREE_REQUESTS_PER_MINUTE} requests in any 60 seconds per client IP by default, REST and MCP together; keyed plans have per-minute and monthly quotas. The RateLimit and RateLimit-Policy headers show the state; pages and open-data files do not count.`,
    remedy: 'Wait the seconds given in Retry-After, or download the open data instead of querying record by record.',
  },
  'internal-error': {
    status: 500,
    title: 'Internal error',
    meaning: 'The server failed to answer. The error was logged with the request id (X-Request-Id).',
    remedy: 'Retry later; if it persists, report the X-Request-Id.',
  },
} as const satisfies Record<string, { status: number; title: string; meaning: string; remedy: string }>;

/** An error an operation or the HTTP layer reports; turned into a problem+json response. */
export interface ProblemSpec {
  status: number;
  name: keyof typeof PROBLEM_TYPES;
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
