/**
 * The refresh queue (`npm run refresh-queue`): every fact group or assessment that is stale, backed
 * only by weak sources, or missing, with what it decides among the published answers
 * (published-answers.ts), highest impact first. What a fact decides is found by scoring its category
 * again, with the build's own scoring (pipeline/score/score-dataset.ts), in the situations an edit
 * can bring about (CONTRIBUTING.md "How impact is computed"):
 * - stale or weak-only fact: without it (the edit removes it), and as it stands but re-read today
 *   from the platform's own page (the edit re-dates it and cites a primary source);
 * - missing fact: filled like the category's best and like its worst platform on that criterion
 *   (their fact groups or assessment, dated today, cited to the platform's own page): nothing is
 *   guessed, the two ends of what the category shows bound what the fact can decide.
 * These situations exist only in memory; nothing here writes a source.
 * The impact is the sum of the points of every published answer that differs from today's in any
 * of the situations (each answer counted once, at its highest points).
 */
import { CATEGORY_IDS, type CategoryId } from '../../runtime/domain/contract/categories.js';
import type { FactKind } from '../../runtime/domain/sources/methodology-schema.js';
import type { PlatformSource } from '../../runtime/domain/sources/platform-schema.js';
import { groupsOfRule } from '../../runtime/domain/scoring/criterion-rules.js';
import { factKindOf } from '../../runtime/domain/scoring/fact-states.js';
import { ageInDays } from '../../runtime/domain/scoring/freshness.js';
import { figuresOf } from '../score/figures.js';
import { scoreDataset, type ScoredPlatform } from '../score/score-dataset.js';
import { platformSnapshot } from '../history/platform-snapshot.js';
import { categoryAnswers, diffCategory, impactOf, savingsAnswerName, type AnswerChange, type CategoryAnswers } from './published-answers.js';
import type { PlatformFiles } from './platform-files.js';
import { evidenceOf, type ScoredState } from './scored-state.js';

/** Why a fact is in the queue. */
type QueueReason = 'stale' | 'weak_only' | 'missing';

/** One published answer a queued fact decides, and in which situation it moves. */
interface AffectedAnswer {
  answer: string;
  kind: AnswerChange['kind'];
  /** The situation it moves in: "without it", "re-read today", "like the best <slug>", "like the worst <slug>". */
  when: string;
  detail: string;
  points: number;
}

/** One item of the queue. */
interface QueueItem {
  /** 1-based position in the queue. */
  position: number;
  impact: number;
  category: CategoryId;
  slug: string;
  name: string;
  /** The source file (relative to the project root) and the line of the fact group (of its parent when missing). */
  file: string;
  line: number;
  /** `facts.<group>`, `assessments.<criterion>`, or `incidents` (the incident record, judged on incidents_checked). */
  fact: string;
  /** The criteria it scores (empty for a group no criterion reads). */
  criteria: string[];
  reasons: QueueReason[];
  /** The current value's leaves (e.g. "tiers.0.apy_pct": 3.7), or null when missing. */
  value: Record<string, unknown> | null;
  as_of: string | null;
  /** Days from as_of to the evaluation date, and the freshness window of the fact's kind (methodology.yaml `freshness`). */
  age_days: number | null;
  window_days: number;
  fact_kind: FactKind;
  /** The pages cited now, to re-read first (for a missing fact: the platform's website, where to start). */
  urls: string[];
  affects: AffectedAnswer[];
}

/** The queue with what it was made from. */
export interface RefreshQueue {
  evaluation_date: string;
  methodology_version: string;
  /** Facts that are stale, weak-only or missing and decide published answers (impact above 0). */
  candidates: number;
  /** Stale, weak-only or missing facts whose impact is 0 (left out): no answer moves, or only a coverage figure or a score by under 0.5 points. */
  deciding_nothing: number;
  limit: number;
  items: QueueItem[];
}

interface Candidate {
  fact: string;
  criteria: string[];
  reasons: QueueReason[];
  /** What the item shows of the fact as it stands. */
  shown: Pick<QueueItem, 'value' | 'as_of' | 'urls' | 'fact_kind'>;
  /** The situations to score: a label and the source as it would be. */
  situations: Array<{ when: string; source: PlatformSource }>;
}

type Mutable = Record<string, unknown>;

/** A fact group or assessment as re-read today from the platform's own website (a primary source). */
function reRead(group: unknown, evaluationDate: string, website: string): Mutable {
  return { ...(group as Mutable), as_of: evaluationDate, sources: [{ url: website, title: "the platform's own page, re-read (refresh queue situation)" }] };
}

function withFact(source: PlatformSource, fact: string, value: Mutable | undefined): PlatformSource {
  const copy = structuredClone(source) as unknown as { facts: Mutable; assessments?: Mutable };
  const [kind, key] = fact.split('.') as ['facts' | 'assessments', string];
  const holder = kind === 'facts' ? copy.facts : (copy.assessments ??= {});
  if (value === undefined) delete holder[key];
  else holder[key] = value;
  return copy as unknown as PlatformSource;
}

/** The criteria of a category that read a fact (`facts.<group>` or `assessments.<key>`). */
function criteriaReading(state: ScoredState, category: CategoryId, fact: string): string[] {
  const [kind, key] = fact.split('.') as [string, string];
  return state.methodology.categories[category].criteria
    .filter((c) => (kind === 'assessments' ? c.rule.kind === 'assessed' && c.key === key : groupsOfRule(c.rule, category).includes(key)))
    .map((c) => c.key);
}

function candidatesOf(state: ScoredState, members: readonly ScoredPlatform[], p: ScoredPlatform): Candidate[] {
  const date = state.site.evaluation_date;
  const { category, website } = p.source;
  const snapshot = platformSnapshot(p.source);
  const out: Candidate[] = [];
  const kindOf = (fact: string) => {
    const [kind, key] = fact.split('.') as ['facts' | 'assessments', string];
    return kind === 'assessments' ? ('assessment' as const) : factKindOf(state.methodology, category, key);
  };
  const present = (fact: string, group: { as_of: string; sources: Array<{ url: string }> }, stale: boolean, weak: boolean) => {
    const reasons: QueueReason[] = [...(stale ? ['stale' as const] : []), ...(weak ? ['weak_only' as const] : [])];
    if (!reasons.length) return;
    const prefix = `${fact}.`;
    const value = Object.fromEntries([...(snapshot?.facts ?? [])].filter(([at]) => at.startsWith(prefix)).map(([at, v]) => [at.slice(prefix.length), v.value]));
    out.push({
      fact,
      criteria: criteriaReading(state, category, fact),
      reasons,
      shown: { value, as_of: group.as_of, urls: [...new Set(group.sources.map((x) => x.url))], fact_kind: kindOf(fact) },
      situations: [
        { when: 'without it', source: withFact(p.source, fact, undefined) },
        { when: "re-read today from the platform's page", source: withFact(p.source, fact, reRead(group, date, website)) },
      ],
    });
  };
  const facts = p.source.facts as Record<string, { as_of: string; sources: Array<{ url: string }> }>;
  for (const f of figuresOf(p)) {
    const group = f.kind === 'facts' ? facts[f.key]! : p.source.assessments![f.key]!;
    present(`${f.kind}.${f.key}`, group, f.stale, f.evidence_tier === 'weak');
  }
  // missing: each criterion without data, filled like the category's best and worst platform on it
  for (const c of p.criteria) {
    if (c.basis !== 'missing') continue;
    const definition = state.methodology.categories[category].criteria.find((d) => d.key === c.key)!;
    const facts = definition.rule.kind === 'assessed' ? [`assessments.${c.key}`] : groupsOfRule(definition.rule, category).map((g) => `facts.${g}`);
    const peers = members
      .filter((m) => m !== p && m.criteria.find((x) => x.key === c.key)?.score != null)
      .sort(
        (a, b) =>
          a.criteria.find((x) => x.key === c.key)!.score! - b.criteria.find((x) => x.key === c.key)!.score! || a.source.slug.localeCompare(b.source.slug),
      );
    const ends = peers.length === 0 ? [] : [{ end: 'best', peer: peers.at(-1)! }, ...(peers.length > 1 ? [{ end: 'worst', peer: peers[0]! }] : [])];
    for (const fact of facts) {
      const [kind, key] = fact.split('.') as ['facts' | 'assessments', string];
      // a group that is there (e.g. a rubric whose facts are all unknown) is filled like the peer's too
      if (out.some((x) => x.fact === fact)) continue;
      out.push({
        fact,
        criteria: criteriaReading(state, category, fact),
        reasons: ['missing'],
        shown: { value: null, as_of: null, urls: [website], fact_kind: kindOf(fact) },
        situations: ends.flatMap(({ end, peer }) => {
          const value = (kind === 'facts' ? (peer.source.facts as Mutable)[key] : peer.source.assessments?.[key]) as Mutable | undefined;
          return value === undefined
            ? []
            : [{ when: `like the ${end} on ${c.key}, ${peer.source.slug}`, source: withFact(p.source, fact, reRead(value, date, website)) }];
        }),
      });
    }
  }
  // the incident record, stale when the incidents were last searched longer ago than its window
  if (p.model.incident_record_stale) {
    const searched = { ...structuredClone(p.source), incidents_checked: date, as_of: p.source.as_of > date ? p.source.as_of : date };
    out.push({
      fact: 'incidents',
      criteria: [],
      reasons: ['stale'],
      shown: {
        value: { incidents: p.source.incidents?.length ?? 0 },
        as_of: p.model.incidents_checked,
        urls: [website, ...new Set((p.source.incidents ?? []).flatMap((i) => i.sources.map((x) => x.url)))],
        fact_kind: 'incident_record',
      },
      situations: [{ when: 'searched again today, nothing new', source: searched as PlatformSource }],
    });
  }
  return out;
}

/** The answers of a category with one platform's source replaced, scored by the build's own scoring. */
function answersWith(state: ScoredState, members: readonly ScoredPlatform[], replaced: PlatformSource, category: CategoryId): CategoryAnswers {
  const sources = members.map((m) => (m.source.slug === replaced.slug ? replaced : m.source));
  const scored = scoreDataset(sources, state.methodology, state.site, evidenceOf(state));
  return categoryAnswers(state.site, state.methodology, category, scored);
}

/**
 * The refresh queue of a scored dataset.
 * @param files where each platform's file is, to name file and line: those of the sources folder `state` was scored from
 * @param limit most items returned (the queue's cap)
 * @param only the category to queue (null: every category)
 */
export function refreshQueue(state: ScoredState, files: PlatformFiles, limit: number, only: CategoryId | null = null): RefreshQueue {
  const savingsName = savingsAnswerName(state.methodology);
  const date = state.site.evaluation_date;
  // every scored platform has its file: the state built, so each file passed the file-location check
  // (its name is its slug), and `files` lists the same sources folder
  const fileOf = (slug: string) => files.get(slug)!;
  const items: Omit<QueueItem, 'position'>[] = [];
  let nothing = 0;
  for (const category of only === null ? CATEGORY_IDS : [only]) {
    const before = categoryAnswers(state.site, state.methodology, category, state.scored);
    const members = state.scored.filter((p) => p.source.category === category);
    for (const p of members) {
      for (const c of candidatesOf(state, members, p)) {
        const affects = new Map<string, AffectedAnswer>();
        for (const { when, source } of c.situations) {
          for (const change of diffCategory(category, before, answersWith(state, members, source, category), savingsName)) {
            const key = `${change.kind} ${change.answer}`;
            const known = affects.get(key);
            if (!known || known.points < change.points)
              affects.set(key, { answer: change.answer, kind: change.kind, when, detail: change.detail, points: change.points });
          }
        }
        const list = [...affects.values()].sort((a, b) => b.points - a.points || a.answer.localeCompare(b.answer));
        const impact = impactOf(list);
        if (impact === 0) {
          nothing++;
          continue;
        }
        const { value, as_of, urls, fact_kind } = c.shown;
        items.push({
          impact,
          category,
          slug: p.source.slug,
          name: p.source.name,
          file: fileOf(p.source.slug).file,
          line: 0, // located below, for the items kept only (each file is parsed again to locate)
          fact: c.fact,
          criteria: c.criteria,
          reasons: c.reasons,
          value,
          as_of,
          age_days: as_of === null ? null : ageInDays(as_of, date),
          window_days: state.methodology.freshness[fact_kind].days,
          fact_kind,
          urls,
          affects: list,
        });
      }
    }
  }
  // highest impact first; then the most overdue; then by file and fact, so the order is stable
  const overdue = (i: Omit<QueueItem, 'position'>) => (i.age_days === null ? Number.MAX_SAFE_INTEGER : i.age_days - i.window_days);
  items.sort((a, b) => b.impact - a.impact || overdue(b) - overdue(a) || a.file.localeCompare(b.file) || a.fact.localeCompare(b.fact));
  return {
    evaluation_date: date,
    methodology_version: state.methodology.version,
    candidates: items.length,
    deciding_nothing: nothing,
    limit,
    items: items.slice(0, limit).map((item, i) => ({ position: i + 1, ...item, line: fileOf(item.slug).lineOf(item.fact.split('.')) })),
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function valueText(value: QueueItem['value']): string {
  if (value === null) return 'missing';
  // long texts (product names with their conditions) are cut in the table; the JSON has them whole
  const short = (v: unknown) => (typeof v === 'string' && v.length > 40 ? `${JSON.stringify(v.slice(0, 39))}…` : JSON.stringify(v));
  const parts = Object.entries(value).map(([k, v]) => `${k} ${short(v)}`);
  const shown = parts.slice(0, 4).join(', ');
  return parts.length > 4 ? `${shown}, … (${parts.length - 4} more)` : shown || '(no value)';
}

/**
 * The queue as Markdown: a table of the items (position, impact, file:line, fact, why, value,
 * as_of and age against the window), then each item's answers and the pages to re-read.
 * @param answersShown answers listed per item (the JSON has all)
 */
export function formatRefreshQueue(queue: RefreshQueue, answersShown = 5): string {
  const lines = [
    `# Refresh queue, ${queue.evaluation_date} (methodology ${queue.methodology_version})`,
    '',
    `${queue.candidates} stale, weak-only or missing facts decide published answers${queue.candidates > queue.items.length ? `; the first ${queue.items.length} are listed` : ''}. ${queue.deciding_nothing} more decide none (left out). Impact: the points of every published answer the fact moves (CONTRIBUTING.md "How impact is computed").`,
    '',
    '| # | impact | file:line | fact | why | value | as_of | age / window (days) |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const i of queue.items) {
    lines.push(
      `| ${i.position} | ${i.impact} | ${i.file}:${i.line} | ${i.slug} ${i.fact} | ${i.reasons.join(', ').replace('weak_only', 'weak-only')} | ${cell(valueText(i.value))} | ${i.as_of ?? '—'} | ${i.age_days ?? '—'} / ${i.window_days} |`,
    );
  }
  lines.push('');
  for (const i of queue.items) {
    lines.push(`## ${i.position}. ${i.name}: ${i.fact} (impact ${i.impact})`, '');
    lines.push(
      `- ${i.file}:${i.line}; scores ${i.criteria.join(', ') || 'no criterion'}; ${i.fact_kind} window ${i.window_days} days${i.age_days === null ? '' : `, ${i.age_days} days old`}`,
    );
    lines.push(`- ${i.value === null ? 'start at' : 're-read'}: ${i.urls.join(' , ')}`);
    lines.push(`- decides ${i.affects.length} published answer${i.affects.length === 1 ? '' : 's'}:`);
    for (const a of i.affects.slice(0, answersShown)) lines.push(`  - ${a.answer} (${a.points}): ${a.detail} [${a.when}]`);
    if (i.affects.length > answersShown) lines.push(`  - and ${i.affects.length - answersShown} more (--json lists all)`);
    lines.push('');
  }
  return lines.join('\n');
}
