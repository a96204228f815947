/**
 * Reading query parameters strictly: each named parameter at most once, no
 * unknown names (README "Errors": typos are reported, not ignored).
 */
import { preview, type ParameterError } from './parameter-rules.js';

/**
 * Values of the allowed parameters (absent ones undefined), or the list of problems.
 * @param allowed parameter names the operation documents
 */
export function readQuery<K extends string>(
  params: URLSearchParams,
  allowed: readonly K[],
): { ok: true; values: Partial<Record<K, string>> } | { ok: false; errors: ParameterError[] } {
  const values: Partial<Record<K, string>> = {};
  const errors: ParameterError[] = [];
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (!(allowed as readonly string[]).includes(name)) {
      if (!seen.has(name)) {
        errors.push({
          parameter: preview(name),
          message: allowed.length ? `unknown parameter; allowed: ${allowed.join(', ')}` : 'this endpoint takes no query parameters',
        });
      }
    } else if (seen.has(name)) {
      if (!errors.some((e) => e.parameter === name)) errors.push({ parameter: name, message: 'given more than once; give it once' });
    } else {
      values[name as K] = value;
    }
    seen.add(name);
  }
  return errors.length ? { ok: false, errors } : { ok: true, values };
}
