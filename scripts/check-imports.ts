/**
 * `npm run check:imports [-- --project DIR]`: checks the import rules of the layout
 * (docs/architecture.md) over the import graph the TypeScript compiler itself resolves
 * (`tsc --explainFiles`, type-only imports included), and prints each violation as
 * `rule: from -> to (why)`. Exit 0 when the rules hold, 1 on a violation, 2 when the
 * compiler's graph cannot be read. DIR is a folder with a tsconfig.json (default: the project).
 *
 * The rules:
 * - runtime/domain/ (what the build and the server share) imports neither runtime/server/ nor pipeline/;
 * - pipeline/ never imports runtime/server/;
 * - runtime/ never imports pipeline/ (the server starts from dist/ alone);
 * - inside runtime/domain/, a folder imports only folders of lower layers (DOMAIN_LAYERS, bottom
 *   first; docs/architecture.md "Layers of the domain"), so no folder imports one that imports it back;
 * - no circle of imports among the project's own files.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { PROJECT_ROOT } from '../pipeline/paths.js';

/** A layer rule: no file whose project-relative path matches `from` imports one matching `to`. */
interface LayerRule {
  name: string;
  from: RegExp;
  to: RegExp;
  why: string;
}

const LAYER_RULES: readonly LayerRule[] = [
  {
    name: 'domain-imports-neither',
    from: /^runtime\/domain\//,
    to: /^(runtime\/server|pipeline)\//,
    why: 'runtime/domain/ is shared by the build and the server and imports neither',
  },
  { name: 'pipeline-not-server', from: /^pipeline\//, to: /^runtime\/server\//, why: 'the pipeline uses the shared domain, never the server' },
  { name: 'runtime-not-pipeline', from: /^runtime\//, to: /^pipeline\//, why: 'the runtime starts from dist/ alone and never imports the build' },
];

/**
 * The folders of runtime/domain/, lowest layer first (docs/architecture.md "Layers of the domain"):
 * a file may import files of its own folder and of folders before it, never after. `.` stands for
 * the files directly in runtime/domain/ (dataset.ts).
 */
const DOMAIN_LAYERS: readonly string[] = ['primitives', 'contract', 'sources', 'compute', 'scoring', 'pages', '.', 'operations'];

/** The layer folder of a runtime/domain/ file ('.' for a file directly in it), else undefined. */
function domainFolder(file: string): string | undefined {
  const rest = /^runtime\/domain\/(.+)$/.exec(file)?.[1];
  if (rest === undefined) return undefined;
  const slash = rest.indexOf('/');
  return slash < 0 ? '.' : rest.slice(0, slash);
}

/** A domain import that goes up the layers (or into a folder DOMAIN_LAYERS does not name), as a violation line, else undefined. */
function domainLayerViolation(from: string, to: string): string | undefined {
  const [a, b] = [domainFolder(from), domainFolder(to)];
  if (a === undefined || b === undefined || a === b) return undefined;
  const [ia, ib] = [DOMAIN_LAYERS.indexOf(a), DOMAIN_LAYERS.indexOf(b)];
  if (ia < 0 || ib < 0) return `domain-layers: ${from} -> ${to} (every folder of runtime/domain/ has a place in DOMAIN_LAYERS of scripts/check-imports.ts)`;
  if (ib > ia) return `domain-layers: ${from} -> ${to} (${a}/ is below ${b}/ in the domain's layers: ${DOMAIN_LAYERS.join(' < ')})`;
  return undefined;
}

/** Import edges among the project's own files (paths relative to the project folder), from `tsc --explainFiles`. */
async function importGraph(projectDir: string): Promise<Map<string, Set<string>>> {
  const tsc = path.join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc');
  // tsc exits non-zero on a type error; the file list it prints is complete all the same
  const output: string = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '--explainFiles', '-p', projectDir], {
    cwd: projectDir,
    maxBuffer: 64 * 1024 * 1024,
  })
    .then((r) => r.stdout)
    .catch((error: { stdout?: string }) => error.stdout ?? '');
  const graph = new Map<string, Set<string>>();
  let current: string | undefined;
  for (const line of output.split('\n')) {
    if (line && !line.startsWith(' ')) {
      current = line.startsWith('node_modules/') || line.startsWith('../') || path.isAbsolute(line) ? undefined : line.trim();
      if (current) graph.set(current, graph.get(current) ?? new Set());
      continue;
    }
    const via = /^\s+Imported via '[^']*' from file '([^']+)'/.exec(line);
    if (current && via?.[1]) {
      const from = via[1];
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(current);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file importing itself): Tarjan's algorithm. */
function circles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.has(node)) found.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** Every violation of the rules, one line each, sorted. */
function importViolations(graph: Map<string, Set<string>>): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      for (const rule of LAYER_RULES) if (rule.from.test(from) && rule.to.test(to)) violations.push(`${rule.name}: ${from} -> ${to} (${rule.why})`);
      const layer = domainLayerViolation(from, to);
      if (layer) violations.push(layer);
    }
  }
  for (const group of circles(graph)) violations.push(`no-circular: ${group.join(' -> ')} (a circle of imports makes load order matter)`);
  return violations.sort();
}

const { values } = parseArgs({ options: { project: { type: 'string' } } });
const projectDir = path.resolve(values.project ?? PROJECT_ROOT);
const graph = await importGraph(projectDir);
if (graph.size === 0) {
  process.stderr.write(`check-imports: tsc listed no files of ${projectDir}\n`);
  process.exit(2);
}
const violations = importViolations(graph);
const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
if (violations.length) {
  process.stdout.write(`${violations.join('\n')}\n${violations.length} import rule violations in ${graph.size} files\n`);
  process.exit(1);
}
process.stdout.write(`import rules hold: ${graph.size} files, ${edges} imports\n`);
