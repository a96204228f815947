/**
 * Loading source files: fast-glob finds them, yaml parses them keeping node
 * positions so every later problem can point at file:line:col.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { Problem } from './problems.js';

/** A parsed YAML file with what is needed to locate a dotted path in it. */
export interface SourceDocument {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  /** Plain JavaScript value of the document (undefined when it did not parse). */
  data: unknown;
  /**
   * The YAML document with node ranges. Not kept after loading: it is parsed again from the
   * text on first use (only files with a problem need it), since keeping every document
   * costs about 10 times the file size in memory and a large build most of its GC time.
   */
  readonly doc: Document;
  lines: LineCounter;
}

const PARSE_OPTIONS = { prettyErrors: false, uniqueKeys: true } as const;

/** Glob of platform files under the sources folder: platforms/<category>/<slug>.yaml. */
export const PLATFORM_GLOB = 'platforms/**/*.{yaml,yml}';

/**
 * Reads and parses one YAML file. Syntax errors (bad indentation, duplicate keys,
 * tabs) become problems with their position; the document is still returned.
 */
export async function loadYaml(root: string, absolute: string, preread?: Promise<string>): Promise<{ source: SourceDocument; problems: Problem[] }> {
  const text = await (preread ?? readFile(absolute, 'utf8'));
  const lines = new LineCounter();
  const doc = parseDocument(text, { ...PARSE_OPTIONS, lineCounter: lines });
  const file = path.relative(root, absolute).split(path.sep).join('/');
  const problems: Problem[] = [...doc.errors, ...doc.warnings].map((e) => {
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
  const data = doc.errors.length === 0 ? doc.toJS({ maxAliasCount: 100 }) : undefined;
  let located: Document | undefined;
  const source: SourceDocument = {
    file,
    data,
    lines,
    get doc() {
      return (located ??= parseDocument(text, PARSE_OPTIONS));
    },
  };
  return { source, problems };
}

/**
 * Reads files in order with up to `ahead` reads in flight, so reading overlaps parsing
 * without holding every file in memory (one read at a time leaves the CPU idle).
 * @returns one promise of the UTF-8 text per file, in the order of `files`; call them in order
 */
export function readAhead(files: readonly string[], ahead = 64): Array<() => Promise<string>> {
  const started: Array<Promise<string> | undefined> = [];
  let next = 0;
  const start = (until: number) => {
    for (; next < Math.min(until, files.length); next++) {
      const read = readFile(files[next]!, 'utf8');
      read.catch(() => {}); // reported when its turn comes
      started[next] = read;
    }
  };
  return files.map((_, i) => () => {
    start(i + ahead);
    const read = started[i]!;
    started[i] = undefined;
    return read;
  });
}

/** Every platform file under `sourcesDir`, sorted by path so builds are reproducible. */
export async function findPlatformFiles(sourcesDir: string): Promise<string[]> {
  const files = await fg(PLATFORM_GLOB, { cwd: sourcesDir, absolute: true, onlyFiles: true });
  return files.sort();
}

/**
 * 1-based line and column of the node at a dotted path, or of its nearest
 * existing ancestor when the path does not exist (a missing field points at its parent).
 */
export function positionOf(source: SourceDocument, pathParts: ReadonlyArray<PropertyKey>): { line: number; col: number } {
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
  severity: Problem['severity'],
  message: string,
  hint?: string,
): Problem {
  const { line, col } = positionOf(source, pathParts);
  return { severity, file: source.file, line, col, path: pathParts.map(String).join('.'), message, ...(hint ? { hint } : {}) };
}
