/**
 * Open-data files (README "Site and open data"): all platform records in one JSON
 * file; per category one JSON and one CSV file; the incident and regulatory
 * records as JSON and CSV; the change history as JSON and Atom; the JSON
 * Schemas; a manifest (file, what it holds, media type, bytes, sha256,
 * records, schema, as_of range) and SHA256SUMS (`sha256sum -c` format).
 * No wall-clock time: `as_of` is the newest record date.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { IncidentSchema, PlatformRecordSchema, type PlatformRecord } from '../../runtime/domain/contract/api-schemas.js';
import { CATEGORY_IDS } from '../../runtime/domain/contract/categories.js';
import type { Site } from '../../runtime/domain/contract/model.js';
import { atomFeed, ChangeFeedSchema, type ChangeFeed } from './changes.js';
import { categoryHistoryFile, CategoryHistoryFileSchema } from './history-bodies.js';
import type { SourceHistory } from '../history/source-history.js';
import { standaloneSchema } from './component-schemas.js';
import { newestAsOf } from '../score/score-dataset.js';
import { categoryCsv, historyCsv, incidentRows, incidentsCsv, type CsvTable, type TableField } from './open-data-csv.js';
import { dataPackage } from './data-package.js';
import { jsonFile, prettyJson, type OutputSchema } from './json-file.js';

/** Shape of platforms.json and of each <category>.json. */
const OpenDataFileSchema = z.object({
  title: z.string(),
  category: z.string().nullable(),
  as_of: z.string(),
  count: z.number().int().min(0),
  attribution: z.string(),
  license: z.string(),
  methodology: z.string(),
  platforms: z.array(PlatformRecordSchema),
});

/** Shape of incidents.json. */
const IncidentsFileSchema = z.object({
  title: z.string(),
  as_of: z.string(),
  count: z.number().int().min(0),
  attribution: z.string(),
  license: z.string(),
  incidents: z.array(IncidentSchema.extend({ slug: z.string(), name: z.string(), category: z.string(), page: z.string() })),
});

/** The folder of dist/ (and URL path) that holds the open data; manifest entries are relative to it. */
const OPEN_DATA_DIR = 'open-data/';

const ManifestEntrySchema = z.object({
  file: z
    .string()
    .meta({ description: "The file, relative to this manifest (resolve it against the manifest's URL), e.g. platforms.json, schemas/manifest.schema.json" }),
  url: z.string().meta({ description: "The file's absolute URL on the service that built it" }),
  description: z.string(),
  media_type: z.string(),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  records: z.number().int().min(0).nullable(),
  schema: z.string().nullable().meta({ description: 'URL of the JSON Schema the file follows; null for CSV, Atom and schemas themselves' }),
  as_of_min: z.string().nullable().meta({ description: 'Oldest record as_of in the file' }),
  as_of_max: z.string().nullable().meta({ description: 'Newest record as_of in the file' }),
});

/** Shape of manifest.json. */
const ManifestSchema = z.object({
  as_of: z.string(),
  api_version: z.string(),
  attribution: z.string(),
  license: z.string(),
  files: z.array(ManifestEntrySchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/**
 * What an output file holds: text, written as UTF-8 (every file the build makes), or bytes
 * (assets copied as they are). Text is encoded where it is written (on the writer thread
 * in large builds): encoding 430 MB on the thread that makes the files was about 0.8 s of a
 * 10,000-platform build (docs/performance.md).
 */
export type FileContents = string | Uint8Array;

/** Size in bytes of file contents (text as UTF-8). */
const byteLength = (contents: FileContents): number => (typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength);

/** File contents as bytes (text encoded as UTF-8). */
export const contentBytes = (contents: FileContents): Buffer =>
  typeof contents === 'string' ? Buffer.from(contents) : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);

/**
 * One output file: its path under dist/ and contents; a JSON file with a schema also
 * keeps the value its contents are the JSON text of (made by jsonFile), which is
 * validated against the schema before the swap; `records` counts what it lists.
 */
export type EmittedFile = { path: string; contents: FileContents; records?: number } & (
  { schema?: undefined; value?: undefined } | { schema: OutputSchema; value: unknown }
);

/** An open-data file with what the manifest says of it (and, for a CSV file, its Table Schema fields). */
type OpenDataFile = EmittedFile & {
  description: string;
  mediaType: string;
  schemaUrl: string | null;
  asOf: readonly string[];
  fields?: TableField[];
};
const sha256 = (contents: FileContents) => createHash('sha256').update(contents).digest('hex');
/** A CSV file's path, text and Table Schema fields. */
const csvFile = (path: string, table: CsvTable) => ({ path, contents: table.csv, fields: table.fields });
const JSON_TYPE = 'application/json';
const CSV_TYPE = 'text/csv; header=present';

/** The open-data files (under open-data/) for the records, the change feed and the history of each category, with their manifest. */
export function openDataFiles(
  site: Site,
  records: readonly PlatformRecord[],
  feed: ChangeFeed,
  history: SourceHistory,
): { files: EmittedFile[]; manifest: Manifest } {
  const asOf = newestAsOf(records);
  const schemaUrl = (name: string) => `${site.base_url}/open-data/schemas/${name}.schema.json`;
  const schemas = {
    platformsFile: standaloneSchema(OpenDataFileSchema, schemaUrl('platforms-file'), 'Open-data platforms file'),
    record: standaloneSchema(PlatformRecordSchema, schemaUrl('platform-record'), 'Platform record'),
    incidents: standaloneSchema(IncidentsFileSchema, schemaUrl('incidents-file'), 'Open-data incidents file'),
    changes: standaloneSchema(ChangeFeedSchema, schemaUrl('changes-file'), 'Open-data change feed'),
    history: standaloneSchema(CategoryHistoryFileSchema, schemaUrl('history-file'), 'Open-data category history'),
    manifest: standaloneSchema(ManifestSchema, schemaUrl('manifest'), 'Open-data manifest'),
  };
  const platformsFile = (category: string | null, list: readonly PlatformRecord[]) => ({
    title: category ? `${site.name}: ${category}` : `${site.name}: all platforms`,
    category,
    as_of: asOf,
    count: list.length,
    attribution: site.attribution,
    license: site.license,
    methodology: site.methodology_url,
    platforms: list,
  });
  const incidents = incidentRows(records);
  const files: OpenDataFile[] = [
    {
      ...jsonFile('open-data/platforms.json', platformsFile(null, records), { standalone: schemas.platformsFile }, 'pretty'),
      records: records.length,
      description: 'Every platform record of every category: facts with sources and as_of, per-criterion scores, coverage, cap, incidents, licences',
      mediaType: JSON_TYPE,
      schemaUrl: schemaUrl('platforms-file'),
      asOf: records.map((r) => r.as_of),
    },
    ...CATEGORY_IDS.flatMap((id): OpenDataFile[] => {
      const list = records.filter((r) => r.category === id);
      const dates = list.map((r) => r.as_of);
      return [
        {
          ...jsonFile(`open-data/${id}.json`, platformsFile(id, list), { standalone: schemas.platformsFile }, 'pretty'),
          records: list.length,
          description: `The ${id} platform records (same shape as platforms.json)`,
          mediaType: JSON_TYPE,
          schemaUrl: schemaUrl('platforms-file'),
          asOf: dates,
        },
        {
          ...csvFile(`open-data/${id}.csv`, categoryCsv(list)),
          records: list.length,
          description: `The ${id} platforms as CSV, one row each: scores with their ranges, coverage, rank and rank note, each criterion's score, key facts (base tier of tiered fees)`,
          mediaType: CSV_TYPE,
          schemaUrl: null,
          asOf: dates,
        },
      ];
    }),
    {
      ...jsonFile(
        'open-data/incidents.json',
        {
          title: `${site.name}: incidents and regulatory actions`,
          as_of: asOf,
          count: incidents.length,
          attribution: site.attribution,
          license: site.license,
          incidents,
        },
        { standalone: schemas.incidents },
        'pretty',
      ),
      records: incidents.length,
      description:
        'Every security incident and regulatory action, with its platform, date, class, amount in USD, whether customers were made whole, and sources',
      mediaType: JSON_TYPE,
      schemaUrl: schemaUrl('incidents-file'),
      asOf: incidents.map((i) => i.date),
    },
    {
      ...csvFile('open-data/incidents.csv', incidentsCsv(incidents)),
      records: incidents.length,
      description: 'The incidents and regulatory actions as CSV, one row each, source URLs separated by spaces',
      mediaType: CSV_TYPE,
      schemaUrl: null,
      asOf: incidents.map((i) => i.date),
    },
    {
      ...jsonFile('open-data/changes.json', feed, { standalone: schemas.changes }, 'pretty'),
      records: feed.entries.length,
      description:
        'What changed, one entry per commit to the sources (facts changed or corrected, platforms added or removed, incidents, scores, the methodology), newest first',
      mediaType: JSON_TYPE,
      schemaUrl: schemaUrl('changes-file'),
      asOf: feed.entries.map((e) => e.date.slice(0, 10)),
    },
    {
      path: 'open-data/changes.atom',
      contents: atomFeed(site, feed),
      records: feed.entries.length,
      description: 'The same change feed as an Atom feed',
      mediaType: 'application/atom+xml',
      schemaUrl: null,
      asOf: feed.entries.map((e) => e.date.slice(0, 10)),
    },
    ...CATEGORY_IDS.flatMap((id): OpenDataFile[] => {
      const file = categoryHistoryFile(site, id, history);
      const dates = file.events.map((e) => e.date.slice(0, 10));
      return [
        {
          ...jsonFile(`open-data/history/${id}.json`, file, { standalone: schemas.history }, 'pretty'),
          records: file.count,
          description: `Every change to the ${id} records since the first commit of the sources: each fact's old and new value, as_of and sources, told apart as a change in the world or a correction, oldest first`,
          mediaType: JSON_TYPE,
          schemaUrl: schemaUrl('history-file'),
          asOf: dates,
        },
        {
          ...csvFile(`open-data/history/${id}.csv`, historyCsv(file.events)),
          records: file.count,
          description: `The ${id} history as CSV, one change a row (values as JSON text, source URLs separated by spaces)`,
          mediaType: CSV_TYPE,
          schemaUrl: null,
          asOf: dates,
        },
      ];
    }),
    ...Object.entries({
      'platforms-file': schemas.platformsFile,
      'platform-record': schemas.record,
      'incidents-file': schemas.incidents,
      'changes-file': schemas.changes,
      'history-file': schemas.history,
      manifest: schemas.manifest,
    }).map(([name, schema]): OpenDataFile => ({
      path: `open-data/schemas/${name}.schema.json`,
      contents: prettyJson(schema),
      description: `JSON Schema (draft 2020-12): ${String(schema.title)}`,
      mediaType: 'application/schema+json',
      schemaUrl: null,
      asOf: [],
    })),
  ];
  const hashes = files.map((f) => sha256(f.contents));
  const manifest: Manifest = {
    as_of: asOf,
    api_version: site.api_version,
    attribution: site.attribution,
    license: site.license,
    files: files.map((f, i) => {
      const dates = [...f.asOf].sort();
      return {
        file: f.path.slice(OPEN_DATA_DIR.length),
        url: `${site.base_url}/${f.path}`,
        description: f.description,
        media_type: f.mediaType,
        bytes: byteLength(f.contents),
        sha256: hashes[i]!,
        records: f.records ?? null,
        schema: f.schemaUrl,
        as_of_min: dates[0] ?? null,
        as_of_max: dates.at(-1) ?? null,
      };
    }),
  };
  const manifestFile = jsonFile('open-data/manifest.json', manifest, { standalone: schemas.manifest }, 'pretty');
  // validated by the frictionless library in test/history.test.ts (its profiles are JSON Schema draft-04)
  const packageFile: EmittedFile = {
    path: 'open-data/datapackage.json',
    contents: prettyJson(
      dataPackage(
        site,
        manifest.files.map((entry, i) => ({ ...entry, fields: files[i]!.fields })),
        asOf,
      ),
    ),
  };
  const sums = [...files.map((f, i) => [hashes[i]!, f.path] as const), ...[manifestFile, packageFile].map((f) => [sha256(f.contents), f.path] as const)]
    .map(([hash, p]) => `${hash}  ${p.slice(OPEN_DATA_DIR.length)}\n`)
    .join('');
  const emitted: EmittedFile[] = [
    ...files.map(({ description: _d, mediaType: _m, schemaUrl: _s, asOf: _a, fields: _f, ...file }): EmittedFile => file),
    manifestFile,
    packageFile,
    { path: 'open-data/SHA256SUMS', contents: sums },
  ];
  return { files: emitted, manifest };
}
