/**
 * The build's checks of platform files beyond the schema, one rule per file under ./rules/
 * (each with its passing and failing case in test/check-rules.test.ts). Stale facts are not
 * problems: the build publishes them with stale: true and the report counts them per category.
 */
import type { BuildProblem } from '../problems.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import type { EvidenceContext } from '../../runtime/domain/scoring/fact-states.js';
import type { DatasetCheck, LoadedPlatform, PlatformCheck, RawPlatform } from './check-rule.js';
import { fileLocation } from './rules/file-location.js';
import { realDates } from './rules/real-dates.js';
import { unreliableDomains } from './rules/unreliable-domains.js';
import { asOfPrecision } from './rules/as-of-precision.js';
import { staleReason } from './rules/stale-reason.js';
import { recordAsOf } from './rules/record-as-of.js';
import { incidentOrder } from './rules/incident-order.js';
import { plausibleValues } from './rules/plausible-values.js';
import { notApplicable } from './rules/not-applicable.js';
import { numericEvidence } from './rules/numeric-evidence.js';
import { assessedCriteria } from './rules/assessed-criteria.js';
import { tierOrder } from './rules/tier-order.js';
import { pledgeMadeWhole } from './rules/pledge-made-whole.js';
import { listedCompanyReserves } from './rules/listed-company-reserves.js';
import { uniqueNames } from './rules/unique-names.js';

/** Every rule over one file, in the order their problems are gathered (the report sorts them by place). */
export const PLATFORM_CHECKS: readonly PlatformCheck[] = [
  fileLocation,
  realDates,
  unreliableDomains,
  asOfPrecision,
  staleReason,
  recordAsOf,
  incidentOrder,
  plausibleValues,
  notApplicable,
  numericEvidence,
  assessedCriteria,
  tierOrder,
  pledgeMadeWhole,
  listedCompanyReserves,
];

/** Every rule across all files. */
export const DATASET_CHECKS: readonly DatasetCheck[] = [uniqueNames];

/**
 * Every check over the loaded platforms.
 * @param evidence the evaluation date (also the limit of the future-date rule), freshness windows, tier and unreliable-domain lists
 */
export function checkPlatforms(platforms: readonly LoadedPlatform[], methodology: Methodology, evidence: EvidenceContext): BuildProblem[] {
  const perFile = platforms.flatMap(({ source, platform }) => {
    const input = { source, raw: (source.data ?? {}) as RawPlatform, platform, methodology, evidence };
    return PLATFORM_CHECKS.flatMap((c) => c.check(input));
  });
  return [...perFile, ...DATASET_CHECKS.flatMap((c) => c.check(platforms))];
}
