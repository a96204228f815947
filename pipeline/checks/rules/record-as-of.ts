/** The record's as_of is at least the newest as_of of its facts and assessments, and incidents_checked is not after it. */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';
import type { BuildProblem } from '../../problems.js';
import { asOfOf, groupsOf, str } from '../raw-fields.js';

export const recordAsOf: PlatformCheck = {
  id: 'record-as-of',
  rule: "The record's as_of (when it was last reviewed) is not older than its newest fact or assessment, and incidents_checked (when its incidents were last searched) is not later than as_of.",
  check({ source, raw }) {
    const newest = groupsOf(raw)
      .map(([, , group]) => asOfOf(group))
      .filter((d): d is string => d !== undefined)
      .sort()
      .at(-1);
    const recordAsOf = str(raw.as_of);
    const incidentsChecked = str(raw.incidents_checked);
    const problems: BuildProblem[] = [];
    if (newest && recordAsOf && newest > recordAsOf) {
      problems.push(
        problemAt(
          source,
          ['as_of'],
          'error',
          `record as_of ${recordAsOf} is older than the newest fact (${newest})`,
          `set as_of to ${newest}; if the incidents were not searched again, keep their date in incidents_checked`,
        ),
      );
    }
    if (incidentsChecked && recordAsOf && incidentsChecked > recordAsOf) {
      problems.push(
        problemAt(
          source,
          ['incidents_checked'],
          'error',
          `incidents_checked ${incidentsChecked} is later than the record as_of ${recordAsOf}`,
          `set as_of to ${incidentsChecked}, or drop incidents_checked when the incidents were searched on the record's date`,
        ),
      );
    }
    return problems;
  },
};
