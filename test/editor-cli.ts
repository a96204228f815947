/** Runs the editor's commands (pipeline/editor/*-cli.ts) as child processes, as `npm run <script>` does (tsx). */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { ROOT, type CliResult } from './helpers.js';

/** The editor's command scripts of package.json, by npm script name. */
const SCRIPTS = {
  'refresh-queue': 'pipeline/editor/refresh-queue-cli.ts',
  preview: 'pipeline/editor/preview-cli.ts',
  'check-links': 'pipeline/editor/check-links-cli.ts',
  'new-platform': 'pipeline/editor/new-platform-cli.ts',
} as const;

/**
 * Runs one of the editor's commands with `args` (from `cwd`, default the project root); resolves
 * with its exit code and output. The environment is the test's (SOURCE_DATE_EPOCH pinned by
 * vitest.config.ts) with `env` over it.
 */
export function runEditor(script: keyof typeof SCRIPTS, args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<CliResult> {
  const { BASE_URL: _vite, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, SCRIPTS[script]), ...args],
      { cwd, env: { ...inherited, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
