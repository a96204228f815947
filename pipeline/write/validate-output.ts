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
import { contentBytes, type EmittedFile } from '../emit/open-data.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** A file that does not match its schema: its path under dist/ and up to five Ajv messages. */
export interface SchemaFailure {
  path: string;
  errors: string[];
}

/**
 * The output check of one build, fed group by group as the files are made (so that a
 * file's value can be dropped once its group is checked and written: keeping every value
 * and text of a 10,000-platform build to the end cost memory and garbage-collection time).
 * Component schemas are looked up in the emitted openapi.json, which must come in the
 * first group that names a component (distFileGroups puts it first).
 */
export class OutputCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, strictNumbers: true });
  private readonly compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  private openapiAdded = false;

  constructor() {
    addFormats(this.ajv);
  }

  /**
   * Validates the files of a group that name a schema; returns the failures in file order.
   * @throws Error when a file names an OpenAPI component and no openapi.json came in this group or an earlier one
   */
  check(files: readonly EmittedFile[]): SchemaFailure[] {
    const openapi = files.find((f) => f.path === 'openapi.json');
    if (openapi) {
      this.ajv.addSchema(JSON.parse(contentBytes(openapi.contents).toString('utf8')), 'openapi.json');
      this.openapiAdded = true;
    }
    const failures: SchemaFailure[] = [];
    for (const f of files) {
      if (!f.schema) continue;
      if ('component' in f.schema && !this.openapiAdded)
        throw new Error(`${f.path} names the OpenAPI component ${f.schema.component} before openapi.json was emitted`);
      const key = 'component' in f.schema ? `openapi.json#/components/schemas/${f.schema.component}` : String(f.schema.standalone.$id);
      let validate = this.compiled.get(key);
      if (!validate) {
        validate = 'component' in f.schema ? this.ajv.compile({ $ref: key }) : this.ajv.compile(f.schema.standalone);
        this.compiled.set(key, validate);
      }
      if (!validate(f.value)) failures.push({ path: f.path, errors: (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`) });
    }
    return failures;
  }
}

/** Validates every file of a build that names a schema (one OutputCheck); returns the failures in file order. */
export function validateFiles(files: readonly EmittedFile[]): SchemaFailure[] {
  return new OutputCheck().check(files);
}
