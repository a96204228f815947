/**
 * GET /v1/compare: 2 to 6 distinct platforms of one category with optional
 * custom weights (README "GET /v1/compare").
 */
import type { Dataset } from '../dataset.js';
import type { ComparisonResponse } from '../contract/comparison-schemas.js';
import type { ModelCriterion, ModelPlatform, ModelProfile } from '../contract/model.js';
import { comparePageUrl, comparisonSlug } from '../contract/urls.js';
import { compare } from '../compute/compare.js';
import { findPlatform, suggestNames } from '../compute/platform-match.js';
import { defaultWeights } from '../compute/weighted-score.js';
import { invalidParameters } from '../contract/problem.js';
import {
  COMPARE_PARAMETERS,
  LIMITS,
  maxLengthMessage,
  parseBoundedNumber,
  preview,
  rangeText,
  type Checked,
  type ParameterError,
} from '../contract/parameter-rules.js';
import { body, envelope, fail, type OperationResult } from './result.js';
import { comparisonJson } from './compare-json.js';
import { shareGroupWeight, weightGroups } from '../scoring/weight-groups.js';

export interface CompareArgs {
  /** Comma-separated names, or a list of names. */
  platforms?: string | readonly string[] | undefined;
  /** Comma-separated key:weight pairs, or an object key -> weight. Keys: criterion keys and weight-group keys (e.g. fees). */
  weights?: string | Readonly<Record<string, number>> | undefined;
  /** A methodology profile of the category (e.g. options for brokerages). */
  profile?: string | undefined;
}

/** The strings of `raw` when it is a JSON array of strings (how some agents send a list argument), else undefined. */
function jsonStringArray(raw: string): string[] | undefined {
  if (!raw.trimStart().startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Splits and resolves the platform list (a list, a JSON array string or a comma list of at most
 * COMPARE_PARAMETERS.platforms.maxLength characters): minItems to maxItems names, each known,
 * distinct, all in one category.
 */
function resolvePlatforms(dataset: Dataset, raw: CompareArgs['platforms']): Checked<ModelPlatform[]> {
  const rule = COMPARE_PARAMETERS.platforms;
  const err = (message: string): Checked<ModelPlatform[]> => ({ ok: false, errors: [{ parameter: rule.name, message }] });
  if (raw === undefined) return err(`required: ${rule.minItems} to ${rule.maxItems} comma-separated platform names of one category`);
  if (typeof raw === 'string' && raw.length > rule.maxLength) return err(maxLengthMessage(rule.maxLength));
  const names = (typeof raw === 'string' ? (jsonStringArray(raw) ?? raw.split(',')) : [...raw]).map((n) => n.trim());
  if (names.length > rule.maxItems) return err(`takes at most ${rule.maxItems} platforms; got ${names.length}`);
  if (names.some((n) => n.length === 0)) return err('contains an empty name (check for doubled or trailing commas)');
  if (names.length < rule.minItems) return err(`takes at least ${rule.minItems} platforms; got ${names.length}`);
  const errors: ParameterError[] = [];
  const found: ModelPlatform[] = [];
  for (const name of names) {
    const p = name.length <= LIMITS.nameMaxLength ? findPlatform(dataset.index, name) : undefined;
    if (!p) {
      const s = suggestNames(dataset.index, name);
      errors.push({ parameter: rule.name, message: `unknown platform "${preview(name)}"${s.length ? `; closest: ${s.join(', ')}` : ''}` });
    } else if (found.some((f) => f.slug === p.slug)) {
      errors.push({ parameter: rule.name, message: `"${preview(name)}" names ${p.name} a second time; give distinct platforms` });
    } else {
      found.push(p);
    }
  }
  if (errors.length) return { ok: false, errors };
  if (found.some((p) => p.category !== found[0]!.category)) {
    return err(`must all be in one category; got ${found.map((p) => `${p.name} (${p.category})`).join(', ')}`);
  }
  return { ok: true, value: found };
}

/**
 * The applied weights: the defaults, then the profile's weights (methodology.yaml `profiles`), then the
 * caller's. A caller key is a criterion key, or a weight-group key (e.g. fees) whose value is shared
 * among its criteria (scoring/weight-groups.ts shareGroupWeight).
 * Each weight COMPARE_PARAMETERS.weights.weight (0-10); not all 0; a group and one of its criteria may not both be given.
 */
export function resolveWeights(
  criteria: readonly ModelCriterion[],
  profiles: readonly ModelProfile[],
  raw: CompareArgs['weights'],
  profileKey: string | undefined,
): Checked<{ weights: Record<string, number>; custom: boolean; profile: string | null }> {
  const { weights: weightsRule, profile: profileRule } = COMPARE_PARAMETERS;
  const weights = defaultWeights(criteria);
  let profile: string | null = null;
  if (profileKey !== undefined) {
    const found = profiles.find((p) => p.key === profileKey.trim().toLowerCase());
    if (!found) {
      const allowed = profiles.length ? `allowed for this category: ${profiles.map((p) => p.key).join(', ')}` : 'this category has no profiles';
      return { ok: false, errors: [{ parameter: profileRule.name, message: `unknown profile "${preview(profileKey)}"; ${allowed}` }] };
    }
    Object.assign(weights, found.weights);
    profile = found.key;
  }
  if (raw === undefined) return { ok: true, value: { weights, custom: false, profile } };
  const groups = weightGroups(criteria);
  const allowed = () => [...criteria.map((c) => c.key), ...groups.keys()].join(', ');
  const errors: ParameterError[] = [];
  const { name: parameter, weight: range } = weightsRule;
  let pairs: Array<[string, string | number]>;
  if (typeof raw === 'string') {
    if (raw.length > weightsRule.maxLength) return { ok: false, errors: [{ parameter, message: maxLengthMessage(weightsRule.maxLength) }] };
    pairs = [];
    for (const part of raw.split(',')) {
      const m = /^\s*([^:\s]+)\s*:\s*(\S*)\s*$/.exec(part);
      if (!m) {
        errors.push({ parameter, message: `"${preview(part)}" is not a key:weight pair, e.g. fees:8` });
      } else {
        pairs.push([m[1]!, m[2]!]);
      }
    }
  } else {
    pairs = Object.entries(raw);
  }
  const seen = new Set<string>();
  const given: Array<[string, number]> = [];
  for (const [rawKey, value] of pairs) {
    const key = rawKey.trim().toLowerCase(); // criterion and group keys are lower case: any case is accepted
    if (!Object.hasOwn(weights, key) && !groups.has(key)) {
      errors.push({ parameter, message: `unknown criterion "${preview(rawKey)}"; allowed keys for this category: ${allowed()}` });
      continue;
    }
    if (seen.has(key)) {
      errors.push({ parameter, message: `"${key}" is given more than once` });
      continue;
    }
    seen.add(key);
    const parsed =
      typeof value === 'number'
        ? Number.isFinite(value) && value >= range.min && value <= range.max
          ? { ok: true as const, value }
          : { ok: false as const, errors: [{ parameter, message: `must be ${rangeText(range)}; got ${value}` }] }
        : parseBoundedNumber(parameter, value, range);
    if (parsed.ok) given.push([key, parsed.value]);
    else errors.push(...parsed.errors.map((e) => ({ parameter, message: `${key}: ${e.message}` })));
  }
  for (const [group, members] of groups) {
    if (!seen.has(group)) continue;
    const both = members.filter((m) => seen.has(m.key)).map((m) => m.key);
    if (both.length) errors.push({ parameter, message: `give either the group "${group}" or its criteria (${both.join(', ')}), not both` });
  }
  if (errors.length) return { ok: false, errors };
  for (const [key, value] of given) {
    const members = groups.get(key);
    if (!members) {
      weights[key] = value;
      continue;
    }
    Object.assign(weights, shareGroupWeight(members, weights, value));
  }
  let total = 0;
  for (const key in weights) total += weights[key]!;
  if (total === 0) {
    return { ok: false, errors: [{ parameter, message: 'the applied weights may not all be 0' }] };
  }
  return { ok: true, value: { weights, custom: true, profile } };
}

/** Validates the arguments and compares; see compute/compare.ts for the rules. */
export function comparePlatforms(dataset: Dataset, args: CompareArgs): OperationResult {
  const platforms = resolvePlatforms(dataset, args.platforms);
  if (!platforms.ok) return fail(invalidParameters(platforms.errors));
  const category = platforms.value[0]!.category;
  const criteria = dataset.criteria.get(category)!;
  const weights = resolveWeights(criteria, dataset.profiles.get(category)!, args.weights, args.profile);
  if (!weights.ok) return fail(invalidParameters(weights.errors));
  const site = dataset.model.site;
  const result = compare(
    platforms.value,
    criteria,
    weights.value.weights,
    weights.value.custom ? 'custom' : 'default',
    weights.value.profile,
    dataset.model.rules,
  );
  // the comparison's own fields, then the envelope's (Object.assign onto the fresh result: an object spread here cost about 3 us a request)
  const response: ComparisonResponse = Object.assign(result, envelope(site, comparePageUrl(site, comparisonSlug(platforms.value.map((p) => p.slug)))));
  return body(response, comparisonJson(dataset, response));
}
