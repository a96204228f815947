/**
 * Parameters as the OpenAPI document publishes them (OpenAPI 3.1 section 4.8.12, Parameter
 * Object), built from the bounds the server enforces (contract/parameter-rules.ts), so the
 * document and the checks cannot drift. Used by the operation catalogue and the site's pages.
 */
import { z } from 'zod';
import { CATEGORY_IDS } from '../contract/categories.js';
import { CATEGORY_PARAMETER, LIMITS, numberRuleText, textRuleText, type NumberParameter, type TextParameter } from '../contract/parameter-rules.js';

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
    `Comma-separated key:weight pairs; keys are the category's criterion keys or weight groups such as fees (GET /v1/categories; a group weight is shared among its criteria in proportion to their weights), weights numbers ${LIMITS.weightMin} to ${LIMITS.weightMax}`,
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
function numberArgument(rule: NumberParameter, required = false): z.ZodType {
  const argument = z.union([z.number(), z.string()]).describe(numberDescription(rule));
  return required ? argument : argument.optional();
}

/** A text parameter's description with its bounds, for OpenAPI and MCP alike: "Name fragment, 1 to 100 characters". */
const textDescription = (rule: TextParameter): string => `${rule.description}, ${textRuleText(rule)}`;

/** The OpenAPI Parameter Object of a text query parameter (contract/parameter-rules.ts TextParameter): a string with its length bounds. */
export function textParameter(rule: TextParameter): ParameterSpec {
  return queryParameter(rule.name, textDescription(rule), { type: 'string', minLength: rule.minLength, maxLength: rule.maxLength }, false, rule.example);
}

/** The MCP tool argument of a text parameter: an optional string, described as in OpenAPI. */
const textArgument = (rule: TextParameter): z.ZodType => z.string().optional().describe(textDescription(rule));

/** The OpenAPI Parameter Object of `category` (CATEGORY_PARAMETER): the category ids as its enum; `example` one of them. */
function categoryParameter(example: (typeof CATEGORY_IDS)[number]): ParameterSpec {
  return queryParameter(CATEGORY_PARAMETER.name, CATEGORY_PARAMETER.description, { type: 'string', enum: [...CATEGORY_IDS] }, false, example);
}

/** The MCP tool argument `category` (CATEGORY_PARAMETER): an optional string, the ids named in its description. */
const CATEGORY_ARGUMENT = z
  .string()
  .optional()
  .describe(`${CATEGORY_PARAMETER.description}: ${CATEGORY_IDS.join(', ')}`);

/**
 * One input of an operation, made once: its OpenAPI Parameter Object and its MCP tool argument
 * (the same name; the argument takes JSON types where REST has text).
 */
export interface OperationInputSpec {
  parameter: ParameterSpec;
  argument: z.ZodType;
}

/** A numeric input (NumberParameter): parameter and argument from its one definition. */
export const numberInput = (rule: NumberParameter, required = false): OperationInputSpec => ({
  parameter: numberParameter(rule, required),
  argument: numberArgument(rule, required),
});

/** A text input (TextParameter): parameter and argument from its one definition. */
export const textInput = (rule: TextParameter): OperationInputSpec => ({ parameter: textParameter(rule), argument: textArgument(rule) });

/** The `category` input (CATEGORY_PARAMETER), `example` its OpenAPI example. */
export const categoryInput = (example: (typeof CATEGORY_IDS)[number]): OperationInputSpec => ({
  parameter: categoryParameter(example),
  argument: CATEGORY_ARGUMENT,
});

/** An operation's OpenAPI parameters and its tool's input schema (zod shape), from its inputs in order. */
export function operationInputs(inputs: readonly OperationInputSpec[]): { parameters: ParameterSpec[]; inputSchema: z.ZodRawShape } {
  return {
    parameters: inputs.map((i) => i.parameter),
    inputSchema: Object.fromEntries(inputs.map((i) => [i.parameter.name, i.argument])),
  };
}

/** The activity inputs of the fee calculator, each with its bounds and default. */
export const FEE_ACTIVITY_INPUTS: readonly OperationInputSpec[] = LIMITS.feeParameters.map((rule) => numberInput(rule));

/** The activity parameters of the fee calculator, each with its bounds and default. */
export const FEE_ACTIVITY_PARAMETERS: readonly ParameterSpec[] = FEE_ACTIVITY_INPUTS.map((i) => i.parameter);
