/**
 * The sources of a folder loaded, checked and scored as `npm run build` scores them (pipeline/build.ts
 * scoreSources), for the editor's commands (refresh queue, preview, link check), evaluated on
 * SOURCE_DATE_EPOCH when set, else today (pipeline/evaluation-date.ts).
 */
import path from 'node:path';
import { scoreSources, type ScoredSources } from '../build.js';
import type { EvidenceContext } from '../../runtime/domain/scoring/fact-states.js';
import { todayUtc } from '../evaluation-date.js';
import { formatReport } from '../problems.js';
import { namingRoot } from './platform-files.js';

/** Scored sources without errors. */
export type ScoredState = Extract<ScoredSources, { ok: true }>;

/** The evaluation context (date, freshness windows, tier lists) a scored state was made with. */
export function evidenceOf(state: ScoredState): EvidenceContext {
  return { evaluationDate: state.site.evaluation_date, freshness: state.methodology.freshness, lists: state.lists };
}

/**
 * Loads and scores the sources in `sourcesDir`; problems name files relative to namingRoot(sourcesDir).
 * A SOURCE_DATE_EPOCH that is not whole seconds is one of the build's problems (scoreSources).
 * @param label how the error names the sources (default: "the sources in <folder>")
 * @throws Error with the build's problems (file:line:col) when the sources have an error
 */
export async function loadScoredState(sourcesDir: string, label = `the sources in ${sourcesDir}`): Promise<ScoredState> {
  const result = await scoreSources({
    root: namingRoot(sourcesDir),
    sourcesDir: path.resolve(sourcesDir),
    baseUrl: undefined,
    today: todayUtc(),
    sourceDateEpoch: process.env.SOURCE_DATE_EPOCH,
  });
  if (!result.ok)
    throw new Error(
      `${label} do not build with this pipeline (npm run check lists the problems):\n${formatReport(result.problems.filter((p) => p.severity === 'error'))}`,
    );
  return result;
}
