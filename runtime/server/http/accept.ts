/**
 * Content negotiation for JSON endpoints (RFC 9110 12.5.1): a request whose
 * Accept header rules out JSON gets 406. A missing Accept, `*\/*`,
 * `application/*`, `application/json` or `application/problem+json` (q > 0) accept it.
 * Errors are answered as an HTML page instead of problem+json when the caller names
 * text/html with a higher quality than any JSON type (what browsers send).
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

/** The quality (0-1) the Accept header gives the first range matching `matches`; 0 when none does. */
function qualityOf(accept: string, matches: (type: string) => boolean): number {
  let best = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.trim().toLowerCase().split(';');
    if (!matches(type.trim())) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    best = Math.max(best, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return best;
}

/** True when the caller prefers HTML to JSON: text/html named with a quality above every JSON range (a browser). */
export function prefersHtml(accept: string | null): boolean {
  if (accept === null) return false;
  const html = qualityOf(accept, (t) => t === 'text/html');
  return html > 0 && html > qualityOf(accept, (t) => t === 'application/json' || t === 'application/problem+json');
}
