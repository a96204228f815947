/**
 * What an operation returns: precomputed bytes, a computed body, or a problem.
 * REST handlers and (later) MCP tools turn these into their own responses.
 */
import type { ProblemSpec } from '../http/problem.js';
import type { Site } from '../contract/model.js';

export type OperationResult =
  | { kind: 'bytes'; bytes: Buffer }
  | { kind: 'body'; body: object }
  | { kind: 'problem'; problem: ProblemSpec };

export const bytes = (b: Buffer): OperationResult => ({ kind: 'bytes', bytes: b });
export const body = (b: object): OperationResult => ({ kind: 'body', body: b });
export const fail = (problem: ProblemSpec): OperationResult => ({ kind: 'problem', problem });

/** The envelope fields of a computed 200 body (spec "Response envelope"). */
export function envelope(site: Site, page: string): { methodology: string; attribution: string; license: string; page: string } {
  return { methodology: site.methodology_url, attribution: site.attribution, license: site.license, page };
}
