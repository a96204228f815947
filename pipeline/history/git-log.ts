/**
 * Reading the version history of the sources folder with the git command line (the only
 * git implementation that reads every repository layout, shallow clones and packs included;
 * isomorphic-git and nodegit were not needed for two plumbing commands).
 *
 *   git log --first-parent --diff-merges=first-parent --raw -- <sources>   commits, oldest first,
 *                                                                          with the blobs each changed
 *   git cat-file --batch                                                   the blobs' texts
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One file a commit changed under the sources folder: its path relative to that folder and its blob before and after (null: absent). */
interface ChangedFile {
  path: string;
  before: string | null;
  after: string | null;
}

/** A commit that touched the sources folder: full hash, committer date (ISO 8601 with offset, as git prints it), subject line, and its changes. */
export interface SourceCommit {
  hash: string;
  date: string;
  subject: string;
  files: ChangedFile[];
}

/** The commits of a sources folder, oldest first, or why there are none to read. */
export type GitSourceLog = { available: true; commits: SourceCommit[]; shallow: boolean } | { available: false; reason: string };

/** git's hash of a missing side of a change (--raw). */
const NO_BLOB = /^0+$/;
/** Large enough for a log of thousands of commits over thousands of files (execFile's default is 1 MiB). */
const MAX_LOG_BYTES = 1 << 30;

/**
 * Runs git with `args` in `cwd`; resolves with its standard output (UTF-8, up to 1 GiB).
 * @throws Error `git <args>: <git's standard error, else the spawn error>` when git exits non-zero or cannot start
 */
export async function git(cwd: string, args: string[]): Promise<string> {
  try {
    return (await run('git', args, { cwd, maxBuffer: MAX_LOG_BYTES, encoding: 'utf8' })).stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`git ${args.join(' ')}: ${(e.stderr || e.message).trim()}`);
  }
}

/**
 * The commits that changed files under `sourcesDir`, oldest first, following the first parent
 * (a merge counts as one commit: what it brought to the branch). Never throws for a folder
 * outside git, git missing, or a repository without commits: it answers why instead.
 */
export async function readSourceLog(sourcesDir: string): Promise<GitSourceLog> {
  let prefix: string;
  let shallow: boolean;
  try {
    const [inside, top, shallowFlag] = (await git(sourcesDir, ['rev-parse', '--is-inside-work-tree', '--show-prefix', '--is-shallow-repository'])).split('\n');
    if (inside !== 'true') return { available: false, reason: 'the sources folder is not inside a git work tree' };
    prefix = top ?? '';
    shallow = shallowFlag === 'true';
    await git(sourcesDir, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { available: false, reason: /ENOENT/.test(String(message)) ? 'git is not installed' : 'the sources folder is not in a git repository with commits' };
  }
  const SEP = '\u001e';
  const out = await git(sourcesDir, [
    'log',
    '--first-parent',
    '--diff-merges=first-parent',
    '--reverse',
    '--raw',
    '--no-abbrev',
    '--no-renames',
    '-z',
    `--format=${SEP}%H%x00%cI%x00%s%x00`,
    '--',
    '.',
  ]);
  const commits: SourceCommit[] = [];
  for (const chunk of out.split(SEP)) {
    if (!chunk) continue;
    const fields = chunk.split('\0');
    const [hash, date, subject] = fields;
    const files: ChangedFile[] = [];
    // -z --raw: ":old_mode new_mode old_blob new_blob status\0path\0" per file, after an empty field and a newline
    let i = 3;
    while (i < fields.length && fields[i]!.trim() === '') i++;
    for (; i + 1 < fields.length; i += 2) {
      const meta = fields[i]!.trim();
      if (!meta.startsWith(':')) break;
      const [, , before, after] = meta.slice(1).split(' ');
      const file = fields[i + 1]!;
      if (!file.startsWith(prefix)) continue;
      files.push({ path: file.slice(prefix.length), before: NO_BLOB.test(before!) ? null : before!, after: NO_BLOB.test(after!) ? null : after! });
    }
    commits.push({ hash: hash!, date: date!, subject: subject ?? '', files });
  }
  if (commits.length === 0) return { available: false, reason: 'no commit of the repository touches the sources folder (untracked files)' };
  return { available: true, commits, shallow };
}

/**
 * The texts of blobs, by hash, read through one `git cat-file --batch` process.
 * @throws Error when git fails or a blob is missing (a broken repository)
 */
export function readBlobs(cwd: string, hashes: readonly string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (hashes.length === 0) return Promise.resolve(texts);
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`git cat-file failed: ${stderr.trim()}`));
      const all = Buffer.concat(chunks);
      // each answer: "<hash> blob <size>\n<bytes>\n" or "<hash> missing\n"
      let at = 0;
      for (const hash of hashes) {
        const eol = all.indexOf(10, at);
        const header = all.subarray(at, eol).toString('latin1').split(' ');
        if (header[1] !== 'blob') return reject(new Error(`git cat-file: ${hash} is ${header[1] ?? 'unreadable'}`));
        const size = Number(header[2]);
        texts.set(hash, all.subarray(eol + 1, eol + 1 + size).toString('utf8'));
        at = eol + 1 + size + 1;
      }
      resolve(texts);
    });
    child.stdin.end(`${hashes.join('\n')}\n`);
  });
}
