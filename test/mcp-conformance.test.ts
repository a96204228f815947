/**
 * The MCP conformance suite (@modelcontextprotocol/conformance, a dev dependency) against the
 * served fixtures, in both protocol eras (docs/mcp.md "Conformance suite"): every scenario that
 * applies to a read-only stateless data server, at the revision it belongs to, with the
 * baseline test/conformance-expected-failures.yaml naming the fixture-only checks. The suite
 * exits non-zero on an unexpected failure and on a baseline entry that now passes (stale).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serveFixtures } from './fixture-server.js';
import { ROOT } from './helpers.js';

const server = serveFixtures();
const BIN = path.join(ROOT, 'node_modules/.bin/conformance');
const BASELINE = path.join(ROOT, 'test/conformance-expected-failures.yaml');

/** Runs one scenario at one revision; resolves with the exit code and the output. */
async function conformance(scenario: string, revision: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(BIN, [
      'server',
      '--url',
      `${server.url}/mcp`,
      '--scenario',
      scenario,
      '--spec-version',
      revision,
      '--expected-failures',
      BASELINE,
    ]);
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? String(error) };
  }
}

describe.each([
  [
    '2026-07-28',
    [
      'server-stateless',
      'caching',
      'tools-list',
      'sep-2164-resource-not-found',
      'dns-rebinding-protection',
      'http-header-validation',
      'server-sse-multiple-streams',
      'resources-list',
      'prompts-list',
    ],
  ],
  ['2025-11-25', ['server-initialize', 'tools-list', 'dns-rebinding-protection', 'ping', 'resources-list', 'prompts-list']],
])('conformance at %s', (revision, scenarios) => {
  it.each(scenarios)('%s passes (fixture-only checks in the baseline)', async (scenario) => {
    const { code, stdout } = await conformance(scenario, revision);
    expect(stdout).toMatch(/Passed: \d+\/\d+/);
    expect(code, stdout).toBe(0);
    if (!stdout.includes('Expected failures (in baseline)')) expect(stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/);
  });
});
