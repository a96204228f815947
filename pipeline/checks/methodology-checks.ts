/**
 * The build's checks of sources/methodology.yaml beyond the schema, one rule per file under
 * ./methodology-rules/ (each with its failing and passing methodology in
 * test/methodology-check-rules.test.ts): rules that could not be evaluated or would mislead,
 * found before any platform is scored.
 */
import type { SourceDocument } from '../load/load.js';
import type { BuildProblem } from '../problems.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import type { MethodologyCheck } from './check-rule.js';
import { requiredCriteria } from './methodology-rules/required-criteria.js';
import { groupNames } from './methodology-rules/group-names.js';
import { bestWorst } from './methodology-rules/best-worst.js';
import { rubricTotal } from './methodology-rules/rubric-total.js';
import { rubricRows } from './methodology-rules/rubric-rows.js';
import { factKinds } from './methodology-rules/fact-kinds.js';
import { profileCriteria } from './methodology-rules/profile-criteria.js';
import { profileWeights } from './methodology-rules/profile-weights.js';
import { uniqueKeys } from './methodology-rules/unique-keys.js';
import { nonzeroWeights } from './methodology-rules/nonzero-weights.js';
import { ruleFacts } from './methodology-rules/rule-facts.js';
import { ruleKinds } from './methodology-rules/rule-kinds.js';
import { changelogVersion } from './methodology-rules/changelog-version.js';

/**
 * Every rule over the methodology, in the order their problems are gathered (the report sorts them
 * by place; two at the same place, such as required-criteria and nonzero-weights on a category's
 * criteria, keep this order).
 */
export const METHODOLOGY_CHECKS: readonly MethodologyCheck[] = [
  requiredCriteria,
  groupNames,
  bestWorst,
  rubricTotal,
  rubricRows,
  factKinds,
  profileCriteria,
  profileWeights,
  uniqueKeys,
  nonzeroWeights,
  ruleFacts,
  ruleKinds,
  changelogVersion,
];

/** Every check of the methodology, located in its document (`source`, the loaded methodology.yaml; `m`, the same file validated). */
export function checkMethodology(source: SourceDocument, m: Methodology): BuildProblem[] {
  const input = { source, methodology: m };
  return METHODOLOGY_CHECKS.flatMap((c) => c.check(input));
}
