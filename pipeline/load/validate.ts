/**
 * Shape validation: a zod schema applied to a loaded document, every issue
 * turned into a located problem with a hint where one helps.
 */
import type { z } from 'zod';
import { problemAt, type SourceDocument } from './load.js';
import type { BuildProblem } from '../problems.js';

function hintFor(issue: z.core.$ZodIssue): string | undefined {
  switch (issue.code) {
    case 'unrecognized_keys':
      return 'remove the field or fix its spelling; docs/source-format-example.yaml and runtime/domain/sources/platform-schema.ts list the fields';
    case 'invalid_value':
      return `allowed values: ${issue.values.map(String).join(', ')}`;
    case 'invalid_union':
      return issue.path.length === 0 || issue.path.at(-1) === 'category'
        ? 'category must be one of exchanges, hardware-wallets, software-wallets, high-yield-savings, brokerages'
        : undefined;
    case 'too_small':
      return issue.origin === 'array' ? 'add at least one entry' : undefined;
    default:
      return undefined;
  }
}

/** The value at a path of plain data, or undefined when the path does not exist. */
function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let node = data;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/**
 * Validates `source.data` against `schema`.
 * @returns the parsed value (undefined when invalid) and one error per zod issue, located in the file
 */
export function validateDocument<T>(schema: z.ZodType<T>, source: SourceDocument): { value?: T; problems: BuildProblem[] } {
  const result = schema.safeParse(source.data);
  if (result.success) return { value: result.data, problems: [] };
  const problems = result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => problemAt(source, [...issue.path, key], 'error', `unknown field "${key}"`, hintFor(issue)));
    }
    const missing = issue.code === 'invalid_type' && valueAt(source.data, issue.path) === undefined;
    const message = missing ? `missing required field (${(issue as { expected: string }).expected})` : issue.message;
    return [problemAt(source, issue.path, 'error', message, missing ? 'this field is required' : hintFor(issue))];
  });
  return { problems };
}
