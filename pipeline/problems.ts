/**
 * Problems the build reports to a data editor: every one at once, errors then
 * warnings, as `file:line:col  dotted.path  message` with an optional hint
 * (README "How to read an error").
 */
export interface BuildProblem {
  severity: 'error' | 'warning';
  /** Path of the source file relative to the project root. */
  file: string;
  /** 1-based line and column of the offending node (the nearest existing parent for a missing field). */
  line: number;
  col: number;
  /** Dotted path inside the document, e.g. facts.apy.tiers.0.apy_pct; empty for the whole file. */
  path: string;
  message: string;
  hint?: string;
}

/** Sorts errors before warnings, then by file, line and column, so output is stable. */
function sortProblems(problems: readonly BuildProblem[]): BuildProblem[] {
  return [...problems].sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.col - b.col ||
      a.path.localeCompare(b.path),
  );
}

/** One problem as the CLI prints it: `file:line:col  path  message`, then an indented hint line. */
function formatProblem(p: BuildProblem): string {
  const head = `${p.file}:${p.line}:${p.col}  ${p.path || '(file)'}  ${p.severity}: ${p.message}`;
  return p.hint ? `${head}\n    hint: ${p.hint}` : head;
}

/** The whole report with a closing count line. */
export function formatReport(problems: readonly BuildProblem[]): string {
  const sorted = sortProblems(problems);
  const errors = sorted.filter((p) => p.severity === 'error').length;
  const warnings = sorted.length - errors;
  const lines = sorted.map(formatProblem);
  lines.push(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  return lines.join('\n');
}
