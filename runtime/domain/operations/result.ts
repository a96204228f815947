/**
 * What an operation returns: precomputed bytes, a computed body, or a problem.
 * REST handlers and (later) MCP tools turn these into their own responses.
 */
import type { ProblemSpec } from '../contract/problem.js';
import type { Site } from '../contract/model.js';

export type OperationResult =
  | { kind: 'bytes'; bytes: Buffer }
  /** `json`, when given, is the body's JSON text as bytes, equal to JSON.stringify(body) (written without it: operations/savings-json.ts). */
  | { kind: 'body'; body: object; json?: Buffer }
  | { kind: 'problem'; problem: ProblemSpec };

export const bytes = (b: Buffer): OperationResult => ({ kind: 'bytes', bytes: b });
export const body = (b: object, json?: Buffer): OperationResult => (json ? { kind: 'body', body: b, json } : { kind: 'body', body: b });
export const fail = (problem: ProblemSpec): OperationResult => ({ kind: 'problem', problem });

/** The envelope fields of every 200 body (README "REST API": attribution, license, page, methodology), with the methodology version and evaluation date the answer rests on. */
export function envelope(
  site: Site,
  page: string,
): { methodology: string; methodology_version: string; evaluation_date: string; attribution: string; license: string; page: string } {
  return {
    methodology: site.methodology_url,
    methodology_version: site.methodology_version,
    evaluation_date: site.evaluation_date,
    attribution: site.attribution,
    license: site.license,
    page,
  };
}
