/**
 * Reading a raw platform file (the YAML mapping before the schema) for the checks: strings,
 * as_of values, every date field and every citation URL with its path.
 */

/** The value when it is a string, else undefined. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The `as_of` string of a fact group or assessment, else undefined. */
export const asOfOf = (v: unknown): string | undefined => (v && typeof v === 'object' ? str((v as { as_of?: unknown }).as_of) : undefined);

const DATE_KEYS = new Set(['as_of', 'published', 'date']);

/**
 * Visits every property of every mapping in a raw YAML value, depth first in document order:
 * `visit(key, value, at)` with `at` the property's path (a live stack: copy it to keep it).
 * A visit that returns true stops the descent into that value. (A recursive loop with one
 * path stack: nested generators that copied the path at every level were most of the lint
 * time of a 10,000-platform build.)
 */
function walkMappings(value: unknown, visit: (key: string, value: unknown, path: PropertyKey[]) => boolean, at: PropertyKey[] = []): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      at.push(i);
      walkMappings(value[i], visit, at);
      at.pop();
    }
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[key];
      at.push(key);
      if (!visit(key, v, at)) walkMappings(v, visit, at);
      at.pop();
    }
  }
}

/** Every date field (as_of, published, date) holding a string in a raw file, with its path. */
export function datesIn(raw: unknown): Array<{ path: PropertyKey[]; value: string }> {
  const found: Array<{ path: PropertyKey[]; value: string }> = [];
  walkMappings(raw, (key, v, at) => {
    if (!DATE_KEYS.has(key) || typeof v !== 'string') return false;
    found.push({ path: [...at], value: v });
    return true;
  });
  return found;
}

/** Every `url` of a citation (an item of a `sources` list) in a raw file, with its path. */
export function sourceUrlsIn(raw: unknown): Array<{ path: PropertyKey[]; url: string }> {
  const found: Array<{ path: PropertyKey[]; url: string }> = [];
  walkMappings(raw, (key, v, at) => {
    if (key !== 'sources' || !Array.isArray(v)) return false;
    v.forEach((item, i) => {
      const url = (item as { url?: unknown } | null)?.url;
      if (typeof url === 'string') found.push({ path: [...at, i, 'url'], url });
    });
    return true;
  });
  return found;
}

/** The fact groups and assessments of a raw file as [container, key, group] entries. */
export function groupsOf(raw: { facts?: unknown; assessments?: unknown }): Array<['facts' | 'assessments', string, unknown]> {
  return (['facts', 'assessments'] as const).flatMap((container) => {
    const entries = raw[container];
    return entries && typeof entries === 'object'
      ? Object.entries(entries).map(([key, group]): ['facts' | 'assessments', string, unknown] => [container, key, group])
      : [];
  });
}
