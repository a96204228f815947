/** Incidents are listed oldest first. */
import { problemAt } from '../../load/load.js';
import type { BuildProblem } from '../../problems.js';
import type { PlatformCheck } from '../check-rule.js';
import { str } from '../raw-fields.js';

export const incidentOrder: PlatformCheck = {
  id: 'incident-order',
  rule: 'Incidents are in date order, oldest first, so a file reads as a timeline and a diff shows where an incident was added.',
  check({ source, raw }) {
    const dates = Array.isArray(raw.incidents) ? raw.incidents.map((i) => str((i as { date?: unknown } | null)?.date)) : [];
    const problems: BuildProblem[] = [];
    for (let i = 1; i < dates.length; i++) {
      const [prev, cur] = [dates[i - 1], dates[i]];
      if (prev && cur && cur < prev)
        problems.push(
          problemAt(
            source,
            ['incidents', i, 'date'],
            'error',
            `incidents are not in date order: ${cur} comes after ${prev}`,
            'sort incidents by date, oldest first',
          ),
        );
    }
    return problems;
  },
};
