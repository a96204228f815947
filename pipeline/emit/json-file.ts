/**
 * JSON output files. A file with a schema keeps the value its bytes were
 * serialised from, so the check before the swap (validate-output.ts) validates
 * that value instead of parsing the bytes again: in a 10,000-platform build
 * that parse was about 1 s of the 1.8 s the check took.
 */

/** The JSON Schema an output file must match: an OpenAPI component id (looked up in the emitted openapi.json) or a standalone schema. */
export type OutputSchema = { component: string } | { standalone: Record<string, unknown> };

/** Compact JSON text (the REST bodies). */
const compactJson = (value: unknown): string => JSON.stringify(value);

/** JSON text indented by two spaces, with a final newline (the open-data files and manifests). */
export const prettyJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A JSON output file checked against `schema` before the swap.
 * @param value plain JSON data (no Date, Map, undefined array entries or non-finite numbers: the check rejects them)
 */
export function jsonFile(
  path: string,
  value: unknown,
  schema: OutputSchema,
  format: 'compact' | 'pretty',
): { path: string; contents: string; schema: OutputSchema; value: unknown } {
  return { path, contents: format === 'compact' ? compactJson(value) : prettyJson(value), schema, value };
}
