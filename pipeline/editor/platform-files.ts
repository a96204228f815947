/**
 * Where each platform's source file is, and the line of a dotted path in it, for the editor's
 * commands, named as `namingRoot` says (`sources/platforms/<category>/<slug>.yaml` in this
 * repository and in any copy of it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findPlatformFiles, parseYaml, problemAt, relativeFile, type SourceDocument } from '../load/load.js';

/** Where each platform's file is: slug -> path relative to the project root, and its text. */
export type PlatformFiles = ReadonlyMap<string, { file: string; lineOf: (path: string[]) => number }>;

/**
 * The folder source files are named relative to: the working folder when the sources are inside it
 * (npm runs scripts from the project root: `sources/platforms/...`), else the folder that holds the
 * sources folder (a temporary copy of a git state, a repository elsewhere: still `sources/platforms/...`).
 */
export function namingRoot(sourcesDir: string): string {
  const absolute = path.resolve(sourcesDir);
  const inside = path.relative(process.cwd(), absolute);
  return inside && !inside.startsWith('..') && !path.isAbsolute(inside) ? process.cwd() : path.dirname(absolute);
}

/**
 * Every platform file under `sourcesDir` by slug (the file name), each parsed only when a line is
 * asked for; a dotted path that is not in the file gives the line of its nearest parent.
 */
export async function platformFiles(sourcesDir: string): Promise<PlatformFiles> {
  const root = namingRoot(sourcesDir);
  const files = new Map<string, { file: string; lineOf: (at: string[]) => number }>();
  for (const absolute of await findPlatformFiles(path.resolve(sourcesDir))) {
    const file = relativeFile(root, absolute);
    let source: SourceDocument | undefined;
    const lineOf = (at: string[]) => {
      source ??= parseYaml(file, readFileSync(absolute, 'utf8')).source;
      return problemAt(source, at, 'warning', '').line;
    };
    files.set(path.basename(absolute).replace(/\.ya?ml$/, ''), { file, lineOf });
  }
  return files;
}
