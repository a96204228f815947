/**
 * The output schema a tool advertises in tools/list: the outline of the REST body (each top-level
 * field with its JSON type and whether it is required), not the whole nested schema. The whole
 * schema of every body is published once, in openapi.json's components (named in the tool's
 * description), instead of eleven times in tools/list: with the nested schemas tools/list was
 * 68 KB, more than an agent should spend on a tool list (docs/mcp.md "Answers sized for agents").
 * The outline still lets the SDK check each result's structuredContent against its top level.
 */
import { z } from 'zod';
import { ENVELOPE_FIELDS } from '../../domain/contract/api-schemas.js';

/**
 * Fields every body carries (the response envelope and `methodology`): left out of each outline and
 * named once in the server's instructions (./server.ts), as a shared part of every output schema.
 */
export const SHARED_FIELDS: readonly string[] = ['methodology', ...Object.keys(ENVELOPE_FIELDS)];

/** A JSON Schema property as z.toJSONSchema writes it (the parts read here). */
interface JsonProperty {
  type?: string | string[];
  anyOf?: JsonProperty[];
}

/** The zod type of one JSON type name; anything else (unknown, unrepresentable) is z.unknown(). */
function ofType(type: string): z.ZodType {
  switch (type) {
    case 'string':
      return z.string();
    case 'number':
    case 'integer':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'array':
      return z.array(z.unknown());
    case 'object':
      return z.looseObject({});
    default:
      return z.unknown();
  }
}

/** The outline of one property: its JSON type (nullable when null is allowed), nothing nested. */
function outlineProperty(property: JsonProperty): z.ZodType {
  const types = property.anyOf
    ? property.anyOf.flatMap((a) => (a.type === undefined ? ['unknown'] : [a.type].flat()))
    : property.type === undefined
      ? ['unknown']
      : [property.type].flat();
  const nonNull = [...new Set(types.filter((t) => t !== 'null'))];
  const base = nonNull.length === 1 ? ofType(nonNull[0]!) : z.unknown();
  return types.includes('null') && nonNull.length === 1 ? base.nullable() : base;
}

/** The outline of a response schema (see the module comment): an object of its top-level fields but the shared ones, more fields allowed. */
export function outlineSchema(schema: z.ZodObject): z.ZodObject {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as { properties?: Record<string, JsonProperty>; required?: string[] };
  const required = new Set(json.required ?? []);
  const own = Object.entries(json.properties ?? {}).filter(([name]) => !SHARED_FIELDS.includes(name));
  const shape = Object.fromEntries(
    own.map(([name, property]) => {
      const outline = outlineProperty(property);
      return [name, required.has(name) ? outline : outline.optional()];
    }),
  );
  return z.looseObject(shape);
}
