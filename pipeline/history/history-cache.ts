/**
 * What one commit contributed to the history, kept on disk by commit hash: a commit never
 * changes, so its changes and scores are computed once. The key also holds the sources
 * folder's place in the repository and the fingerprint of the code that derives history
 * (./code-fingerprint.ts): a build whose rules differ computes every entry again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChangeEvent } from '../../runtime/domain/contract/history-schemas.js';
import type { CommitScore } from './score-at-commit.js';
import { runningCodeFingerprint } from './code-fingerprint.js';

/** A commit's share of the history. */
export interface CommitHistory {
  events: ChangeEvent[];
  /** Scores of the categories the commit changed, when they could be scored. */
  scores: CommitScore[];
}

/** The cache, or none (a build with no cache folder computes every commit). */
export class HistoryCache {
  private readonly dir: string | null;

  /**
   * @param dir folder of the cache; null: no cache
   * @param scope the sources folder (its entries are kept apart from another folder's)
   */
  constructor(dir: string | null, scope: string) {
    this.dir = dir === null ? null : path.join(dir, createHash('sha256').update(`${runningCodeFingerprint()}\0${scope}`).digest('hex').slice(0, 16));
  }

  private file(commit: string): string {
    return path.join(this.dir!, `${commit}.json`);
  }

  /** The entry of a commit; null when absent or unreadable (it is then computed again). */
  async get(commit: string): Promise<CommitHistory | null> {
    if (!this.dir) return null;
    try {
      return JSON.parse(await readFile(this.file(commit), 'utf8')) as CommitHistory;
    } catch {
      return null;
    }
  }

  /** Stores an entry (written aside, then renamed: a reader never sees half a file); a failure to write only loses the cache. */
  async set(commit: string, entry: CommitHistory): Promise<void> {
    if (!this.dir) return;
    try {
      await mkdir(this.dir, { recursive: true });
      const temp = `${this.file(commit)}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(entry));
      await rename(temp, this.file(commit));
    } catch {
      // a read-only checkout: history is still derived, only not kept
    }
  }
}
