/**
 * Zod schemas shared by every source file: dates, citations and the evidence
 * block (as_of + sources) that every fact and assessment carries.
 * Source: docs/architecture.md; README "How to cite" (every fact carries its sources and as_of).
 */
import { z } from 'zod';

/** A calendar date `YYYY-MM-DD`. Whether it is a real, non-future date is checked by lint. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected a date written as YYYY-MM-DD' })
  .meta({ description: 'Calendar date, YYYY-MM-DD', format: 'date' });

/** An absolute https URL, written with the characters RFC 3986 allows (others percent-encoded, as the published JSON Schemas require). */
export const httpsUrl = z
  .string()
  .refine(
    (value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'expected an absolute https:// URL' },
  )
  .refine((value) => /^[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]+$/.test(value), {
    message:
      'the URL has characters a URL may not hold as they are (spaces, [ ] { } | ^ ` < > " or non-ASCII): percent-encode them, e.g. [ as %5B and ] as %5D',
  })
  .meta({ format: 'uri', pattern: '^https://' });

/** One citation: the page a fact was read from. */
export const SourceSchema = z.strictObject({
  url: httpsUrl,
  title: z.string().min(1),
  publisher: z.string().min(1).optional(),
  published: isoDate.optional(),
});
export type Source = z.infer<typeof SourceSchema>;

/**
 * Fields every fact group and assessment carries: the date it was true and where it was read.
 * `as_of_precision` says how much of as_of the source supports: a source that names only a
 * year ("fees in 2024") is recorded as YYYY-01-01 with precision `year`, never as a guessed day.
 */
export const evidence = {
  as_of: isoDate,
  as_of_precision: z
    .enum(['day', 'month', 'year'])
    .optional()
    .meta({ description: 'How precise as_of is: day (default); month (as_of is the 1st); year (as_of is 1 January)' }),
  sources: z.array(SourceSchema).min(1, { message: 'every fact needs at least one source' }),
};

/** A non-negative amount of US dollars. */
export const usd = z.number().min(0).meta({ description: 'US dollars' });

/** A percentage on the 0-100 scale (0.25 means a quarter of one percent). */
export const percent = z.number().min(0).max(100).meta({ description: 'Percent, 0-100 scale' });

/**
 * The evidence block of a fact group: as `evidence`, plus `outlier_checked`, the mark an
 * editor sets after checking a value outside its plausible range against the source
 * (pipeline/checks/rules/plausible-values.ts), and `stale_reason`, why a figure older than its freshness
 * window is kept (the editor looked for a newer one and found none; never a guessed newer date).
 * Both are published with the fact.
 */
export const factEvidence = {
  ...evidence,
  outlier_checked: z.boolean().optional().meta({ description: 'true when an editor checked a value outside the plausible range against its source' }),
  stale_reason: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'Why a figure older than its freshness window is published: what was searched, when, and that nothing newer was found' }),
};

/**
 * Keys of a fact group that describe its evidence rather than the fact: left out where facts are
 * compared (change feed) or flattened (CSV). as_of stays, since a newer date is a change worth showing.
 */
export const CITATION_KEYS: ReadonlySet<string> = new Set(['sources', 'outlier_checked', 'stale_reason']);

/**
 * A fact group recorded as not applicable: the platform does not have the thing the group
 * describes (a broker that offers no options has no per-contract fee; a wallet without in-app
 * swaps has no swap fee). It needs a reason and sources like any fact; how it scores is the
 * criterion's `not_applicable` rule in methodology.yaml. Not applicable is not unknown:
 * an unknown fact is simply absent.
 */
const NotApplicableSchema = z.strictObject({
  not_applicable: z.string().min(1).meta({ description: 'One line: why the fact does not apply to this platform, as its sources say' }),
  ...evidence,
});
export type NotApplicable = z.infer<typeof NotApplicableSchema>;

/** A fact group that may instead be recorded as not applicable (`NotApplicableSchema`); optional, absent = unknown. */
export function orNotApplicable<T extends z.ZodType>(group: T) {
  return z.union([group, NotApplicableSchema]).optional();
}

/** True when a fact group value is a not-applicable record. */
export function isNotApplicable(group: unknown): group is NotApplicable {
  return typeof group === 'object' && group !== null && 'not_applicable' in group;
}
