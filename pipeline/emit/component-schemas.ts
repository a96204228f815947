/**
 * JSON Schemas (draft 2020-12) derived from the zod contract: the OpenAPI
 * components and the open-data file schemas. Zod stays the one source of truth.
 */
import { z } from 'zod';
import { apiRegistry } from '../../runtime/domain/contract/api-schemas.js';

type JsonSchema = Record<string, unknown>;

/** Every registered API schema as an OpenAPI component, referencing each other by `#/components/schemas/<id>`. */
export function componentSchemas(): Record<string, JsonSchema> {
  const out = z.toJSONSchema(apiRegistry, { uri: (id) => `#/components/schemas/${id}`, target: 'draft-2020-12' });
  return Object.fromEntries(
    Object.entries(out.schemas)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, schema]) => {
        const { $schema: _s, $id: _i, ...rest } = schema as JsonSchema;
        return [id, rest];
      }),
  );
}

/** A standalone JSON Schema for one zod schema (registered sub-schemas inlined or in $defs), with an $id. */
export function standaloneSchema(schema: z.ZodType, id: string, title: string): JsonSchema {
  const { $schema, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  return { $schema, $id: id, title, ...rest };
}
