/**
 * The preview of a change to the sources (`npm run preview -- --base <ref>`): both states scored by
 * the build's own scoring on one evaluation date, then what differs among the published answers
 * (published-answers.ts) and which facts changed, each told apart as a change in the world or a
 * correction by its as_of, the same way the history is (pipeline/history/fact-changes.ts).
 */
import type { CategoryId } from '../../runtime/domain/contract/categories.js';
import type { ChangeEvent } from '../../runtime/domain/contract/history-schemas.js';
import { platformChanges } from '../history/fact-changes.js';
import { platformSnapshot } from '../history/platform-snapshot.js';
import { diffCategory, publishedAnswers, savingsAnswerName, type AnswerChange } from './published-answers.js';
import type { ScoredState } from './scored-state.js';

/** A platform's place in its category's ranking before and after (1-based; null: not listed). */
interface RankMove {
  category: CategoryId;
  slug: string;
  name: string;
  from: number | null;
  to: number | null;
}

/** What a change to the sources does to the published answers. */
export interface Preview {
  base: string;
  head: string;
  evaluation_date: string;
  /** False when no file under the sources folder differs (then every list is empty). */
  sources_changed: boolean;
  /** Facts, assessments and incidents that differ, as the history records them (fact_changed, fact_corrected, ...). */
  facts: Array<Pick<ChangeEvent, 'kind' | 'slug' | 'name' | 'category' | 'field' | 'old_value' | 'new_value' | 'old_as_of' | 'new_as_of' | 'description'>>;
  ranks: RankMove[];
  /** Every published answer that differs (scores, first places, verdicts, gate crossings, calculator rankings, stale flags). */
  answers: AnswerChange[];
}

/** The preview when nothing under the sources folder changed. */
export function unchangedPreview(base: string, head: string, evaluationDate: string): Preview {
  return { base, head, evaluation_date: evaluationDate, sources_changed: false, facts: [], ranks: [], answers: [] };
}

/**
 * The preview of `head` against `base`, both scored on the same evaluation date.
 * @param baseLabel / headLabel how the two states are named (a git ref, "working tree")
 */
export function previewChange(base: ScoredState, head: ScoredState, baseLabel: string, headLabel: string): Preview {
  const beforeSources = new Map(base.scored.map((p) => [p.source.slug, p.source]));
  const afterSources = new Map(head.scored.map((p) => [p.source.slug, p.source]));
  const facts: Preview['facts'] = [];
  for (const slug of [...new Set([...beforeSources.keys(), ...afterSources.keys()])].sort()) {
    const before = beforeSources.get(slug);
    const after = afterSources.get(slug);
    for (const e of platformChanges(before ? platformSnapshot(before) : null, after ? platformSnapshot(after) : null, {
      hash: headLabel,
      date: head.site.evaluation_date,
    })) {
      facts.push({
        kind: e.kind,
        slug: e.slug,
        name: e.name,
        category: e.category,
        field: e.field,
        old_value: e.old_value,
        new_value: e.new_value,
        old_as_of: e.old_as_of,
        new_as_of: e.new_as_of,
        description: e.description,
      });
    }
  }
  const beforeAnswers = publishedAnswers(base.site, base.methodology, base.scored);
  const afterAnswers = publishedAnswers(head.site, head.methodology, head.scored);
  const answers: AnswerChange[] = [];
  const ranks: RankMove[] = [];
  for (const [category, b] of beforeAnswers) {
    const a = afterAnswers.get(category)!;
    answers.push(...diffCategory(category, b, a, savingsAnswerName(head.methodology)));
    const position = (list: typeof b.ranking, slug: string) => {
      const i = list.findIndex((r) => r.slug === slug);
      return i < 0 ? null : i + 1;
    };
    for (const row of [...b.ranking, ...a.ranking.filter((r) => position(b.ranking, r.slug) === null)]) {
      const [from, to] = [position(b.ranking, row.slug), position(a.ranking, row.slug)];
      if (from !== to) ranks.push({ category, slug: row.slug, name: row.name, from, to });
    }
  }
  return { base: baseLabel, head: headLabel, evaluation_date: head.site.evaluation_date, sources_changed: true, facts, ranks, answers };
}

/** A fact's value as a reviewer reads it: null is a fact the sources leave open. */
const shown = (value: unknown): string => (value === null ? 'unknown' : typeof value === 'string' ? value : JSON.stringify(value));
const cell = (text: unknown) => (typeof text === 'string' ? text : (JSON.stringify(text) ?? '')).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Headings of the answer sections, in the order a reviewer reads them. */
const SECTIONS: Array<{ title: string; kinds: ReadonlyArray<AnswerChange['kind']> }> = [
  { title: 'Category first places and top 3', kinds: ['first_place', 'top_3'] },
  { title: 'Coverage gate crossings', kinds: ['coverage_gate'] },
  { title: 'Published verdicts', kinds: ['verdict_winner', 'verdict_flag'] },
  { title: 'Savings and fee rankings (default inputs)', kinds: ['savings_ranking', 'fee_ranking'] },
  { title: 'Scores moved', kinds: ['score'] },
  { title: 'Stale flags', kinds: ['stale_flag'] },
];

/**
 * The preview as Markdown for a pull-request comment: the facts changed (old → new with as_of),
 * then each kind of published answer that moves, or one line saying no published answer changes.
 * @param rowsShown rows listed per section (the JSON has all)
 */
export function formatPreview(p: Preview, rowsShown = 50): string {
  const lines = [`## Data preview: ${p.base} → ${p.head}`, '', `Evaluated on ${p.evaluation_date}, both sides with the build's own scoring.`, ''];
  if (!p.sources_changed) {
    lines.push(`No file under sources/ changed: no published answer changes.`);
    return lines.join('\n');
  }
  const more = (n: number) => (n > rowsShown ? [``, `… and ${n - rowsShown} more (npm run preview -- --json lists all)`] : []);
  lines.push(`### Facts changed (${p.facts.length})`, '');
  if (p.facts.length === 0) lines.push('None: the change touches no fact, assessment or incident.');
  else {
    lines.push('| platform | field | change | old → new | as_of old → new |', '|---|---|---|---|---|');
    for (const f of p.facts.slice(0, rowsShown)) {
      const old = f.kind === 'fact_added' || f.kind === 'incident_added' || f.kind === 'platform_added' ? '—' : shown(f.old_value);
      const now = f.kind === 'fact_removed' || f.kind === 'incident_removed' || f.kind === 'platform_removed' ? '—' : shown(f.new_value);
      lines.push(
        `| ${cell(f.name)} | ${cell(f.field ?? '')} | ${f.kind.replace(/_/g, ' ')} | ${cell(old)} → ${cell(now)} | ${f.old_as_of ?? '—'} → ${f.new_as_of ?? '—'} |`,
      );
    }
    lines.push(...more(p.facts.length));
  }
  lines.push('');
  if (p.answers.length === 0 && p.ranks.length === 0) {
    lines.push('**No published answer changes.**');
    return lines.join('\n');
  }
  for (const s of SECTIONS) {
    const list = p.answers.filter((a) => s.kinds.includes(a.kind));
    if (!list.length) continue;
    lines.push(`### ${s.title} (${list.length})`, '');
    for (const a of list.slice(0, rowsShown)) lines.push(`- ${a.answer}: ${a.detail}`);
    lines.push(...more(list.length), '');
  }
  if (p.ranks.length) {
    lines.push(`### Ranks changed (${p.ranks.length})`, '', '| category | platform | rank |', '|---|---|---|');
    for (const r of p.ranks.slice(0, rowsShown)) lines.push(`| ${r.category} | ${cell(r.name)} | ${r.from ?? 'new'} → ${r.to ?? 'removed'} |`);
    lines.push(...more(p.ranks.length), '');
  }
  return lines.join('\n');
}
