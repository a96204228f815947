/**
 * Bounds and defaults of every query parameter (README decisions for spec
 * rules 3, 9 and 10, and "Limits"), and the strict parsers that enforce them.
 * The OpenAPI document is generated from these same constants.
 */

import { CATEGORY_IDS, normaliseCategory, type CategoryId } from './categories.js';

/**
 * A numeric query parameter (tool argument), defined once: the parser (parseNumberParameter), the
 * OpenAPI Parameter Object and the MCP argument (operations/parameter-specs.ts) and the bound in
 * prose (numberRuleText) are all made from it. Values are written in plain decimal digits.
 */
export interface NumberParameter {
  name: string;
  /** What the value is, the head of every description (e.g. "Trades per month"); the bounds are appended. */
  description: string;
  /** True: a whole number; false: at most 2 decimals. */
  integer: boolean;
  min: number;
  max: number;
  /** True: the value must be above `min` (min itself refused). */
  exclusiveMin?: boolean;
  /** The value used when the parameter is absent; undefined: none (the operation says what absence means). */
  default?: number;
  /** An example value for the OpenAPI document; default: `default`. */
  example?: number;
}

/** A parameter of GET /v1/fees describing the activity (README "GET /v1/fees"), with its default. */
export interface FeeParameterRule extends NumberParameter {
  name: 'trades_per_month' | 'avg_trade_size' | 'options_contracts_per_month' | 'transfers_per_year';
  default: number;
}

/** Longest platform name, alias, slug or search fragment accepted, characters. */
const NAME_MAX_LENGTH = 100;

export const LIMITS = {
  /** Longest platform name, alias, slug or search fragment accepted, characters. */
  nameMaxLength: NAME_MAX_LENGTH,
  /** Longest verdict slug, characters: two names and `-vs-`; the OpenAPI maxLength of the slug, which the API enforces (http/api-routes.ts). */
  verdictSlugMaxLength: NAME_MAX_LENGTH * 2 + '-vs-'.length,
  /** Longest comma-separated list (platforms, weights), characters. */
  listMaxLength: 1000,
  /** Comparisons take 2 to 6 platforms; weights are 0 to 10 (README "GET /v1/compare"). */
  compareMin: 2,
  compareMax: 6,
  weightMin: 0,
  weightMax: 10,
  /** Longest request target (path and query) accepted, characters; longer gets 414. */
  urlMaxLength: 4096,
  /** Most query parameters in one request; more gets 400. */
  queryMaxParameters: 20,
  /** Most messages in one JSON-RPC batch on /mcp; more gets a JSON-RPC invalid-request error. */
  mcpBatchMax: 20,
  /** A JSON-RPC batch's answers, bytes (4 MiB): past it, the requests left are answered with an error asking to send them alone (docs/mcp.md "Limits"). */
  mcpBatchAnswerMaxBytes: 4_194_304,
  /** Largest POST /mcp body accepted, bytes (1 MiB); larger bodies get 413. */
  mcpBodyMaxBytes: 1_048_576,
  /** Savings balance: above 0, at most this many USD, at most 2 decimals. */
  balanceMax: 10_000_000,
  /** Spec "Limits" 3: months 1 to 120; default 12 (our decision). */
  monthsMin: 1,
  monthsMax: 120,
  monthsDefault: 12,
  /** Search `limit`: at most this many results returned (1 to searchLimitMax); absent: every match. */
  searchLimitMax: 1000,
  /** GET /v1/changes: `limit` 1 to changesLimitMax, default changesLimitDefault; `offset` 0 to changesOffsetMax. */
  changesLimitMax: 500,
  changesLimitDefault: 100,
  /** Largest `offset` of GET /v1/changes: a whole number the parser accepts (at most 15 digits), so the maximum an error states is itself accepted (issue 40). */
  changesOffsetMax: 1_000_000_000,
  /** Most bytes of changes (their JSON) in one page of GET /v1/changes: a page ends before the change that would pass it (one change at least), and `next` goes on from there (issue 40: 20 pages of 500 in one MCP batch answered 27 MB). */
  changesPageMaxBytes: 262_144,
  feeParameters: [
    { name: 'trades_per_month', description: 'Trades per month', integer: true, min: 0, max: 10_000, default: 10 },
    { name: 'avg_trade_size', description: 'Average trade size in USD', integer: false, min: 0, max: 10_000_000, default: 1000 },
    { name: 'options_contracts_per_month', description: 'Options contracts per month (brokerage only)', integer: true, min: 0, max: 100_000, default: 0 },
    {
      name: 'transfers_per_year',
      description: 'Full transfers out per year (ACATS for brokerages, fiat withdrawals for exchanges)',
      integer: true,
      min: 0,
      max: 52,
      default: 0,
    },
  ] as const satisfies readonly FeeParameterRule[],
} as const;

/** The numeric parameters of the operations but the fee activity (LIMITS.feeParameters), each defined once (NumberParameter). */
export const NUMBER_PARAMETERS = {
  /** GET /v1/savings-interest `balance`: required. */
  balance: { name: 'balance', description: 'Balance in USD', integer: false, min: 0, exclusiveMin: true, max: LIMITS.balanceMax, example: 10_000 },
  /** GET /v1/savings-interest `months`. */
  months: { name: 'months', description: 'Months', integer: true, min: LIMITS.monthsMin, max: LIMITS.monthsMax, default: LIMITS.monthsDefault },
  /** GET /v1/platforms `limit`: absent, every match. */
  searchLimit: {
    name: 'limit',
    description: 'Most results to return; absent: every match (`total` counts them all)',
    integer: true,
    min: 1,
    max: LIMITS.searchLimitMax,
    example: 10,
  },
  /** GET /v1/changes `limit`. */
  changesLimit: {
    name: 'limit',
    description: 'Changes per page',
    integer: true,
    min: 1,
    max: LIMITS.changesLimitMax,
    default: LIMITS.changesLimitDefault,
    example: 50,
  },
  /** GET /v1/changes `offset`. */
  changesOffset: { name: 'offset', description: 'Changes to skip (from `next`)', integer: true, min: 0, max: LIMITS.changesOffsetMax, default: 0 },
} as const satisfies Record<string, NumberParameter>;

/**
 * A text query parameter (tool argument), defined once like NumberParameter: its value is trimmed,
 * then must be minLength to maxLength characters (parseTextParameter); the OpenAPI Parameter
 * Object, the MCP argument and the bound in prose (textRuleText) are made from it.
 */
export interface TextParameter {
  name: string;
  /** What the value is, the head of every description; the bounds are appended. */
  description: string;
  minLength: number;
  maxLength: number;
  example: string;
}

/** The free-text parameters of the operations, each defined once (TextParameter). */
export const TEXT_PARAMETERS = {
  /** GET /v1/platforms `query`. */
  searchQuery: { name: 'query', description: 'Name fragment', minLength: 1, maxLength: LIMITS.nameMaxLength, example: 'ledger' },
  /** GET /v1/changes `platform`: then looked up by slug, name or alias (404 with suggestions when unknown). */
  changesPlatform: { name: 'platform', description: 'Platform slug, name or alias', minLength: 1, maxLength: LIMITS.nameMaxLength, example: 'kraken' },
} as const satisfies Record<string, TextParameter>;

/**
 * The `category` query parameter of the operations that filter by category (search, changes),
 * defined once: any case, hyphens or underscores, singular accepted (contract/categories.ts
 * normaliseCategory); published with the category ids as its enum (operations/parameter-specs.ts).
 */
export const CATEGORY_PARAMETER = { name: 'category', description: 'Category id (any case, hyphens or underscores)' } as const;

/** One rejected parameter, as listed in the problem body's `errors`. */
export interface ParameterError {
  parameter: string;
  message: string;
}

/**
 * A checked input: its value, or the errors that refuse it, each naming its parameter and what is
 * allowed. The one shape of "a value or located errors" of the operations and the query reader.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: ParameterError[] };

const INTEGER = /^\d{1,15}$/;
const DECIMAL_2 = /^\d{1,15}(\.\d{1,2})?$/;

/** The range of a rule in prose, as error messages state it: "from 1 to 120", "above 0 and at most 10000000". */
export function rangeText(rule: Pick<NumberParameter, 'min' | 'max' | 'exclusiveMin'>): string {
  return `${rule.exclusiveMin ? 'above' : 'from'} ${rule.min} ${rule.exclusiveMin ? 'and at most' : 'to'} ${rule.max}`;
}

/** A numeric parameter's rule in prose, for descriptions: "integer 1 to 120; default 12", "number above 0 and at most 10000000, at most 2 decimals". */
export function numberRuleText(rule: NumberParameter): string {
  const range = rule.exclusiveMin ? rangeText(rule) : `${rule.min} to ${rule.max}`;
  const kind = rule.integer ? `integer ${range}` : `number ${range}, at most 2 decimals`;
  return rule.default === undefined ? kind : `${kind}; default ${rule.default}`;
}

/**
 * Parses a non-negative number written in plain decimal digits (no sign, exponent,
 * spaces, NaN or Infinity), integer or with at most 2 decimals, within [min, max].
 */
export function parseBoundedNumber(
  parameter: string,
  raw: string,
  rule: { integer: boolean; min: number; max: number; exclusiveMin?: boolean },
): Checked<number> {
  const pattern = rule.integer ? INTEGER : DECIMAL_2;
  const kind = rule.integer ? 'a whole number' : 'a number with at most 2 decimals';
  const range = rangeText(rule);
  if (!pattern.test(raw)) return { ok: false, errors: [{ parameter, message: `must be ${kind} ${range} written with digits only; got "${preview(raw)}"` }] };
  const value = Number(raw);
  const tooLow = rule.exclusiveMin ? value <= rule.min : value < rule.min;
  if (tooLow || value > rule.max) return { ok: false, errors: [{ parameter, message: `must be ${range}; got ${raw}` }] };
  return { ok: true, value };
}

/**
 * A numeric parameter's value: its default when absent (undefined when it has none), else the
 * text parsed by its rule (parseBoundedNumber), the errors pushed onto `errors` (and the default returned).
 */
export function parseNumberParameter<R extends NumberParameter>(
  rule: R,
  raw: string | undefined,
  errors: ParameterError[],
): R extends { default: number } ? number : number | undefined;
export function parseNumberParameter(rule: NumberParameter, raw: string | undefined, errors: ParameterError[]): number | undefined {
  if (raw === undefined) return rule.default;
  const parsed = parseBoundedNumber(rule.name, raw, rule);
  if (parsed.ok) return parsed.value;
  errors.push(...parsed.errors);
  return rule.default;
}

/** A text parameter's bound in prose, as its error message and descriptions state it: "1 to 100 characters". */
export function textRuleText(rule: TextParameter): string {
  return `${rule.minLength} to ${rule.maxLength} characters`;
}

/** A text parameter's value, trimmed (undefined when absent); out of bounds: an error pushed onto `errors`, and undefined. */
export function parseTextParameter(rule: TextParameter, raw: string | undefined, errors: ParameterError[]): string | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (value.length >= rule.minLength && value.length <= rule.maxLength) return value;
  errors.push({ parameter: rule.name, message: `must be ${textRuleText(rule)}` });
  return undefined;
}

/** The `category` parameter's value (CATEGORY_PARAMETER): its category id, null when absent; unknown: an error pushed onto `errors`, and null. */
export function parseCategoryParameter(raw: string | undefined, errors: ParameterError[]): CategoryId | null {
  if (raw === undefined) return null;
  const id = normaliseCategory(raw);
  if (id) return id;
  errors.push({
    parameter: CATEGORY_PARAMETER.name,
    message: `must be one of ${CATEGORY_IDS.join(', ')} (singular, underscores and any case accepted); got "${preview(raw)}"`,
  });
  return null;
}

/** A caller's value shortened for an error message (at most 40 characters, control characters escaped). */
export function preview(raw: string): string {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}...` : raw;
  return shown.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
