/**
 * Every parameter of the operations (query and path), each defined once with its bounds,
 * defaults and texts (README decisions for spec rules 3, 9 and 10, and "Limits"), and the strict
 * parsers that enforce them. The OpenAPI Parameter Objects and the MCP tool arguments are made
 * from these same definitions (operations/parameter-specs.ts).
 */

import { isRealDate } from './calendar.js';
import { CATEGORY_IDS, normaliseCategory, type CategoryId } from './categories.js';
import { CHANGE_KINDS, type ChangeKind } from './history-schemas.js';

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

/**
 * The query parameters of GET /v1/compare (README "GET /v1/compare"), each defined once: the
 * parsers (operations/compare.ts) state these bounds in their errors, the OpenAPI Parameter Object
 * and the MCP argument (operations/parameter-specs.ts) are made from them. `description` is the
 * OpenAPI description, `argumentDescription` the MCP argument's (agents may send JSON types).
 * `weights` and `profile` are taken by the compare pages too.
 */
export const COMPARE_PARAMETERS = {
  /** Required: compareMin to compareMax distinct names of one category, a comma list of at most listMaxLength characters (the MCP argument also takes a list). */
  platforms: {
    name: 'platforms',
    minLength: 1,
    minItems: LIMITS.compareMin,
    maxItems: LIMITS.compareMax,
    maxLength: LIMITS.listMaxLength,
    description: `${LIMITS.compareMin} to ${LIMITS.compareMax} distinct platform names (slug, name or alias) of one category, comma-separated`,
    argumentDescription: `Platform names, ${LIMITS.compareMin} to ${LIMITS.compareMax} of one category: a list, a JSON array in a string, or a comma-separated string`,
    example: 'kraken,coinbase',
  },
  /** key:weight pairs, each weight a number weightMin to weightMax (at most 2 decimals as text), a comma list of at most listMaxLength characters (the MCP argument also takes an object). */
  weights: {
    name: 'weights',
    weight: { integer: false, min: LIMITS.weightMin, max: LIMITS.weightMax },
    maxLength: LIMITS.listMaxLength,
    description: `Comma-separated key:weight pairs; keys are the category's criterion keys or weight groups such as fees (GET /v1/categories; a group weight is shared among its criteria in proportion to their weights), weights numbers ${LIMITS.weightMin} to ${LIMITS.weightMax}`,
    argumentDescription: `Criterion weights ${LIMITS.weightMin}-${LIMITS.weightMax}: "fees:8,security:10" or {"fees": 8, "security": 10}`,
    example: 'fees:8,security:10',
  },
  /** A profile key of the category (methodology.yaml `profiles`); no key is longer than nameMaxLength, and an unknown key is refused with the keys allowed. */
  profile: {
    name: 'profile',
    maxLength: LIMITS.nameMaxLength,
    description: 'A published weight profile of the category (methodology.yaml profiles), e.g. options for brokerages',
    argumentDescription: 'A methodology profile of the category, e.g. "options" for brokerages (an options investor)',
    example: 'options',
  },
} as const;

/** How a calendar date parameter is written, in its descriptions and error message (contract/calendar.ts isRealDate checks it). */
const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * A calendar date query parameter, defined once: a real day written YYYY-MM-DD (contract/calendar.ts
 * isRealDate, parseDateParameter), published as JSON Schema `format: date`.
 */
export interface DateParameter {
  name: string;
  /** What the date selects, after the format in the OpenAPI description. */
  description: string;
  example: string;
}

/** GET /v1/changes `since`. */
export const SINCE_PARAMETER = {
  name: 'since',
  description: 'changes committed on or after it (UTC); absent: all',
  example: '2026-01-01',
} as const satisfies DateParameter;

/** A date parameter's OpenAPI description ("Calendar date YYYY-MM-DD: ...") and its MCP argument's (the format alone). */
export const dateDescriptions = (rule: DateParameter) => ({
  description: `Calendar date ${DATE_FORMAT}: ${rule.description}`,
  argumentDescription: `Calendar date ${DATE_FORMAT}`,
});

/**
 * GET /v1/changes `kind`: change kinds (history-schemas.ts CHANGE_KINDS), comma-separated, any
 * case; absent: every kind. Published as a list of the kinds (OpenAPI form style, not exploded).
 */
export const KIND_PARAMETER = {
  name: 'kind',
  values: CHANGE_KINDS,
  description: 'Change kinds, comma-separated (e.g. fact_changed,score_changed); absent: every kind',
  argumentDescription: `Kinds, comma-separated: ${CHANGE_KINDS.join(', ')}`,
  example: ['fact_changed'],
} as const;

/** A date parameter's value (DateParameter), undefined when absent; not a real YYYY-MM-DD day: an error pushed onto `errors`, and undefined. */
export function parseDateParameter(rule: DateParameter, raw: string | undefined, errors: ParameterError[]): string | undefined {
  if (raw === undefined || isRealDate(raw)) return raw;
  errors.push({ parameter: rule.name, message: `must be a calendar date ${DATE_FORMAT}; got "${preview(raw)}"` });
  return undefined;
}

/** The kinds `kind` asks for (KIND_PARAMETER), in CHANGE_KINDS order, null when absent; an unknown kind: an error pushed onto `errors`, and null. */
export function parseKindParameter(raw: string | undefined, errors: ParameterError[]): ChangeKind[] | null {
  if (raw === undefined) return null;
  const given = raw.split(',').map((k) => k.trim().toLowerCase());
  const { name, values } = KIND_PARAMETER;
  const unknown = given.filter((k) => !(values as readonly string[]).includes(k));
  if (!unknown.length && given.length) return values.filter((k) => given.includes(k));
  errors.push({ parameter: name, message: `must be one or more of ${values.join(', ')}, comma-separated; got "${preview(unknown[0] ?? raw)}"` });
  return null;
}

/** A true/false query parameter, defined once: `true` or `false` as text (the MCP argument also takes a JSON boolean); absent: false. */
export interface FlagParameter {
  name: string;
  description: string;
  argumentDescription: string;
  example: 'true' | 'false';
}

/** The texts a flag parameter takes, in the order published (OpenAPI enum); absent means `false`. */
export const FLAG_VALUES = ['true', 'false'] as const;

/** GET /v1/changes `summary`. */
export const SUMMARY_PARAMETER = {
  name: 'summary',
  description: '`true` adds `summary`: counts per kind and platform and the largest numeric moves, over every matching change',
  argumentDescription: 'true: add counts per kind and platform and the largest moves',
  example: 'true',
} as const satisfies FlagParameter;

/** A flag parameter's value (FlagParameter): true for `true`, false for `false` or absent; another text: an error pushed onto `errors`, and false. */
export function parseFlagParameter(rule: FlagParameter, raw: string | undefined, errors: ParameterError[]): boolean {
  if (raw === undefined || (FLAG_VALUES as readonly string[]).includes(raw)) return raw === 'true';
  errors.push({ parameter: rule.name, message: `must be ${FLAG_VALUES.join(' or ')}; got "${preview(raw)}"` });
  return false;
}

/** The categories GET /v1/fees estimates, by category id. */
export const FEE_CATEGORIES = ['brokerages', 'exchanges'] as const satisfies readonly CategoryId[];
/** Their singular names ("brokerage"), the names the fees body and its errors use. */
const FEE_CATEGORY_NAMES = FEE_CATEGORIES.map((id) => id.slice(0, -1));

/**
 * GET /v1/fees `category`, required, defined once: brokerage or exchange, the plural accepted too,
 * any case (contract/categories.ts normaliseCategory); published with both forms as its enum.
 */
export const FEE_CATEGORY_PARAMETER = {
  name: 'category',
  /** The values published (OpenAPI enum): the singular names, then the category ids. */
  values: [...FEE_CATEGORY_NAMES, ...FEE_CATEGORIES],
  description: `${FEE_CATEGORY_NAMES.map((n) => `\`${n}\``).join(' or ')} (also ${FEE_CATEGORIES.map((id) => `\`${id}\``).join(', ')}; any case)`,
  argumentDescription: FEE_CATEGORY_NAMES.map((n) => `"${n}"`).join(' or '),
  example: 'brokerages',
} as const;

/** The fee category of a request (FEE_CATEGORY_PARAMETER): brokerages or exchanges; absent or another: an error pushed onto `errors`, and undefined. */
export function parseFeeCategoryParameter(raw: string | undefined, errors: ParameterError[]): (typeof FEE_CATEGORIES)[number] | undefined {
  const id = raw === undefined ? undefined : normaliseCategory(raw);
  const found = FEE_CATEGORIES.find((c) => c === id);
  if (found) return found;
  const allowed = FEE_CATEGORY_NAMES.join(' or ');
  errors.push({ parameter: FEE_CATEGORY_PARAMETER.name, message: raw === undefined ? `required: ${allowed}` : `must be ${allowed}; got "${preview(raw)}"` });
  return undefined;
}

/**
 * A path parameter, defined once: the route refuses a value longer than `maxLength` with a 400
 * naming it (server/http/answer-api.ts); the OpenAPI Parameter Object and the MCP argument
 * (operations/parameter-specs.ts) are made from it. `pattern` (ECMA-262, as OpenAPI reads it)
 * is the form every value the operation can answer has.
 */
export interface PathParameter {
  name: string;
  description: string;
  argumentDescription: string;
  minLength?: number;
  maxLength: number;
  pattern?: string;
}

/** The path parameters of the API, each defined once (PathParameter). */
export const PATH_PARAMETERS = {
  /** GET /v1/platforms/{name}, its history and safety record: then looked up by slug, name or alias (404 with suggestions). */
  platform: {
    name: 'name',
    description: 'Slug, name or alias, any case',
    argumentDescription: 'Platform slug, name or alias, any case (e.g. "kraken", "Ledger Nano X")',
    minLength: 1,
    maxLength: LIMITS.nameMaxLength,
  },
  /**
   * GET /v1/verdicts/{slug}: two platforms joined by `-vs-`, any case (parseVerdictSlug; a value of
   * another form is a 404). The pattern: text, one `-vs-`, text, as README "GET /v1/verdicts/{slug}"
   * allows (slugs, names or aliases: a name may hold spaces or dots).
   */
  verdictSlug: {
    name: 'slug',
    description: '<platform_a>-vs-<platform_b>: platform slugs (names and aliases work too), any case',
    argumentDescription: '"<platform_a>-vs-<platform_b>", e.g. "coinbase-vs-kraken"',
    pattern: '^(?:(?!-[Vv][Ss]-)[\\s\\S])+-[Vv][Ss]-(?:(?!-[Vv][Ss]-)[\\s\\S])+$',
    maxLength: LIMITS.verdictSlugMaxLength,
  },
} as const satisfies Record<string, PathParameter>;

/** The verdict slug's pattern (PATH_PARAMETERS.verdictSlug), compiled once. */
const VERDICT_SLUG = new RegExp(PATH_PARAMETERS.verdictSlug.pattern);

/**
 * The two names of a verdict slug (PATH_PARAMETERS.verdictSlug), lower case, in the order given;
 * undefined when the slug does not match its published pattern (one `-vs-`, any case, text on both sides).
 */
export function parseVerdictSlug(slug: string): [string, string] | undefined {
  if (!VERDICT_SLUG.test(slug)) return undefined;
  const parts = slug.toLowerCase().split('-vs-');
  return parts.length === 2 ? [parts[0]!, parts[1]!] : undefined;
}

/** A text's length bound in prose, as the errors of path parameters and comma lists state it: "must be at most 100 characters". */
export const maxLengthMessage = (maxLength: number): string => `must be at most ${maxLength} characters`;

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
