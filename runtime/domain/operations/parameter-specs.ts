/**
 * Parameters as the OpenAPI document publishes them (OpenAPI 3.1 section 4.8.12, Parameter
 * Object), built from the bounds the server enforces (contract/parameter-rules.ts), so the
 * document and the checks cannot drift. Used by the operation catalogue and the site's pages.
 */
import { LIMITS } from '../contract/parameter-rules.js';

/** An OpenAPI Parameter Object: `schema` is JSON Schema 2020-12. */
export interface ParameterSpec {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
  example?: unknown;
}

/** A query parameter. */
export function queryParameter(name: string, description: string, schema: Record<string, unknown>, required = false, example?: unknown): ParameterSpec {
  return { name, in: 'query', required, description, schema, ...(example === undefined ? {} : { example }) };
}

/** A path parameter naming a platform (slug, name or alias), at most LIMITS.nameMaxLength characters. */
export function platformPathParameter(name: string, description: string, example: string): ParameterSpec {
  return { name, in: 'path', required: true, description, schema: { type: 'string', minLength: 1, maxLength: LIMITS.nameMaxLength }, example };
}

/** `weights` and `profile` of GET /v1/compare, which the compare pages take too. */
export const COMPARE_WEIGHT_PARAMETERS: readonly ParameterSpec[] = [
  queryParameter(
    'weights',
    "Comma-separated key:weight pairs; keys are the category's criterion keys or weight groups such as fees (GET /v1/categories; a group weight is shared among its criteria in proportion to their weights), weights numbers 0 to 10",
    { type: 'string', maxLength: LIMITS.listMaxLength },
    false,
    'fees:8,security:10',
  ),
  queryParameter(
    'profile',
    'A published weight profile of the category (methodology.yaml profiles), e.g. options for brokerages',
    { type: 'string', maxLength: LIMITS.nameMaxLength },
    false,
    'options',
  ),
];

/** `balance` of the savings calculator; `required` for the API, optional on the page (its form alone). */
export const balanceParameter = (required: boolean): ParameterSpec =>
  queryParameter(
    'balance',
    `Balance in USD, above 0 and at most ${LIMITS.balanceMax}, at most 2 decimals`,
    { type: 'string', pattern: '^\\d+(\\.\\d{1,2})?$' },
    required,
    '10000',
  );

/** `months` of the savings calculator. */
export const MONTHS_PARAMETER = queryParameter(
  'months',
  `Whole months ${LIMITS.monthsMin} to ${LIMITS.monthsMax}; default ${LIMITS.monthsDefault}`,
  { type: 'string', pattern: '^\\d+$', default: String(LIMITS.monthsDefault) },
  false,
  String(LIMITS.monthsDefault),
);

/** The activity parameters of the fee calculator, each with its bounds and default. */
export const FEE_ACTIVITY_PARAMETERS: readonly ParameterSpec[] = LIMITS.feeParameters.map((p) =>
  queryParameter(
    p.name,
    `${p.description}; ${p.integer ? 'integer' : 'number, at most 2 decimals'} ${p.min} to ${p.max}; default ${p.default}`,
    { type: 'string', default: String(p.default) },
    false,
    String(p.default),
  ),
);
