/**
 * The shape of a platform check: one rule of the build's checks beyond the schema (one file
 * each under ./rules/, all listed in ./platform-checks.ts). A check reads one platform file
 * (the raw YAML mapping always, the validated source when the file passed the schema) and
 * returns its problems located at file:line:col.
 */
import type { SourceDocument } from '../load/load.js';
import type { BuildProblem } from '../problems.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
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
