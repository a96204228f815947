/**
 * What one version of a platform file says, reduced to what history compares: each fact's
 * value with the as_of and sources of its group, each assessment's score, each incident.
 * Read from the plain YAML value without the current schema, so that files written under an
 * older format still give their facts (a field the file does not have is simply absent).
 */
import { CITATION_KEYS } from '../../runtime/domain/sources/common-schema.js';

/** A citation as history publishes it. */
interface HistorySource {
  url: string;
  title?: string;
  publisher?: string;
  published?: string;
}

/** One fact: a leaf value of a fact group (or an assessment's score) with its group's as_of and sources. */
export interface FactVersion {
  /** JSON value: number, string, boolean or null. */
  value: unknown;
  as_of: string | null;
  sources: HistorySource[];
}

/** One incident as a version of the file records it. */
export interface IncidentVersion {
  date: string;
  class: string;
  title: string;
  amount_usd: number | null;
  restitution_usd: number | null;
  sources: HistorySource[];
}

/** A version of a platform file. */
export interface PlatformSnapshot {
  slug: string;
  name: string;
  category: string;
  /** Dotted path -> fact: `facts.apy.tiers.0.apy_pct`, `assessments.security.score`. */
  facts: Map<string, FactVersion>;
  /** `date|title` -> incident. */
  incidents: Map<string, IncidentVersion>;
}

/** Keys of a group that describe the evidence, not the fact (compared apart). */
const EVIDENCE_KEYS: ReadonlySet<string> = new Set([...CITATION_KEYS, 'as_of', 'as_of_precision']);

const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'number' ? String(v) : null;
const record = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

function sourcesOf(v: unknown): HistorySource[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((s) => {
    const r = record(s);
    const url = text(r?.url);
    if (!r || !url) return [];
    const out: HistorySource = { url };
    for (const k of ['title', 'publisher', 'published'] as const) {
      const value = text(r[k]);
      if (value !== null) out[k] = value;
    }
    return [out];
  });
}

function leaves(value: unknown, at: string, evidence: Omit<FactVersion, 'value'>, out: Map<string, FactVersion>): void {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${at}.${i}`, evidence, out));
  else if (record(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (!EVIDENCE_KEYS.has(k)) leaves(v, `${at}.${k}`, evidence, out);
  } else out.set(at, { value: value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? null), ...evidence });
}

/** The snapshot of a parsed platform file; null when it does not name a slug, name and category (not a platform file). */
export function platformSnapshot(data: unknown): PlatformSnapshot | null {
  const file = record(data);
  const slug = text(file?.slug);
  const name = text(file?.name);
  const category = text(file?.category);
  if (!file || !slug || !name || !category) return null;
  const facts = new Map<string, FactVersion>();
  for (const [group, body] of Object.entries(record(file.facts) ?? {})) {
    const g = record(body);
    if (!g) continue;
    leaves(g, `facts.${group}`, { as_of: text(g.as_of), sources: sourcesOf(g.sources) }, facts);
  }
  for (const [key, body] of Object.entries(record(file.assessments) ?? {})) {
    const a = record(body);
    if (a && 'score' in a) facts.set(`assessments.${key}.score`, { value: a.score ?? null, as_of: text(a.as_of), sources: sourcesOf(a.sources) });
  }
  const incidents = new Map<string, IncidentVersion>();
  for (const item of Array.isArray(file.incidents) ? file.incidents : []) {
    const i = record(item);
    const date = text(i?.date);
    const title = text(i?.title);
    if (!i || !date || !title) continue;
    const amount = (v: unknown) => (typeof v === 'number' ? v : null);
    incidents.set(`${date}|${title}`, {
      date,
      class: text(i.class) ?? 'other',
      title,
      amount_usd: amount(i.amount_usd),
      restitution_usd: amount(i.restitution_usd),
      sources: sourcesOf(i.sources),
    });
  }
  return { slug, name, category, facts, incidents };
}
