/**
 * Checks of the request target before anything reads it: its length and the number of query
 * parameters (README "REST API", request limits; docs/operations.md "Request limits"; LIMITS in parameter-rules.ts), and a path that is not
 * valid percent-encoded UTF-8.
 */
import { LIMITS } from '../../domain/contract/parameter-rules.js';
import { invalidParameters, type ProblemSpec } from '../../domain/contract/problem.js';

/** The problem of a request that cannot be read (400), e.g. a path with malformed percent-encoding. */
export const BAD_REQUEST: ProblemSpec = {
  status: 400,
  name: 'bad-request',
  title: 'Bad request',
  detail: 'The request could not be read; check that the URL is valid percent-encoded UTF-8.',
};

/**
 * The problem of a target over LIMITS.urlMaxLength (414), a path that does not decode as
 * percent-encoded UTF-8 (400) or a query over LIMITS.queryMaxParameters (400); undefined when it passes.
 */
export function outOfBounds(url: URL): ProblemSpec | undefined {
  const target = url.pathname.length + url.search.length;
  if (target > LIMITS.urlMaxLength) {
    return {
      status: 414,
      name: 'uri-too-long',
      title: 'URI too long',
      detail: `The request target may be at most ${LIMITS.urlMaxLength} characters; got ${target}.`,
    };
  }
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return BAD_REQUEST;
  }
  if (url.search.length < 2) return undefined;
  const count = url.searchParams.size;
  if (count > LIMITS.queryMaxParameters)
    return invalidParameters([{ parameter: '(query)', message: `at most ${LIMITS.queryMaxParameters} query parameters; got ${count}` }]);
  return undefined;
}
