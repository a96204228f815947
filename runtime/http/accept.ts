/**
 * Content negotiation for JSON endpoints (RFC 9110 12.5.1): a request whose
 * Accept header rules out JSON gets 406. A missing Accept, `*\/*`,
 * `application/*`, `application/json` or `application/problem+json` (q > 0) accept it.
 */
const JSON_RANGES = new Set(['*/*', 'application/*', 'application/json', 'application/problem+json']);

/** True when the Accept header (or its absence) allows a JSON response. */
export function acceptsJson(accept: string | null): boolean {
  if (accept === null || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return JSON_RANGES.has(type.trim()) && (q === undefined || Number(q.slice(2)) > 0);
  });
}
