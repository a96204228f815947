/**
 * CSV versions of the open data (csv-stringify), for spreadsheet users: one row
 * per platform of a category with flat columns (scores with their ranges, coverage, rank and rank
 * note (methodology "Score ranges" and "Ranking order"), each
 * criterion's score, key facts), and one row per incident. Facts are flattened
 * generically: each scalar field of a fact group becomes `<group>.<field>`, a
 * list of strings is joined with "; ", and of a tier list the first (base) tier
 * is kept as `<group>.<list>.0.<field>`; each group adds `<group>.as_of`,
 * `<group>.stale` and `<group>.evidence_tier`, and each criterion its score,
 * `as_of.<criterion>` and `stale.<criterion>` (methodology freshness); the counts of incidents and
 * regulatory actions come with when they were last searched and whether that search is stale.
 * Amounts in USD, percents on the 0-100 scale, as in the JSON. Text that a spreadsheet would
 * run as a formula is escaped (CSV_OPTIONS).
 */
import { stringify } from 'csv-stringify/sync';
import type { PlatformRecord } from '../../runtime/domain/contract/api-schemas.js';
import { CITATION_KEYS } from '../../runtime/domain/sources/common-schema.js';
import type { ChangeEvent } from '../../runtime/domain/contract/history-schemas.js';

type Cell = string | number | boolean | null;

/** A column of a CSV file as a Table Schema field (Frictionless Table Schema v1): its name and type. */
export interface TableField {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime';
}

/** A CSV file's text and the Table Schema fields of its columns, in order. */
export interface CsvTable {
  csv: string;
  fields: TableField[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A UTC instant in Table Schema's default datetime format, YYYY-MM-DDThh:mm:ssZ (commit dates of the history files). */
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * The Table Schema type of a column, from its values (null cells, written empty, are unknown and
 * do not count): booleans, whole numbers, numbers, ISO dates, UTC date-times, else text.
 */
function fieldOf(name: string, values: readonly Cell[]): TableField {
  const known = values.filter((v) => v !== null);
  if (known.length > 0 && known.every((v) => typeof v === 'boolean')) return { name, type: 'boolean' };
  if (known.length > 0 && known.every((v) => typeof v === 'number')) return { name, type: known.every((v) => Number.isInteger(v)) ? 'integer' : 'number' };
  if (known.length > 0 && known.every((v) => typeof v === 'string' && ISO_DATE.test(v))) return { name, type: 'date' };
  if (known.length > 0 && known.every((v) => typeof v === 'string' && ISO_DATETIME.test(v))) return { name, type: 'datetime' };
  return { name, type: 'string' };
}

/** Rows as CSV (CSV_OPTIONS) with the Table Schema fields of `columns`. */
function csvTable(rows: ReadonlyArray<Record<string, Cell>>, columns: readonly string[]): CsvTable {
  return {
    csv: stringify(rows as Array<Record<string, Cell>>, { ...CSV_OPTIONS, columns: [...columns] }),
    fields: columns.map((c) =>
      fieldOf(
        c,
        rows.map((r) => r[c] ?? null),
      ),
    ),
  };
}

/**
 * Options of every CSV file: a header row, booleans as true/false, and text cells starting with
 * =, +, -, @, tab or carriage return prefixed with ' (csv-stringify `escape_formulas`) so a
 * spreadsheet shows them as text instead of running them as formulas (OWASP "CSV injection").
 * Numbers, negative ones included, stay numbers.
 */
const CSV_OPTIONS = { header: true, escape_formulas: true, cast: { boolean: (v: boolean) => (v ? 'true' : 'false') } } as const;

/** The flat fact columns of one record: column -> value. */
function factColumns(facts: Record<string, unknown>): Map<string, Cell> {
  const out = new Map<string, Cell>();
  for (const [group, value] of Object.entries(facts)) {
    for (const [field, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      if (CITATION_KEYS.has(field)) continue;
      if (Array.isArray(v)) {
        if (v.every((x) => typeof x !== 'object')) out.set(`${group}.${field}`, v.join('; '));
        else for (const [k, x] of Object.entries((v[0] ?? {}) as Record<string, Cell>)) out.set(`${group}.${field}.0.${k}`, x);
      } else {
        out.set(`${group}.${field}`, v as Cell);
      }
    }
  }
  return out;
}

/** One category's platforms as CSV (header row first; columns in a stable order), with its Table Schema fields. */
export function categoryCsv(records: readonly PlatformRecord[]): CsvTable {
  const criterionKeys = [...new Set(records.flatMap((r) => r.criteria.map((c) => c.key)))];
  const facts = records.map((r) => factColumns(r.facts));
  const factKeys = [...new Set(facts.flatMap((f) => [...f.keys()]))].sort();
  const columns = [
    'slug',
    'name',
    'category',
    'score_pct',
    'score_low_pct',
    'score_high_pct',
    'raw_score_pct',
    'coverage',
    'eligible',
    'rank',
    'rank_note',
    'overlaps_previous',
    'cap',
    'cap_reason',
    'as_of',
    ...criterionKeys.map((k) => `score.${k}`),
    ...criterionKeys.map((k) => `as_of.${k}`),
    ...criterionKeys.map((k) => `stale.${k}`),
    ...factKeys,
    'incidents',
    'regulatory_actions',
    'incidents_checked',
    'incident_record_stale',
    'website',
    'page',
    'json',
  ];
  const rows = records.map((r, i): Record<string, Cell> => {
    const scores = Object.fromEntries(
      r.criteria.flatMap((c) => [
        [`score.${c.key}`, c.score],
        [`as_of.${c.key}`, c.as_of],
        [`stale.${c.key}`, c.as_of === null ? null : c.stale],
      ]),
    );
    const f = facts[i]!;
    return {
      slug: r.slug,
      name: r.name,
      category: r.category,
      score_pct: r.score_pct,
      score_low_pct: r.score_low_pct,
      score_high_pct: r.score_high_pct,
      raw_score_pct: r.raw_score_pct,
      coverage: r.coverage,
      eligible: r.eligible,
      rank: r.rank,
      rank_note: r.rank_note,
      overlaps_previous: r.overlaps_previous,
      cap: r.cap?.cap ?? null,
      cap_reason: r.cap?.reason ?? null,
      as_of: r.as_of,
      ...scores,
      ...Object.fromEntries(factKeys.map((k) => [k, f.get(k) ?? null])),
      incidents: r.incidents.filter((x) => x.class !== 'regulatory_action').length,
      regulatory_actions: r.incidents.filter((x) => x.class === 'regulatory_action').length,
      incidents_checked: r.incidents_checked,
      incident_record_stale: r.incident_record_stale,
      website: r.website,
      page: r.page,
      json: r.json,
    };
  });
  return csvTable(rows, columns);
}

/** Every incident and regulatory action as CSV, with its platform; source URLs joined with a space. With its Table Schema fields. */
export function incidentsCsv(rows: ReadonlyArray<IncidentRow>): CsvTable {
  const columns = [
    'date',
    'slug',
    'name',
    'category',
    'class',
    'title',
    'summary',
    'amount_usd',
    'restitution_usd',
    'customers_made_whole',
    'source_urls',
    'page',
  ];
  return csvTable(
    rows.map((r) => ({
      date: r.date,
      slug: r.slug,
      name: r.name,
      category: r.category,
      class: r.class,
      title: r.title,
      summary: r.summary,
      amount_usd: r.amount_usd ?? null,
      restitution_usd: r.restitution_usd ?? null,
      customers_made_whole: r.customers_made_whole ?? null,
      source_urls: r.sources.map((s) => s.url).join(' '),
      page: r.page,
    })),
    columns,
  );
}

/** One incident with its platform, as in open-data/incidents.json. */
export type IncidentRow = PlatformRecord['incidents'][number] & { slug: string; name: string; category: string; page: string };

/** Every incident of every record, by date then platform slug. */
export function incidentRows(records: readonly PlatformRecord[]): IncidentRow[] {
  return records
    .flatMap((r) => r.incidents.map((i) => ({ ...i, slug: r.slug, name: r.name, category: r.category, page: r.page })))
    .sort((a, b) => a.date.localeCompare(b.date) || a.slug.localeCompare(b.slug) || a.title.localeCompare(b.title));
}

/** Change events as CSV, one row each (old and new values as JSON text, source URLs joined with a space), with its Table Schema fields. */
export function historyCsv(events: readonly ChangeEvent[]): CsvTable {
  const columns = [
    'date',
    'commit',
    'kind',
    'slug',
    'name',
    'category',
    'field',
    'old_value',
    'new_value',
    'old_as_of',
    'new_as_of',
    'old_source_urls',
    'new_source_urls',
    'description',
  ];
  const json = (v: unknown): Cell => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));
  return csvTable(
    events.map((e) => ({
      // a commit date has whole seconds: written in Table Schema's default datetime form
      date: e.date.replace(/\.000Z$/, 'Z'),
      commit: e.commit,
      kind: e.kind,
      slug: e.slug,
      name: e.name,
      category: e.category,
      field: e.field,
      old_value: json(e.old_value),
      new_value: json(e.new_value),
      old_as_of: e.old_as_of,
      new_as_of: e.new_as_of,
      old_source_urls: e.old_sources.map((s) => s.url).join(' ') || null,
      new_source_urls: e.new_sources.map((s) => s.url).join(' ') || null,
      description: e.description,
    })),
    columns,
  );
}
