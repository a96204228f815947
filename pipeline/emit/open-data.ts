/**
 * Open-data files: all platform records in one JSON file, one file per
 * category, their JSON Schemas, and a manifest (file, bytes, sha256, records).
 * No wall-clock time: `as_of` is the newest record date.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PlatformRecordSchema, type PlatformRecord } from '../../runtime/contract/api-schemas.js';
import { CATEGORY_IDS, type CategoryId } from '../../runtime/contract/categories.js';
import type { Site } from '../../runtime/contract/model.js';
import { standaloneSchema } from './component-schemas.js';

/** Shape of platforms.json and of each <category>.json. */
export const OpenDataFileSchema = z.object({
  title: z.string(),
  category: z.string().nullable(),
  as_of: z.string(),
  count: z.number().int().min(0),
  attribution: z.string(),
  license: z.string(),
  methodology: z.string(),
  platforms: z.array(PlatformRecordSchema),
});

/** Shape of manifest.json. */
export const ManifestSchema = z.object({
  as_of: z.string(),
  api_version: z.string(),
  attribution: z.string(),
  license: z.string(),
  files: z.array(
    z.object({
      file: z.string(),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      records: z.number().int().min(0).nullable(),
      schema: z.string().nullable(),
    }),
  ),
});

export interface EmittedFile {
  /** Path under dist/. */
  path: string;
  bytes: Buffer;
  /** JSON Schema to validate against before the swap: an OpenAPI component id or a standalone schema. */
  schema?: { component: string } | { standalone: Record<string, unknown> };
  records?: number;
}

const pretty = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The open-data files (under open-data/) for the records, and their manifest. */
export function openDataFiles(site: Site, records: readonly PlatformRecord[]): EmittedFile[] {
  const asOf = records.map((r) => r.as_of).sort().at(-1) ?? '1970-01-01';
  const fileSchemaUrl = `${site.base_url}/open-data/schemas/platforms-file.schema.json`;
  const fileSchema = standaloneSchema(OpenDataFileSchema, fileSchemaUrl, 'Open-data platforms file');
  const recordSchema = standaloneSchema(PlatformRecordSchema, `${site.base_url}/open-data/schemas/platform-record.schema.json`, 'Platform record');
  const manifestSchema = standaloneSchema(ManifestSchema, `${site.base_url}/open-data/schemas/manifest.schema.json`, 'Open-data manifest');
  const file = (category: CategoryId | null, list: readonly PlatformRecord[]) => ({
    title: category ? `${site.name}: ${category}` : `${site.name}: all platforms`,
    category,
    as_of: asOf,
    count: list.length,
    attribution: site.attribution,
    license: site.license,
    methodology: site.methodology_url,
    platforms: list,
  });
  const files: EmittedFile[] = [
    { path: 'open-data/platforms.json', bytes: pretty(file(null, records)), schema: { standalone: fileSchema }, records: records.length },
    ...CATEGORY_IDS.map((id): EmittedFile => {
      const list = records.filter((r) => r.category === id);
      return { path: `open-data/${id}.json`, bytes: pretty(file(id, list)), schema: { standalone: fileSchema }, records: list.length };
    }),
    { path: 'open-data/schemas/platforms-file.schema.json', bytes: pretty(fileSchema) },
    { path: 'open-data/schemas/platform-record.schema.json', bytes: pretty(recordSchema) },
    { path: 'open-data/schemas/manifest.schema.json', bytes: pretty(manifestSchema) },
  ];
  const manifest = {
    as_of: asOf,
    api_version: site.api_version,
    attribution: site.attribution,
    license: site.license,
    files: files.map((f) => ({
      file: f.path,
      bytes: f.bytes.length,
      sha256: createHash('sha256').update(f.bytes).digest('hex'),
      records: f.records ?? null,
      schema: f.path.endsWith('.schema.json') ? null : `${site.base_url}/open-data/schemas/platforms-file.schema.json`,
    })),
  };
  files.push({ path: 'open-data/manifest.json', bytes: pretty(manifest), schema: { standalone: manifestSchema } });
  return files;
}
