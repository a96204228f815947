/**
 * The last check before dist/ is replaced: every emitted JSON file that names a
 * schema is validated with Ajv (JSON Schema draft 2020-12). What is validated is
 * the value the file's bytes were serialised from (JSON.stringify, see
 * emit/json-file.ts), with `strictNumbers` so that NaN and Infinity (which
 * JSON.stringify would write as null) fail: any value that passes has bytes
 * that pass too, and the 220 MB of a 10,000-platform build need not be parsed
 * again. Component schemas are looked up in the emitted openapi.json, so the
 * published document is what is checked.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { EmittedFile } from './emit/open-data.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** A file that does not match its schema: its path under dist/ and up to five Ajv messages. */
export interface SchemaFailure {
  path: string;
  errors: string[];
}

/** Validates every file that names a schema; returns the failures in file order. */
export function validateFiles(files: readonly EmittedFile[]): SchemaFailure[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, strictNumbers: true });
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
    if (!validate(f.value)) failures.push({ path: f.path, errors: (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`) });
  }
  return failures;
}
