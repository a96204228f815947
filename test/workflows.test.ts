/**
 * The GitHub workflows and issue templates (.github/): each workflow matches the workflow schema
 * (npm run check:workflows, @action-validator/cli), every action is pinned by commit, and the
 * issue templates ask for the source URL and the date it gives.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from './helpers.js';

const run = promisify(execFile);
const VALIDATOR = path.join(ROOT, 'node_modules/@action-validator/cli/cli.mjs');
const workflowDir = path.join(ROOT, '.github/workflows');

describe('.github', () => {
  it('has workflows that match the workflow schema, with every action pinned by commit', async () => {
    const files = (await readdir(workflowDir)).filter((f) => f.endsWith('.yml')).sort();
    expect(files).toEqual(['pull-request.yml', 'weekly.yml']);
    const { stdout } = await run('npm', ['run', '--silent', 'check:workflows'], { cwd: ROOT });
    expect(stdout).toBe('');
    for (const file of files) {
      const text = await readFile(path.join(workflowDir, file), 'utf8');
      const uses = [...text.matchAll(/uses: (\S+)(.*)/g)];
      expect(uses.length).toBeGreaterThan(1);
      for (const [, action, comment] of uses) expect(`${action}${comment}`).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
    const pr = parse(await readFile(path.join(workflowDir, 'pull-request.yml'), 'utf8'));
    expect(pr.jobs.preview.steps.map((s: any) => s.run ?? s.uses).join('\n')).toContain('npm run --silent preview -- --base "origin/$BASE_REF"');
    const weekly = parse(await readFile(path.join(workflowDir, 'weekly.yml'), 'utf8'));
    expect(weekly.on.schedule).toEqual([{ cron: '17 5 * * 1' }]);
    expect(Object.keys(weekly.jobs)).toEqual(['refresh-queue', 'check-links']);
  });

  it('rejects a workflow that does not match the schema (the check can fail)', async () => {
    const bad = path.join(await tempDir('workflow'), 'bad.yml');
    await writeFile(bad, 'name: bad\non: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    stepz: []\n');
    const result = await run(process.execPath, [VALIDATOR, bad]).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(result.code).toBe(1);
    expect(`${result.stdout}${result.stderr}`).toContain("Additional property 'stepz' is not allowed");
  });

  it('has issue templates that ask for the source URL and its date', async () => {
    for (const file of ['data-correction.yml', 'new-platform.yml']) {
      const form = parse(await readFile(path.join(ROOT, '.github/ISSUE_TEMPLATE', file), 'utf8'));
      const fields = Object.fromEntries(form.body.filter((b: any) => b.id).map((b: any) => [b.id, b]));
      expect(fields['source-url']).toMatchObject({ type: 'input', validations: { required: true } });
      expect(fields['source-date']).toMatchObject({ type: 'input', attributes: { placeholder: 'YYYY-MM-DD' }, validations: { required: true } });
    }
  });
});
