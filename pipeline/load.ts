/**
 * Loading source files: fast-glob finds them; js-yaml parses a clean file, and
 * yaml parses any other (and any file a later problem must point into) keeping
 * node positions so every problem can point at file:line:col.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { CORE_SCHEMA, load as loadPlainYaml } from 'js-yaml';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { Problem } from './problems.js';

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

/** Glob of platform files under the sources folder: platforms/<category>/<slug>.yaml. */
export const PLATFORM_GLOB = 'platforms/**/*.{yaml,yml}';

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
export function parseYaml(file: string, text: string): { source: SourceDocument; problems: Problem[] } {
  const clean = parseCleanYaml(text);
  if (clean !== undefined) return { source: sourceDocument(file, text, clean), problems: [] };
  const lines = new LineCounter();
  const doc = parseDocument(text, { ...PARSE_OPTIONS, lineCounter: lines });
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
  return { source: sourceDocument(file, text, data, lines), problems };
}

/**
 * Reads and parses one YAML file (see parseYaml). The read is synchronous on purpose: the
 * build reads thousands of small files one after the other, and a thread-pool round trip
 * per file left the CPU idle (10,000 files: 55 ms synchronously, 400 ms or more async).
 */
export async function loadYaml(root: string, absolute: string): Promise<{ source: SourceDocument; problems: Problem[] }> {
  return parseYaml(relativeFile(root, absolute), readFileSync(absolute, 'utf8'));
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
