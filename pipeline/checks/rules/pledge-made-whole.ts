/**
 * An incident whose summary or source titles record a public pledge to make users whole
 * carries customers_made_whole: true (methodology.yaml, caps: "a platform's public pledge to
 * cover a loss in full counts as made whole unless a later source shows it was not honoured").
 */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';

/**
 * A pledge in words: a promise verb ("pledged", "committed", "promised", "vowed", "will",
 * "would") followed within the same clause by a reimbursement verb ("reimburse", "make ...
 * whole", "cover", "compensate", "refund"). "could cover" or "no reimbursement was reported"
 * do not match.
 */
const PLEDGE =
  /\b(?:pledg\w*|commit\w*|promis\w*|vow\w*|will|would)\b[^.;]{0,60}?\b(?:reimburs\w*|make\s+(?:\w+\s+){0,3}whole|made\s+whole|cover\w*|compensat\w*|refund\w*)/i;

/** A later source showing the pledge was kept only in part or not at all: the cap for not made whole stays. */
const NOT_HONOURED = /\b(?:not|never)\s+(?:been\s+)?honou?red\b|\breneged\b|\bpartial(?:ly)?\s+(?:reimburs|refund|compensat)/i;

export const pledgeMadeWhole: PlatformCheck = {
  id: 'pledge-made-whole',
  rule: 'A funds_lost incident whose summary or source titles record a pledge to reimburse users is customers_made_whole: true, since the methodology counts a public pledge as made whole unless a later source shows it was not honoured (then the summary says so).',
  check({ source, platform }) {
    return (platform?.incidents ?? []).flatMap((incident, i) => {
      if (incident.class !== 'funds_lost' || incident.customers_made_whole === true) return [];
      if (NOT_HONOURED.test(incident.summary)) return [];
      const texts = [incident.summary, ...incident.sources.map((s) => s.title)];
      const pledge = texts.map((t) => PLEDGE.exec(t)?.[0]).find((m) => m !== undefined);
      if (!pledge) return [];
      const at = incident.customers_made_whole === false ? ['incidents', i, 'customers_made_whole'] : ['incidents', i, 'summary'];
      return [
        problemAt(
          source,
          at,
          'error',
          `the incident records a pledge ("${pledge}") but customers_made_whole is ${incident.customers_made_whole ?? 'absent (counted as false)'}; the methodology counts a public pledge as made whole`,
          'set customers_made_whole: true, or say in the summary that a later source shows the pledge was not honoured',
        ),
      ];
    });
  },
};
