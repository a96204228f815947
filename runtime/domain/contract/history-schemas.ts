/**
 * Shapes of the history the build derives from the version history of sources/ (docs/history.md):
 * a change event, the history of one platform, a page of changes, and the change feed file.
 */
import { z } from 'zod';
import { apiRegistry, CategoryIdSchema, date, ENVELOPE_FIELDS, METHODOLOGY_URL_FIELD, url } from './api-schemas.js';

/** The kinds of change, each as the feed and GET /v1/changes name it (docs/history.md). */
export const CHANGE_KINDS = [
  'platform_added',
  'platform_removed',
  'fact_added',
  'fact_changed',
  'fact_corrected',
  'fact_reconfirmed',
  'fact_sources_changed',
  'fact_removed',
  'incident_added',
  'incident_corrected',
  'incident_removed',
  'score_changed',
  'methodology_changed',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Most numeric moves a changes summary lists. */
export const CHANGES_SUMMARY_MOVES = 10;

/** Most platforms a changes summary counts by name (the most changed; `platforms_changed` counts them all). */
export const CHANGES_SUMMARY_PLATFORMS = 20;

const HistorySourceSchema = z.object({
  url: z.string().meta({ description: 'The URL as that version of the source file had it (an old version may hold one the build now refuses)' }),
  title: z.string().optional(),
  publisher: z.string().optional(),
  published: z.string().optional(),
});

const commitFields = {
  commit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .meta({ description: 'The sources commit that made the change (git hash)' }),
  date: z.string().meta({ format: 'date-time', description: 'When the change was committed (ISO 8601, UTC)' }),
};

/** One change between two versions of the sources. */
export const ChangeEventSchema = z
  .object({
    ...commitFields,
    kind: z.enum(CHANGE_KINDS).meta({
      description:
        'fact_changed: a new value with a newer as_of (a change in the world); fact_corrected: a new value (or date) with the same or an older as_of (a correction of our data); fact_reconfirmed: the same value checked again at a newer as_of; fact_sources_changed: the same value and as_of, other sources',
    }),
    slug: z.string().nullable(),
    name: z.string().nullable(),
    category: CategoryIdSchema.nullable(),
    field: z.string().nullable().meta({
      description:
        'Dotted path of the fact in the source file, e.g. facts.apy.tiers.0.apy_pct or assessments.security.score; `incident` for incidents, `score` for scores, `version` for the methodology',
    }),
    old_value: z.unknown().meta({ description: 'Value before (null when there was none); an object for incidents and scores' }),
    new_value: z.unknown().meta({ description: 'Value after (null when removed)' }),
    old_as_of: date.nullable(),
    new_as_of: date.nullable(),
    old_sources: z.array(HistorySourceSchema),
    new_sources: z.array(HistorySourceSchema),
    description: z.string().meta({ description: 'The change in one line of text' }),
  })
  .register(apiRegistry, {
    id: 'ChangeEvent',
    description: 'One change between two versions of the sources: a fact, an incident, a score, a platform or the methodology.',
  });
export type ChangeEvent = z.infer<typeof ChangeEventSchema>;

/** Whether history could be read, and from where. */
export const HistoryStatusSchema = z.object({
  available: z
    .boolean()
    .meta({ description: 'False when the build had no git history of the sources (e.g. built from a tarball): only the current state is published' }),
  note: z.string().nullable().meta({ description: 'Why history is missing or partial (shallow clone, no git)' }),
  first_commit_date: z.string().nullable(),
  last_commit_date: z.string().nullable(),
  commits: z.number().int().min(0).meta({ description: 'Commits that changed the sources' }),
});
export type HistoryStatus = z.infer<typeof HistoryStatusSchema>;

/** One point of a platform's score timeline. */
const ScorePointSchema = z.object({
  ...commitFields,
  methodology_version: z.string(),
  evaluation_date: date.meta({ description: 'The commit date: the score as the data stood on that day' }),
  score_pct: z.number().nullable(),
  coverage: z.number(),
  eligible: z.boolean(),
});
export type ScorePoint = z.infer<typeof ScorePointSchema>;

export const PlatformHistoryResponseSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    category: CategoryIdSchema,
    history: HistoryStatusSchema,
    facts: z
      .array(z.object({ field: z.string(), events: z.array(ChangeEventSchema) }))
      .meta({ description: "Every fact's timeline, oldest event first, by field" }),
    incidents: z.array(ChangeEventSchema).meta({ description: 'Incidents added, corrected or removed, oldest first' }),
    scores: z.array(ScorePointSchema).meta({
      description:
        "The overall score under default weights after each change to the platform's category, scored with that commit's methodology (commits whose files this build cannot read are left out)",
    }),
    json: url,
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, { id: 'PlatformHistory', description: 'Timelines of one platform: each fact, incidents, the score.' });
export type PlatformHistoryResponse = z.infer<typeof PlatformHistoryResponseSchema>;

/** The summary of a set of changes (GET /v1/changes?summary=true): what an agent needs to say "what changed" without reading every change. */
const ChangesSummarySchema = z
  .object({
    by_kind: z.record(z.string(), z.number().int().min(1)).meta({ description: 'Changes per kind (kinds with none left out)' }),
    platforms_changed: z.number().int().min(0).meta({ description: 'Platforms with at least one matching change' }),
    by_platform: z.array(z.object({ slug: z.string(), name: z.string().nullable(), count: z.number().int().min(1) })).meta({
      description: `Changes per platform for the ${CHANGES_SUMMARY_PLATFORMS} most changed, most first (then by slug); changes of no platform (methodology) not counted`,
    }),
    largest_moves: z
      .array(
        z.object({
          slug: z.string().nullable(),
          name: z.string().nullable(),
          field: z.string().nullable(),
          kind: z.enum(CHANGE_KINDS),
          old_value: z.number(),
          new_value: z.number(),
          change: z.number(),
          new_as_of: date.nullable(),
          date: z.string(),
        }),
      )
      .meta({
        description: `Up to ${CHANGES_SUMMARY_MOVES} changes from one number to another (an APY, a fee, an assessed criterion score; overall score changes are objects and not listed), largest absolute change first: change = new_value - old_value, in the field's own unit`,
      }),
  })
  .register(apiRegistry, { id: 'ChangesSummary', description: 'Counts per kind and platform and the largest numeric moves of a set of changes.' });
export type ChangesSummary = z.infer<typeof ChangesSummarySchema>;

export const ChangesResponseSchema = z
  .object({
    history: HistoryStatusSchema,
    since: date.nullable(),
    category: CategoryIdSchema.nullable(),
    platform: z.string().nullable().meta({ description: 'Slug of the platform the changes are limited to' }),
    kinds: z.array(z.enum(CHANGE_KINDS)).nullable().meta({ description: 'The kinds the changes are limited to (the `kind` filter); null: every kind' }),
    total: z.number().int().min(0).meta({ description: 'Changes matching the filters, over all pages' }),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1),
    next: z.string().nullable().meta({ description: 'Path and query of the next page; null on the last page' }),
    summary: ChangesSummarySchema.optional().meta({ description: 'With summary=true: counts and the largest moves over every matching change (all pages)' }),
    changes: z.array(ChangeEventSchema).meta({ description: 'Newest first (by commit date, then in the order of the commit)' }),
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, { id: 'ChangesResponse', description: 'Changes to the data since a date, newest first, paginated.' });
export type ChangesResponse = z.infer<typeof ChangesResponseSchema>;
