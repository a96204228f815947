/**
 * Writing dist/ safely: every JSON file is validated with Ajv (draft 2020-12)
 * against its JSON Schema, the files are written to a temporary folder next to
 * dist/, and only then swapped in. Any failure leaves the previous dist/ as it was.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { EmittedFile } from './emit/open-data.js';
import { ChangeHistorySchema } from './emit/changes.js';
import type { PreviousBuild } from './emit/dist-files.js';
import { PlatformRecordSchema } from '../runtime/contract/api-schemas.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** A file whose bytes do not match its schema. */
export interface SchemaFailure {
  path: string;
  errors: string[];
}

/**
 * Validates every file that names a schema. Component schemas are looked up in
 * the emitted openapi.json, so the published document is what is checked.
 */
export function validateFiles(files: readonly EmittedFile[]): SchemaFailure[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const openapi = files.find((f) => f.path === 'openapi.json');
  if (openapi) ajv.addSchema(JSON.parse(openapi.bytes.toString('utf8')), 'openapi.json');
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  const failures: SchemaFailure[] = [];
  for (const f of files) {
    if (!f.schema) continue;
    const key = 'component' in f.schema ? `openapi.json#/components/schemas/${f.schema.component}` : String(f.schema.standalone.$id);
    let validate = compiled.get(key);
    if (!validate) {
      validate = 'component' in f.schema ? ajv.compile({ $ref: key }) : ajv.compile(f.schema.standalone);
      compiled.set(key, validate);
    }
    if (!validate(JSON.parse(f.bytes.toString('utf8')))) {
      failures.push({ path: f.path, errors: (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`) });
    }
  }
  return failures;
}

/**
 * Writes the files to `<dist>.tmp-<pid>`, then replaces `dist` with it by renames.
 * The previous dist/ is only removed after the new one is in place.
 * File operations are synchronous on purpose: a build writes tens of thousands of small
 * files, and one thread-pool round trip each was most of the time of writing them
 * (32,000 files: about 0.5 s synchronously, 3 s or more through fs/promises).
 */
export async function swapIntoDist(distDir: string, files: readonly EmittedFile[]): Promise<void> {
  const parent = path.dirname(distDir);
  const tmp = path.join(parent, `.dist-tmp-${process.pid}`);
  const old = path.join(parent, `.dist-old-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  try {
    const dirs = new Set(files.map((f) => path.dirname(path.join(tmp, f.path))));
    for (const d of [...dirs].sort()) mkdirSync(d, { recursive: true });
    for (const f of files) writeFileSync(path.join(tmp, f.path), f.bytes);
    rmSync(old, { recursive: true, force: true });
    let hadDist = true;
    try {
      renameSync(distDir, old);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      hadDist = false;
    }
    renameSync(tmp, distDir);
    if (hadDist) rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The previous build's records (open-data/platforms.json) and change history (open-data/changes.json),
 * the baseline of the change feed. A missing or unreadable file counts as absent: the records then
 * make a first-build entry, and a lost history starts again.
 */
export async function readPreviousBuild(distDir: string): Promise<PreviousBuild | null> {
  const read = async <T>(file: string, parse: (value: unknown) => T): Promise<T | null> => {
    try {
      return parse(JSON.parse(await readFile(path.join(distDir, file), 'utf8')));
    } catch {
      return null;
    }
  };
  const records = await read('open-data/platforms.json', (v) => PlatformRecordSchema.array().parse((v as { platforms?: unknown }).platforms));
  const history = await read('open-data/changes.json', (v) => ChangeHistorySchema.parse(v));
  return records === null && history === null ? null : { records, history };
}
