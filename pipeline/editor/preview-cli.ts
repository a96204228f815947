/**
 * `npm run preview -- --base <git ref> [--head <git ref>] [--sources DIR] [--json]`: what the change
 * of the sources folder from `--base` to `--head` (default: the working tree, uncommitted edits and
 * new files included) does to the published answers (pipeline/editor/preview.ts), as Markdown for a
 * pull-request comment, or with --json as one object (Preview). Each git state of the sources folder
 * is read with `git archive` into a temporary folder and scored there; the working tree is scored
 * in place. Both are evaluated on SOURCE_DATE_EPOCH when set, else today.
 * Exits 0 when the preview is made, 1 when a side does not build or git fails, 2 on a usage error.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { git } from '../history/git-log.js';
import { DEFAULT_SOURCES_DIR } from '../paths.js';
import { evaluationDate } from '../evaluation-date.js';
import { formatPreview, previewChange, unchangedPreview } from './preview.js';
import { loadScoredState } from './scored-state.js';
import { runCommand, UsageError } from './run-command.js';

const run = promisify(execFile);
const USAGE = 'usage: npm run preview -- --base <git ref> [--head <git ref>] [--sources DIR] [--json]\n';

/** True when git exits non-zero (e.g. `git diff --quiet` on a difference). */
async function gitDiffers(cwd: string, args: string[]): Promise<boolean> {
  try {
    await run('git', args, { cwd });
    return false;
  } catch (error) {
    if ((error as { code?: number }).code === 1) return true;
    throw new Error(`git ${args.join(' ')}: ${((error as { stderr?: string }).stderr ?? String(error)).trim()}`);
  }
}

/** Extracts the sources folder (`rel` inside the repository) as of `ref` into a new folder under `into`; returns its path. */
async function sourcesAt(top: string, ref: string, rel: string, into: string): Promise<string> {
  const folder = await mkdtemp(path.join(into, 'state-'));
  const archive = path.join(folder, 'sources.tar');
  await git(top, ['archive', '--format=tar', '-o', archive, ref, '--', rel]);
  await run('tar', ['-xf', archive, '-C', folder]);
  return path.join(folder, rel);
}

await runCommand(USAGE, async () => {
  const { values } = parseArgs({
    options: { base: { type: 'string' }, head: { type: 'string' }, sources: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  if (!values.base) throw new UsageError('--base <git ref> is required: the commit, branch or tag to compare with (e.g. origin/main)');
  const sourcesDir = path.resolve(values.sources ?? DEFAULT_SOURCES_DIR);
  const top = (await git(sourcesDir, ['rev-parse', '--show-toplevel'])).trim();
  const rel = path.relative(top, sourcesDir) || '.';
  const headLabel = values.head ?? 'working tree';
  for (const ref of [values.base, ...(values.head ? [values.head] : [])])
    await git(top, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => {
      throw new UsageError(`"${ref}" is not a commit of the repository at ${top}`);
    });
  const changed = values.head
    ? await gitDiffers(top, ['diff', '--quiet', values.base, values.head, '--', rel])
    : (await gitDiffers(top, ['diff', '--quiet', values.base, '--', rel])) ||
      (await git(top, ['ls-files', '--others', '--exclude-standard', '--', rel])).trim() !== '';
  let preview;
  if (!changed) {
    preview = unchangedPreview(values.base, headLabel, evaluationDate());
  } else {
    const temp = await mkdtemp(path.join(tmpdir(), 'preview-'));
    try {
      const load = (dir: string, label: string) => loadScoredState(dir, `the sources of ${label}`);
      const baseDir = await sourcesAt(top, values.base, rel, temp);
      const headDir = values.head ? await sourcesAt(top, values.head, rel, temp) : sourcesDir;
      preview = previewChange(await load(baseDir, `base ${values.base}`), await load(headDir, `head ${headLabel}`), values.base, headLabel);
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }
  process.stdout.write(values.json ? `${JSON.stringify(preview, null, 2)}\n` : `${formatPreview(preview)}\n`);
  return 0;
});
