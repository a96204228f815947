/**
 * Finding a platform by the name a caller typed (README decision for spec rule 5):
 * case-insensitive exact match on slug, name or alias; otherwise up to three
 * closest names by Levenshtein distance as suggestions.
 */
import { distance } from 'fastest-levenshtein';
import type { ModelPlatform } from '../contract/model.js';
import { compareNames } from './name-order.js';
import { madeOnce } from './made-once.js';

/** Lookup built once from the model: lowercased slug/name/alias -> platform. */
export interface PlatformIndex {
  byKey: Map<string, ModelPlatform>;
  /** [lowercased key, display name] pairs for suggestions. */
  keys: Array<[string, string]>;
}

/** Normalises a caller's name: trimmed, lowercased, runs of whitespace collapsed. */
export function nameKey(input: string): string {
  return input.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A platform's slug, name and aliases, normalised by nameKey (for lookups and search); made once per platform. */
export const platformKeys = madeOnce((p: ModelPlatform): readonly string[] => [p.slug, p.name, ...p.aliases].map(nameKey));

/** Builds the lookup. Uniqueness of names across platforms is guaranteed by the build's lint. */
export function buildPlatformIndex(platforms: readonly ModelPlatform[]): PlatformIndex {
  const byKey = new Map<string, ModelPlatform>();
  const keys: Array<[string, string]> = [];
  for (const p of platforms) {
    for (const key of platformKeys(p)) {
      if (!byKey.has(key)) {
        byKey.set(key, p);
        keys.push([key, p.name]);
      }
    }
  }
  return { byKey, keys };
}

/** The platform whose slug, name or alias equals `input` ignoring case, or undefined. */
export function findPlatform(index: PlatformIndex, input: string): ModelPlatform | undefined {
  return index.byKey.get(nameKey(input));
}

/**
 * Up to `limit` distinct platform names closest to `input`, nearest first: names
 * containing the input come first, then by edit distance, keeping only those within
 * half the input's length (at least 2 edits).
 */
export function suggestNames(index: PlatformIndex, input: string, limit = 3): string[] {
  const key = nameKey(input).slice(0, 200);
  const allowed = Math.max(2, Math.floor(key.length / 2));
  const ranked = index.keys
    // the edit distance is at least the difference in length: names too long or too short for `allowed` are not measured
    .map(([k, name]) => ({ name, d: key.length > 0 && k.includes(key) ? -1 : Math.abs(k.length - key.length) > allowed ? Infinity : distance(k, key) }))
    .filter((r) => r.d <= allowed)
    .sort((a, b) => a.d - b.d || compareNames(a.name, b.name));
  const names: string[] = [];
  for (const r of ranked) {
    if (!names.includes(r.name)) names.push(r.name);
    if (names.length === limit) break;
  }
  return names;
}
