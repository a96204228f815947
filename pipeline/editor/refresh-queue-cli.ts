/**
 * `npm run refresh-queue [-- --sources DIR] [--limit N] [--category ID] [--json]`: the stale, weak-only and missing
 * facts that published answers depend on, highest impact first (pipeline/editor/refresh-queue.ts),
 * as Markdown, or with --json as one object `{ evaluation_date, methodology_version, candidates,
 * deciding_nothing, limit, items: QueueItem[] }`. Evaluated on SOURCE_DATE_EPOCH when set, else today.
 * Exits 1 when the sources do not build, 2 on a usage error.
 */
import { parseArgs } from 'node:util';
import { CATEGORY_IDS, type CategoryId } from '../../runtime/domain/contract/categories.js';
import { DEFAULT_SOURCES_DIR } from '../paths.js';
import { platformFiles } from './platform-files.js';
import { formatRefreshQueue, refreshQueue } from './refresh-queue.js';
import { loadScoredState } from './scored-state.js';
import { runCommand, UsageError } from './run-command.js';

/** The queue's cap: the first 200 items (an editor's week or two of work; the JSON says how many more there are). */
const DEFAULT_LIMIT = 200;

const USAGE = `usage: npm run refresh-queue [-- --sources DIR] [--limit N] [--category ${CATEGORY_IDS.join('|')}] [--json]\n`;

await runCommand(USAGE, async () => {
  const { values } = parseArgs({
    options: { sources: { type: 'string' }, limit: { type: 'string' }, category: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a whole number above 0; got "${values.limit}"`);
  if (values.category !== undefined && !(CATEGORY_IDS as readonly string[]).includes(values.category)) {
    throw new UsageError(`unknown category "${values.category}"; allowed: ${CATEGORY_IDS.join(', ')}`);
  }
  const sourcesDir = values.sources ?? DEFAULT_SOURCES_DIR;
  const state = await loadScoredState(sourcesDir);
  const queue = refreshQueue(state, await platformFiles(sourcesDir), limit, (values.category as CategoryId | undefined) ?? null);
  process.stdout.write(values.json ? `${JSON.stringify(queue, null, 2)}\n` : `${formatRefreshQueue(queue)}\n`);
  return 0;
});
