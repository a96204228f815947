/**
 * The shapes of the build's checks beyond the schema, one rule a file.
 * A platform check (one file each under ./rules/, all listed in ./platform-checks.ts) reads one
 * platform file: the raw YAML mapping always, the validated source when the file passed the schema.
 * A methodology check (one file each under ./methodology-rules/, all listed in
 * ./methodology-checks.ts) reads sources/methodology.yaml once it passed the schema.
 * Each returns its problems located at file:line:col.
 */
import type { SourceDocument } from '../load/load.js';
import type { BuildProblem } from '../problems.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import { CATEGORY_IDS, type CategoryId } from '../../runtime/domain/contract/categories.js';
import type { PlatformSource } from '../../runtime/domain/sources/platform-schema.js';
import type { EvidenceContext } from '../../runtime/domain/scoring/fact-states.js';

/**
 * A platform file with its document. `platform` is present when the file passed
 * shape validation; checks that need only raw fields (names, dates, order) run
 * on every file so an editor sees all problems at once.
 */
export interface LoadedPlatform {
  source: SourceDocument;
  platform?: PlatformSource;
}

/** The raw top-level mapping of a platform file, as far as checks can read it before the schema. */
export interface RawPlatform {
  slug?: unknown;
  name?: unknown;
  category?: unknown;
  as_of?: unknown;
  incidents_checked?: unknown;
  aliases?: unknown;
  facts?: unknown;
  assessments?: unknown;
  incidents?: unknown;
}

/** What a check of one file is given. */
interface PlatformCheckInput {
  source: SourceDocument;
  raw: RawPlatform;
  /** The validated source; undefined when the file failed the schema. */
  platform: PlatformSource | undefined;
  methodology: Methodology;
  /** The evaluation date (YYYY-MM-DD: SOURCE_DATE_EPOCH, else the day of the build), freshness windows, tier lists. */
  evidence: EvidenceContext;
}

/** One rule over one platform file. */
export interface PlatformCheck {
  /** Stable id, the rule's file name under ./rules/. */
  id: string;
  /** What the rule enforces and why, in one sentence (docs and the test of each rule name it). */
  rule: string;
  check(input: PlatformCheckInput): BuildProblem[];
}

/** One rule across all platform files (e.g. names unique across the dataset). */
export interface DatasetCheck {
  id: string;
  rule: string;
  check(platforms: readonly LoadedPlatform[]): BuildProblem[];
}

/** What a check of the methodology is given. */
interface MethodologyCheckInput {
  /** sources/methodology.yaml as loaded, to locate problems in. */
  source: SourceDocument;
  /** The same file, validated by the schema (runtime/domain/sources/methodology-schema.ts). */
  methodology: Methodology;
}

/** One rule over sources/methodology.yaml. */
export interface MethodologyCheck {
  /** Stable id, the rule's file name under ./methodology-rules/. */
  id: string;
  /** What the rule enforces and why, in one sentence (docs and the test of each rule name it). */
  rule: string;
  check(input: MethodologyCheckInput): BuildProblem[];
}

/**
 * The problems of `check` over every category of the methodology, in the order of CATEGORY_IDS;
 * `criteriaAt` is the path of the category's criteria list (categories.<id>.criteria).
 */
export function eachCategory(
  methodology: Methodology,
  check: (id: CategoryId, category: Methodology['categories'][CategoryId], criteriaAt: PropertyKey[]) => BuildProblem[],
): BuildProblem[] {
  return CATEGORY_IDS.flatMap((id) => check(id, methodology.categories[id], ['categories', id, 'criteria']));
}
