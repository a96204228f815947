/**
 * Loading source files: fast-glob finds them; js-yaml parses a clean file, and
 * yaml parses any other (and any file a later problem must point into) keeping
 * node positions so every problem can point at file:line:col.
 * Sources are not trusted: a file (or symbolic link) that resolves outside the sources
 * folder is refused, symbolic links to folders are not followed, a file over
 * MAX_SOURCE_FILE_BYTES is not read, and alias expansion is bounded (MAX_YAML_ALIASES);
 * each is an editor error with its file (and line where there is one).
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { CORE_SCHEMA, load as loadPlainYaml } from 'js-yaml';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { BuildProblem } from '../problems.js';

/** A parsed YAML file with what is needed to locate a dotted path in it. */
export interface SourceDocument {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  /** Plain JavaScript value of the document (undefined when it did not parse). */
  data: unknown;
  /**
   * The YAML document with node ranges, and the line starts of the text. Not kept after
   * loading: parsed again from the text on first use (only files with a problem need
   * them), since keeping every document costs about 10 times the file size in memory
   * and most of the garbage-collection time of a large build.
   */
  readonly doc: Document;
  readonly lines: LineCounter;
}

const PARSE_OPTIONS = { prettyErrors: false, uniqueKeys: true } as const;

/** Largest source file read, bytes: 1 MiB, about 50 times the largest real file (methodology.yaml, 20 KB). */
const MAX_SOURCE_FILE_BYTES = 1_048_576;

/** Most alias (`*name`) expansions in one file: more is refused as a resource-exhaustion attack ("billion laughs"). */
const MAX_YAML_ALIASES = 100;

/** Glob of platform files under the sources folder: platforms/<category>/<slug>.yaml. */
const PLATFORM_GLOB = 'platforms/**/*.{yaml,yml}';

/** Path relative to the project root with forward slashes, as problems name files. */
export const relativeFile = (root: string, absolute: string): string => path.relative(root, absolute).split(path.sep).join('/');

/**
 * A source document for an already parsed text; its document and line starts are parsed
 * again from `text` when first asked for.
 * @param lines the line starts when the caller has them already
 */
export function sourceDocument(file: string, text: string, data: unknown, lines?: LineCounter): SourceDocument {
  let located: { doc: Document; lines: LineCounter } | undefined;
  const locate = () => {
    if (!located) {
      const counter = new LineCounter();
      located = { doc: parseDocument(text, { ...PARSE_OPTIONS, lineCounter: counter }), lines: counter };
    }
    return located;
  };
  return {
    file,
    data,
    get doc() {
      return locate().doc;
    },
    get lines() {
      return lines ?? locate().lines;
    },
  };
}

/** Anchor (`&a`) or alias (`*a`) syntax, or something like it: such texts go to yaml, which bounds alias expansion. */
const ANCHOR_OR_ALIAS = /(^|[\s[{,])[&*][^\s,[\]{}]+/m;

/**
 * The plain value of a YAML text when js-yaml (YAML 1.2 core schema, like yaml's default)
 * parses it without error and it uses no anchors or aliases; undefined otherwise. js-yaml
 * is about 8 times faster than yaml's Document parser, which was the largest cost of a
 * 10,000-platform build (docs/performance.md); it also refuses duplicate keys and unknown tags.
 */
function parseCleanYaml(text: string): unknown {
  if (ANCHOR_OR_ALIAS.test(text)) return undefined;
  try {
    return loadPlainYaml(text, { schema: CORE_SCHEMA }) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Parses one YAML text. Syntax errors (bad indentation, duplicate keys, tabs) become
 * problems with their position; the document is still returned. A clean text is parsed by
 * js-yaml (parseCleanYaml); any other by yaml, which locates its errors.
 * @param file the path problems name (see relativeFile)
 */
export function parseYaml(file: string, text: string): { source: SourceDocument; problems: BuildProblem[] } {
  const clean = parseCleanYaml(text);
  if (clean !== undefined) return { source: sourceDocument(file, text, clean), problems: [] };
  const lines = new LineCounter();
  const doc = parseDocument(text, { ...PARSE_OPTIONS, lineCounter: lines });
  const problems: BuildProblem[] = [...doc.errors, ...doc.warnings].map((e) => {
    const pos = lines.linePos(e.pos[0]);
    return {
      severity: doc.errors.includes(e as never) ? 'error' : 'warning',
      file,
      line: pos.line,
      col: pos.col,
      path: '',
      message: `YAML: ${e.message.split('\n')[0]}`,
      hint: 'check indentation (spaces, not tabs), quoting and that no key appears twice',
    };
  });
  let data: unknown;
  if (doc.errors.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
    } catch (error) {
      // yaml throws a ReferenceError when aliases expand past maxAliasCount
      const at = /(^|[\s[{,:-])\*[^\s,[\]{}]+/m.exec(text);
      const pos = lines.linePos(at ? at.index + at[1]!.length : 0);
      problems.push({
        severity: 'error',
        file,
        line: pos.line,
        col: pos.col,
        path: '',
        message: `YAML: ${error instanceof ReferenceError ? `aliases expand more than ${MAX_YAML_ALIASES} times` : String(error)}`,
        hint: 'write the values out instead of repeating them through anchors and aliases',
      });
    }
  }
  return { source: sourceDocument(file, text, data, lines), problems };
}

/**
 * The text of a source file, or the problem that keeps it from being read: it resolves outside
 * `sourcesDir` (a symbolic link), it is not a regular file, or it is larger than MAX_SOURCE_FILE_BYTES.
 * The read is synchronous on purpose: the build reads thousands of small files one after the
 * other, and a thread-pool round trip per file left the CPU idle (10,000 files: 55 ms
 * synchronously, 400 ms or more async).
 * @param root the project root (problems name files relative to it)
 */
export function readSourceText(root: string, sourcesDir: string, absolute: string): { text: string } | { problem: BuildProblem } {
  const file = relativeFile(root, absolute);
  const refuse = (message: string, hint: string) => ({ problem: { severity: 'error' as const, file, line: 1, col: 1, path: '', message, hint } });
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch (error) {
    return refuse(
      `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      'a symbolic link whose target is missing, or a file without read permission',
    );
  }
  const inside = path.relative(realpathSync(sourcesDir), real);
  if (inside.startsWith('..') || path.isAbsolute(inside)) {
    return refuse('is a symbolic link to a file outside the sources folder', 'copy the file into the sources folder instead of linking to it');
  }
  const stats = statSync(real);
  if (!stats.isFile()) return refuse('is not a regular file', 'source files are YAML files');
  if (stats.size > MAX_SOURCE_FILE_BYTES) {
    return refuse(
      `is ${stats.size} bytes; a source file may be at most ${MAX_SOURCE_FILE_BYTES} bytes`,
      'split the data, or remove what does not belong in a platform file',
    );
  }
  return { text: readFileSync(real, 'utf8') };
}

/**
 * Reads (readSourceText) and parses (parseYaml) one YAML file. A file that cannot be read
 * safely gives its problem and a document without data.
 */
export async function loadYaml(root: string, sourcesDir: string, absolute: string): Promise<{ source: SourceDocument; problems: BuildProblem[] }> {
  const read = readSourceText(root, sourcesDir, absolute);
  if ('problem' in read) return { source: sourceDocument(read.problem.file, '', undefined), problems: [read.problem] };
  return parseYaml(relativeFile(root, absolute), read.text);
}

/**
 * Every platform file under `sourcesDir`, sorted by path so builds are reproducible. Symbolic
 * links to folders are not followed (a link to / would walk the whole disk); links to files are
 * listed, and readSourceText refuses those that leave the sources folder.
 */
export async function findPlatformFiles(sourcesDir: string): Promise<string[]> {
  // onlyFiles would drop links to files silently (a link is not a file entry); readSourceText judges each entry
  const files = await fg(PLATFORM_GLOB, { cwd: sourcesDir, absolute: true, onlyFiles: false, followSymbolicLinks: false });
  return files.sort();
}

/**
 * 1-based line and column of the node at a dotted path, or of its nearest
 * existing ancestor when the path does not exist (a missing field points at its parent).
 */
function positionOf(source: SourceDocument, pathParts: ReadonlyArray<PropertyKey>): { line: number; col: number } {
  let node: Node | null | undefined = source.doc.contents as Node | null;
  let best = node?.range?.[0] ?? 0;
  for (const part of pathParts) {
    if (isMap(node)) {
      const pair = node.items.find((it) => isScalar(it.key) && String(it.key.value) === String(part));
      if (!pair) break;
      const keyNode = pair.key as Node;
      best = keyNode.range?.[0] ?? best;
      node = pair.value as Node | null;
      if (node?.range && !isMap(node) && !isSeq(node)) best = node.range[0];
    } else if (isSeq(node)) {
      const item = node.items[Number(part)] as Node | undefined;
      if (!item) break;
      node = item;
      best = item.range?.[0] ?? best;
    } else {
      break;
    }
  }
  return source.lines.linePos(best);
}

/** Builds a problem located at a dotted path of a source document. */
export function problemAt(
  source: SourceDocument,
  pathParts: ReadonlyArray<PropertyKey>,
  severity: BuildProblem['severity'],
  message: string,
  hint?: string,
): BuildProblem {
  const { line, col } = positionOf(source, pathParts);
  return { severity, file: source.file, line, col, path: pathParts.map(String).join('.'), message, ...(hint ? { hint } : {}) };
}
