/**
 * A throwaway git repository holding a copy of the fixture sources, for tests of history and
 * change webhooks: commits at exact dates (so hashes and dates are fixed) and text edits that
 * fail loudly when the text to replace is not there.
 */
import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { FIXTURE_SOURCES, tempDir } from './helpers.js';

export const git = promisify(execFile);

export interface SourceRepo {
  repo: string;
  sources: string;
  /** Commits everything at `date` (ISO 8601, author and committer); resolves with the commit hash. */
  commit(message: string, date: string): Promise<string>;
  /** Replaces `from` by `to` in a file under sources/. @throws Error when `from` is not in the file */
  edit(file: string, from: string, to: string): Promise<void>;
}

/** A new repository whose first commit, at `date`, holds the fixture sources under sources/. */
export async function newSourceRepo(prefix: string, date: string): Promise<SourceRepo & { initial: string }> {
  const repo = await tempDir(prefix);
  const sources = path.join(repo, 'sources');
  await cp(FIXTURE_SOURCES, sources, { recursive: true });
  await git('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  const commit = async (message: string, at: string): Promise<string> => {
    const env = {
      ...process.env,
      GIT_AUTHOR_DATE: at,
      GIT_COMMITTER_DATE: at,
      GIT_AUTHOR_NAME: 'Editor',
      GIT_AUTHOR_EMAIL: 'editor@example.org',
      GIT_COMMITTER_NAME: 'Editor',
      GIT_COMMITTER_EMAIL: 'editor@example.org',
    };
    await git('git', ['add', '-A'], { cwd: repo, env });
    await git('git', ['commit', '-q', '-m', message], { cwd: repo, env });
    return (await git('git', ['rev-parse', 'HEAD'], { cwd: repo })).stdout.trim();
  };
  const edit = async (file: string, from: string, to: string): Promise<void> => {
    const full = path.join(sources, file);
    const text = await readFile(full, 'utf8');
    if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
    await writeFile(full, text.replace(from, to));
  };
  return { repo, sources, commit, edit, initial: await commit('Fixture sources', date) };
}
