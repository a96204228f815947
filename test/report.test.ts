/** `npm run report` on the fixture sources: the figures of each category, asserted. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SOURCES, ROOT } from './helpers.js';

describe('npm run report', () => {
  it('prints counts, coverage bands, platforms under the gate, incidents by class and source domains', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'pipeline/report-cli.ts'), '--sources', FIXTURE_SOURCES],
      { cwd: ROOT },
    );
    const row = (category: string) => {
      const line = stdout.split('\n').find((l) => l.startsWith(`| ${category} |`))!;
      const cells = line
        .split('|')
        .slice(2, -1)
        .map((c) => Number(c.trim()));
      const [platforms, c100, c75, c50, c0, underGate, _stale, _weak, _facts, fundsLost, dataBreach, regulatory, outage, other] = cells;
      return { platforms, coverage: [c100, c75, c50, c0], underGate, incidents: [fundsLost, dataBreach, regulatory, outage, other] };
    };
    // beta and delta have no withdrawal fee: 8.5 of 9 = 94.4%
    expect(row('exchanges')).toEqual({ platforms: 4, coverage: [1, 2, 0, 1], underGate: 1, incidents: [1, 0, 1, 0, 0] });
    expect(row('hardware-wallets')).toEqual({ platforms: 2, coverage: [1, 1, 0, 0], underGate: 0, incidents: [0, 1, 0, 0, 0] });
    expect(row('high-yield-savings')).toEqual({ platforms: 3, coverage: [2, 0, 0, 1], underGate: 1, incidents: [0, 0, 0, 0, 0] });
    expect(row('brokerages')).toEqual({ platforms: 3, coverage: [2, 0, 0, 1], underGate: 1, incidents: [0, 0, 0, 0, 0] });
    expect(row('all')).toEqual({ platforms: 14, coverage: [7, 4, 0, 3], underGate: 3, incidents: [1, 1, 1, 0, 0] });
    expect(stdout).toContain('evaluation date 2026-06-30, methodology 2.0.0');
    // each miss says what the platform lacks, so an editor knows what to research
    expect(stdout).toContain(
      '  eligible under default weights 75% (target 80%): MISSED; missing: gamma-exchange (no data: reserves, trading_fees, withdrawal_fees, regulation)',
    );
    expect(stdout).toContain('  fully costed with default fee inputs 75% (target 80%): MISSED; missing: gamma-exchange (unknown: trading)');
    expect(stdout).toContain('  eligible under default weights 66.7% (target 80%): MISSED; missing: three-broker (no data: security, investments, regulation)');
    expect(stdout).not.toContain('stale by platform'); // nothing is stale on 2026-06-30
    // targets are missed, so the report ends by pointing to the page that says why and what closes each gap
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('Why each missed target is still open, what was tried and which page would close it: docs/data-gaps.md');
    expect(existsSync(path.join(ROOT, 'docs/data-gaps.md'))).toBe(true);
  });

  it('names the stale facts platform by platform', async () => {
    // evaluated on 2026-11-27: the fixtures' APYs of 2026-06-30 are past the 120-day window, nothing else is
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'pipeline/report-cli.ts'), '--sources', FIXTURE_SOURCES],
      { cwd: ROOT, env: { ...process.env, SOURCE_DATE_EPOCH: '1795737600' } },
    );
    expect(stdout).toContain('  stale facts 2 of 9; weak-evidence facts 0 of 9 (0%)\n  stale by platform: save-one (apy), save-two (apy)\n');
    expect(stdout).toContain('  platforms 4 (target 25): MISSED');
    expect(stdout).toMatch(/  sources by domain: example\.org \d+/);
  });
});
