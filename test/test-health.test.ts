/**
 * The suite's own health check (test/setup/half-timeout.ts, README "Tests"): run through the
 * vitest CLI on two throwaway test files, a test that stays past half of its timeout fails with
 * its time named, and one well inside it passes.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const run = promisify(execFile);

describe('the half-timeout check', () => {
  it('fails a test that takes more than half of its timeout and passes one that does not', async () => {
    const dir = path.join(ROOT, 'test-artifacts', 'test-health');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'vitest.config.mjs'),
      `export default { test: { include: ['*.check.ts'], testTimeout: 2000, setupFiles: [${JSON.stringify(path.join(ROOT, 'test/setup/half-timeout.ts'))}] } };\n`,
    );
    // setTimeout never fires early, so the slow test always stays at least 1,200 ms of its 2,000
    await writeFile(path.join(dir, 'slow.check.ts'), `import { it } from 'vitest';\nit('slow', () => new Promise((resolve) => setTimeout(resolve, 1200)));\n`);
    await writeFile(path.join(dir, 'quick.check.ts'), `import { expect, it } from 'vitest';\nit('quick', () => { expect(1 + 1).toBe(2); });\n`);
    const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
    const result = await run(process.execPath, [vitest, 'run', '--root', dir, '--config', path.join(dir, 'vitest.config.mjs'), '--reporter', 'json'], {
      cwd: dir,
    }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
    };
    const byTitle = Object.fromEntries(report.testResults.flatMap((f) => f.assertionResults).map((t) => [t.title, t]));
    expect(byTitle.quick!.status).toBe('passed');
    expect(byTitle.slow!.status).toBe('failed');
    expect(byTitle.slow!.failureMessages.join('\n')).toMatch(/this test took \d+ ms, more than half of its 2000 ms timeout/);
  });
});
