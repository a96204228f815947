/**
 * The file `npm run new-platform` writes: a platform of a category with every fact group and
 * assessment left unknown (commented out), each with the fields its schema takes
 * (runtime/domain/sources/platform-schema.ts), the criteria it scores, its freshness window and
 * what to cite (methodology.yaml; CONTRIBUTING.md "Citation rules"). As written, the file passes
 * `npm run check` and builds into a record under the coverage gate: nothing is guessed.
 */
import type { z } from 'zod';
import type { CategoryId } from '../../runtime/domain/contract/categories.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import { FactsSchemas } from '../../runtime/domain/sources/platform-schema.js';
import { groupsOfRule } from '../../runtime/domain/scoring/criterion-rules.js';
import { factKindOf } from '../../runtime/domain/scoring/fact-states.js';

/**
 * The slug of a platform name: lowercase ASCII letters and digits, single hyphens (the schema's
 * slug pattern), accents dropped. Null when nothing is left or it would contain "-vs-", which
 * comparison URLs reserve.
 */
export function slugOf(name: string): string | null {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' || slug.includes('-vs-') ? null : slug;
}

/** What to cite for a fact of each kind, best first (CONTRIBUTING.md "Citation rules"). */
const WHAT_TO_CITE: Record<string, string> = {
  apy: "the bank's own rate page or deposit disclosure, with the date it states; else a dated article of established press quoting the bank's APY",
  fee_schedule: "the platform's own fee schedule or pricing page (its effective or updated date as as_of)",
  device_price: "the vendor's own shop page, list price in USD on the day read",
  product_facts: "the platform's own product, help-centre or security page; a register (e.g. SIPC, FDIC BankFind) for memberships",
  assessment: "the platform's own security, audit and licence pages, and regulators' and courts' releases; the score follows the rubric below",
};

const EVIDENCE_FIELDS = new Set(['as_of', 'as_of_precision', 'sources', 'outlier_checked', 'stale_reason']);

type Schema = z.ZodType & { def: { type: string }; description?: string };

/** The object schema inside optional and not-applicable wrappers (the fact group itself). */
function groupObject(schema: Schema): { shape: Record<string, Schema>; notApplicable: boolean } {
  let s = schema as Schema & { unwrap?: () => Schema; options?: Schema[]; shape?: Record<string, Schema> };
  let notApplicable = false;
  for (;;) {
    if (s.def.type === 'optional' && s.unwrap) s = s.unwrap() as typeof s;
    else if (s.def.type === 'union' && s.options) {
      notApplicable = true;
      s = s.options[0] as typeof s;
    } else break;
  }
  return { shape: s.shape ?? {}, notApplicable };
}

/** A field's placeholder line(s), commented: `key: XXX  # description`, a list of objects as one flow mapping. */
function fieldLines(key: string, field: Schema, indent: string): string[] {
  let s = field as Schema & { unwrap?: () => Schema; element?: Schema & { shape?: Record<string, Schema> } };
  const description = s.description;
  if (s.def.type === 'optional' && s.unwrap) s = s.unwrap() as typeof s;
  const note = (s.description ?? description) ? `  # ${s.description ?? description}` : '';
  if (s.def.type === 'array' && s.element?.shape) {
    const keys = Object.keys(s.element.shape);
    return [`${indent}${key}:${note}`, `${indent}  - { ${keys.map((k) => `${k}: XXX`).join(', ')} }`];
  }
  if (s.def.type === 'array') return [`${indent}${key}: [XXX]${note}`];
  return [`${indent}${key}: XXX${note}`];
}

/**
 * The text of a new platform file.
 * @param asOf the record's as_of (the day it is written, YYYY-MM-DD)
 * @param website the platform's own https site (its host makes citations on it primary evidence)
 */
export function scaffoldText(methodology: Methodology, category: CategoryId, name: string, slug: string, website: string, asOf: string): string {
  const c = methodology.categories[category];
  const criteria = c.criteria;
  const lines = [
    `# ${name}: written by \`npm run new-platform\` on ${asOf}. Every fact group and assessment below is`,
    '# left unknown (commented out), so the record builds under the coverage gate and is never named',
    '# winner until facts are added. For each: open the page to cite, uncomment the group (delete "# "), replace every',
    '# XXX with what the page says, set as_of to the date the page gives (else the day you read it), and',
    "# cite it. A number needs a primary source (the platform's own site or `domains`, a regulator, a",
    '# court) or a reputable one with a `published` date (CONTRIBUTING.md "Citation rules"); a yes/no',
    '# the page does not settle is null (unknown), never false. Then: npm run check, npm run preview.',
    `name: ${JSON.stringify(name)}`,
    `slug: ${slug}`,
    `category: ${category}`,
    `website: ${website}`,
    `as_of: ${asOf}`,
    '# summary: One neutral sentence on what the platform is.',
    '# domains: [investors.example.com]   # other hosts the platform operates (citations there are primary)',
    'facts: {}   # remove {} when the first group below is filled in',
  ];
  for (const [group, schema] of Object.entries(FactsSchemas[category].shape as Record<string, Schema>)) {
    const kind = factKindOf(methodology, category, group);
    const scores = criteria.filter((k) => groupsOfRule(k.rule, category).includes(group)).map((k) => `${k.label} (weight ${k.weight})`);
    const { shape, notApplicable } = groupObject(schema);
    lines.push(
      '#',
      `# ${group}: ${scores.length ? `scores ${scores.join(', ')}` : 'shown on the record, scores no criterion'}; ${kind}, stale after ${methodology.freshness[kind].days} days.`,
      `#   Cite: ${WHAT_TO_CITE[kind] ?? WHAT_TO_CITE.product_facts}.`,
      ...(notApplicable
        ? [`#   If the platform does not offer it, write instead: ${group}: { not_applicable: <why, as the source says>, as_of: YYYY-MM-DD, sources: [...] }`]
        : []),
      `#   ${group}:`,
      ...Object.entries(shape)
        .filter(([k]) => !EVIDENCE_FIELDS.has(k))
        .flatMap(([k, f]) => fieldLines(k, f, '#     ')),
      '#     as_of: YYYY-MM-DD',
      '#     sources:',
      '#       - { url: https://XXX, title: XXX, publisher: XXX, published: YYYY-MM-DD }',
    );
  }
  const assessed = criteria.filter((k) => k.rule.kind === 'assessed');
  if (assessed.length) {
    lines.push('#', "# Assessments: an editor's score 0-100 against the published rubric, with its sources.", '# assessments:');
    for (const k of assessed) {
      lines.push(
        `#   ${k.key}:   # ${k.label} (weight ${k.weight}); assessment, stale after ${methodology.freshness.assessment.days} days. Cite: ${WHAT_TO_CITE.assessment}.`,
        `#     # rubric: ${k.rule.kind === 'assessed' ? k.rule.rubric : ''}`,
        '#     score: XXX',
        '#     rationale: One line saying which rubric points the platform meets and misses.',
        '#     as_of: YYYY-MM-DD',
        '#     sources: [{ url: https://XXX, title: XXX, publisher: XXX }]',
      );
    }
  }
  lines.push(
    '#',
    "# Incidents (losses, breaches, regulatory actions, outages), oldest first; cite the regulator's or court's own release for a regulatory action.",
    '# incidents:',
    '#   - { date: YYYY-MM-DD, class: funds_lost, title: XXX, summary: XXX, amount_usd: XXX, sources: [{ url: https://XXX, title: XXX }] }',
    '',
  );
  return lines.join('\n');
}
