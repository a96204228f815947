/**
 * Parameters as the OpenAPI document publishes them (OpenAPI 3.1 section 4.8.12, Parameter
 * Object), built from the bounds the server enforces (contract/parameter-rules.ts), so the
 * document and the checks cannot drift. Used by the operation catalogue and the site's pages.
 */
import { z } from 'zod';
import { CATEGORY_IDS } from '../contract/categories.js';
import {
  CATEGORY_PARAMETER,
  COMPARE_PARAMETERS,
  dateDescriptions,
  FEE_CATEGORY_PARAMETER,
  FLAG_VALUES,
  KIND_PARAMETER,
  LIMITS,
  numberRuleText,
  textRuleText,
  type DateParameter,
  type FlagParameter,
  type NumberParameter,
  type PathParameter,
  type TextParameter,
} from '../contract/parameter-rules.js';

/** An OpenAPI Parameter Object: `schema` is JSON Schema 2020-12. */
export interface ParameterSpec {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
  example?: unknown;
  /** With `explode: false`, an array is one comma-separated value (`kind=a,b`; section 4.8.12.4, style values). */
  style?: 'form';
  explode?: boolean;
}

/** A query parameter. */
export function queryParameter(name: string, description: string, schema: Record<string, unknown>, required = false, example?: unknown): ParameterSpec {
  return { name, in: 'query', required, description, schema, ...(example === undefined ? {} : { example }) };
}

/**
 * The OpenAPI Parameter Object of a path parameter (contract/parameter-rules.ts PathParameter): a
 * required string with its pattern and length bounds; `example` one value it takes.
 */
export function pathParameter(rule: PathParameter, example: string): ParameterSpec {
  const schema = {
    type: 'string',
    ...(rule.minLength === undefined ? {} : { minLength: rule.minLength }),
    ...(rule.pattern === undefined ? {} : { pattern: rule.pattern }),
    maxLength: rule.maxLength,
  };
  return { name: rule.name, in: 'path', required: true, description: rule.description, schema, example };
}

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

/** A path input (PathParameter): parameter and a required string argument from its one definition. */
export const pathInput = (rule: PathParameter, example: string): OperationInputSpec => ({
  parameter: pathParameter(rule, example),
  argument: z.string().describe(rule.argumentDescription),
});

/** A calendar date input (DateParameter): a string of `format: date`. */
export function dateInput(rule: DateParameter): OperationInputSpec {
  const { description, argumentDescription } = dateDescriptions(rule);
  return {
    parameter: queryParameter(rule.name, description, { type: 'string', format: 'date' }, false, rule.example),
    argument: z.string().optional().describe(argumentDescription),
  };
}

/** A true/false input (FlagParameter): `true` or `false` as text, default false; the argument also a JSON boolean. */
export const flagInput = (rule: FlagParameter): OperationInputSpec => ({
  parameter: queryParameter(rule.name, rule.description, { type: 'string', enum: [...FLAG_VALUES], default: 'false' }, false, rule.example),
  argument: z.union([z.boolean(), z.string()]).optional().describe(rule.argumentDescription),
});

/** GET /v1/changes `kind` (KIND_PARAMETER): an array of the kinds, sent comma-separated (form style, not exploded). */
export const KIND_INPUT: OperationInputSpec = {
  parameter: {
    ...queryParameter(
      KIND_PARAMETER.name,
      KIND_PARAMETER.description,
      { type: 'array', items: { type: 'string', enum: [...KIND_PARAMETER.values] } },
      false,
      KIND_PARAMETER.example,
    ),
    style: 'form',
    explode: false,
  },
  argument: z.string().optional().describe(KIND_PARAMETER.argumentDescription),
};

/** GET /v1/fees `category` (FEE_CATEGORY_PARAMETER): required, its accepted names as the enum. */
const FEE_CATEGORY_INPUT: OperationInputSpec = {
  parameter: queryParameter(
    FEE_CATEGORY_PARAMETER.name,
    FEE_CATEGORY_PARAMETER.description,
    { type: 'string', enum: [...FEE_CATEGORY_PARAMETER.values] },
    true,
    FEE_CATEGORY_PARAMETER.example,
  ),
  argument: z.string().describe(FEE_CATEGORY_PARAMETER.argumentDescription),
};

/** The activity inputs of the fee calculator, each with its bounds and default. */
const FEE_ACTIVITY_INPUTS: readonly OperationInputSpec[] = LIMITS.feeParameters.map((rule) => numberInput(rule));

/** The inputs of GET /v1/fees: the category, then the activity. */
export const FEE_INPUT_SPECS: readonly OperationInputSpec[] = [FEE_CATEGORY_INPUT, ...FEE_ACTIVITY_INPUTS];

/** The activity parameters of the fee calculator, each with its bounds and default. */
export const FEE_ACTIVITY_PARAMETERS: readonly ParameterSpec[] = FEE_ACTIVITY_INPUTS.map((i) => i.parameter);

const { platforms, weights, profile } = COMPARE_PARAMETERS;

/** GET /v1/compare `weights` and `profile` (COMPARE_PARAMETERS), which the compare pages take too. */
const COMPARE_WEIGHT_INPUTS: readonly OperationInputSpec[] = [
  {
    parameter: queryParameter(weights.name, weights.description, { type: 'string', maxLength: weights.maxLength }, false, weights.example),
    argument: z
      .union([z.string(), z.record(z.string(), z.number())])
      .optional()
      .describe(weights.argumentDescription),
  },
  {
    parameter: queryParameter(profile.name, profile.description, { type: 'string', maxLength: profile.maxLength }, false, profile.example),
    argument: z.string().optional().describe(profile.argumentDescription),
  },
];

/** The inputs of GET /v1/compare: `platforms` (required; the argument also a list), `weights` (the argument also an object) and `profile`. */
export const COMPARE_INPUT_SPECS: readonly OperationInputSpec[] = [
  {
    parameter: queryParameter(
      platforms.name,
      platforms.description,
      { type: 'string', minLength: platforms.minLength, maxLength: platforms.maxLength },
      true,
      platforms.example,
    ),
    argument: z.union([z.string(), z.array(z.string())]).describe(platforms.argumentDescription),
  },
  ...COMPARE_WEIGHT_INPUTS,
];

/** `weights` and `profile` of GET /v1/compare as the compare pages publish them. */
export const COMPARE_WEIGHT_PARAMETERS: readonly ParameterSpec[] = COMPARE_WEIGHT_INPUTS.map((i) => i.parameter);
