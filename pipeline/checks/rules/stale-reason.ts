/** A stale_reason sits only on a fact that is stale on the evaluation date (methodology.yaml "freshness"); elsewhere it is never shown. */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';
import { asOfOf, str } from '../raw-fields.js';
import type { PlatformSource } from '../../../runtime/domain/sources/platform-schema.js';
import { staleFor } from '../../../runtime/domain/scoring/fact-states.js';

export const staleReason: PlatformCheck = {
  id: 'stale-reason',
  rule: 'A stale_reason explains why an old figure stays (nothing newer was found), so it belongs only on a fact that is stale on the evaluation date; on a fresh one it is a warning.',
  check({ source, raw, methodology, evidence }) {
    const category = str(raw.category);
    const kinds = category && category in methodology.categories ? methodology.categories[category as PlatformSource['category']].fact_kinds : {};
    const facts = raw.facts && typeof raw.facts === 'object' ? Object.entries(raw.facts) : [];
    return facts.flatMap(([key, group]) => {
      const asOf = asOfOf(group);
      if (!asOf || typeof (group as { stale_reason?: unknown }).stale_reason !== 'string') return [];
      if (staleFor(kinds[key] ?? 'product_facts', asOf, evidence)) return [];
      return [
        problemAt(
          source,
          ['facts', key, 'stale_reason'],
          'warning',
          `the fact is not stale on ${evidence.evaluationDate} (as_of ${asOf}), so its stale_reason is never shown`,
          'remove stale_reason',
        ),
      ];
    });
  },
};
