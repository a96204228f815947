/**
 * Parameters as the OpenAPI document publishes them (OpenAPI 3.1 section 4.8.12, Parameter
 * Object), built from the bounds the server enforces (contract/parameter-rules.ts), so the
 * document and the checks cannot drift. Used by the operation catalogue and the site's pages.
 */
import { z } from 'zod';
import { LIMITS, numberRuleText, type NumberParameter } from '../contract/parameter-rules.js';

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

/**
 * The OpenAPI Parameter Object of a numeric query parameter (its definition in
 * contract/parameter-rules.ts): JSON type integer or number with the enforced bounds and default,
 * the bounds in prose after its description.
 */
export function numberParameter(rule: NumberParameter, required = false): ParameterSpec {
  const schema = {
    type: rule.integer ? 'integer' : 'number',
    ...(rule.exclusiveMin ? { exclusiveMinimum: rule.min } : { minimum: rule.min }),
    maximum: rule.max,
    ...(rule.default === undefined ? {} : { default: rule.default }),
  };
  return queryParameter(rule.name, numberDescription(rule), schema, required, rule.example ?? rule.default);
}

/** A numeric parameter's description with its bounds (and default), for OpenAPI and MCP alike. */
const numberDescription = (rule: NumberParameter): string => `${rule.description}; ${numberRuleText(rule)}`;

/**
 * The MCP tool argument of a numeric parameter: a JSON number or a string (agents send either),
 * checked by the REST rule as text; optional unless `required`; described as in OpenAPI.
 */
export function numberArgument(rule: NumberParameter, required = false): z.ZodType {
  const argument = z.union([z.number(), z.string()]).describe(numberDescription(rule));
  return required ? argument : argument.optional();
}

/** The activity parameters of the fee calculator, each with its bounds and default. */
export const FEE_ACTIVITY_PARAMETERS: readonly ParameterSpec[] = LIMITS.feeParameters.map((rule) => numberParameter(rule));
