/**
 * Reading query parameters: forgiving where clients are sloppy, strict where a value would be
 * ambiguous or silently lost. A parameter the operation does not know that is a likely typo of one
 * it knows (within TYPO_DISTANCE edits, any case: `trades_per_mnth`) is an error naming the known
 * one, since answering with that parameter's default would mislead; any other unknown parameter (a
 * cache buster, a tracking tag) is ignored and named back to the caller (response header
 * Ignored-Query-Parameters, and `ignored_parameters` in the body: http/answer-api.ts); a list parameter
 * given several times (`platforms=a&platforms=b`, what most client generators send) counts as one
 * comma-separated list; any other parameter given twice is an error (which value was meant?).
 */
import { distance } from 'fastest-levenshtein';
import { COMPARE_PARAMETERS, type Checked, type ParameterError } from '../../domain/contract/parameter-rules.js';

/** Parameters whose value is a comma-separated list, so repeating them extends the list (contract/parameter-rules.ts COMPARE_PARAMETERS). */
const LIST_PARAMETERS: ReadonlySet<string> = new Set([COMPARE_PARAMETERS.platforms.name, COMPARE_PARAMETERS.weights.name]);

/**
 * Most edits (Levenshtein distance, lower case) between an unknown parameter and a known one for
 * the unknown one to count as its typo: 1 for names under 8 characters (`limt`), 2 for longer
 * ones (`trades_per_mnth`, `avg_trade_sise`); a cache buster such as `_` or `cb` is far from every name.
 */
const typoDistance = (known: string) => (known.length >= 8 ? 2 : 1);

/** The known parameter `name` is a likely typo of (nearest first, then first listed), or undefined. */
function nearestParameter(name: string, allowed: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const known of allowed) {
    if (Math.abs(known.length - lower.length) > typoDistance(known)) continue;
    const d = distance(lower, known);
    if (d <= typoDistance(known) && (!best || d < best.d)) best = { name: known, d };
  }
  return best?.name;
}

/** The response header naming the parameters a request gave that the operation ignored (names percent-encoded, comma-separated). */
export const IGNORED_PARAMETERS_HEADER = 'ignored-query-parameters';

/** The value of IGNORED_PARAMETERS_HEADER for the ignored names (percent-encoded, so any name is a valid header value). */
export function ignoredParametersValue(names: readonly string[]): string {
  return names.map((n) => encodeURIComponent(n)).join(', ');
}

/**
 * Values of the allowed parameters (absent ones undefined) and the names ignored, or the list of problems.
 * @param allowed parameter names the operation documents
 * @returns `ignored`: unknown names in the order first given, each cut to 40 characters, without repeats
 */
export function readQuery<K extends string>(
  params: URLSearchParams,
  allowed: readonly K[],
): Checked<{ values: Partial<Record<K, string>>; ignored: string[] }> {
  const values: Partial<Record<K, string>> = {};
  const errors: ParameterError[] = [];
  const ignored = new Set<string>();
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (!(allowed as readonly string[]).includes(name)) {
      const meant = nearestParameter(name, allowed);
      if (meant !== undefined) {
        const shown = name.length > 40 ? `${name.slice(0, 40)}...` : name;
        if (!errors.some((e) => e.parameter === shown))
          errors.push({ parameter: shown, message: `is not a parameter of this operation; did you mean ${meant}?` });
        continue;
      }
      ignored.add(name.length > 40 ? `${name.slice(0, 40)}...` : name);
    } else if (seen.has(name) && LIST_PARAMETERS.has(name)) {
      values[name as K] = `${values[name as K]},${value}`;
    } else if (seen.has(name)) {
      if (!errors.some((e) => e.parameter === name)) errors.push({ parameter: name, message: 'given more than once; give it once' });
    } else {
      values[name as K] = value;
    }
    seen.add(name);
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: { values, ignored: [...ignored] } };
}
