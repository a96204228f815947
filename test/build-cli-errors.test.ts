/**
 * The pipeline CLI's refusals as a data editor meets them: every problem of a
 * broken source at once, located as file:line:col, usage errors, implausible
 * figures and unreliable sources, untrusted files (links, alias bombs, huge
 * files, spreadsheet formulas), and the real dataset checking clean.
 */
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN, FIXTURE_SOURCES, REAL_DATA_EPOCH, runCli, tempDir } from './helpers.js';

describe('build and check', () => {
  it('reports every problem of a broken source at once as file:line:col  path  message, and exits 1', async () => {
    const result = await runCli(['check', '--sources', BROKEN]);
    expect(result.code).toBe(1);
    const f = 'test/fixtures/broken/platforms/exchanges';
    const lines = result.stderr.split('\n');
    for (const expected of [
      `${f}/broken-exchange.yaml:3:7  slug  error: slug "broken-exchnge" differs from the file name "broken-exchange"`,
      `${f}/broken-exchange.yaml:5:10  website  error: expected an absolute https:// URL`,
      `${f}/broken-exchange.yaml:6:8  as_of  error: "2026-02-30" is not a real calendar date`,
      `${f}/broken-exchange.yaml:11:61  facts.trading_fees.tiers.0.taker_pct  error: Too big: expected number to be <=100`,
      `${f}/broken-exchange.yaml:13:5  facts.trading_fees.sources  error: every fact needs at least one source`,
      `${f}/broken-exchange.yaml:14:35  facts.proof_of_reserves.published  error: Invalid input: expected boolean, received string`,
      `${f}/broken-exchange.yaml:19:9  colour  error: unknown field "colour"`,
      `${f}/second-exchange.yaml:3:11  aliases.0  error: "broken exchange" is already used by ${f}/broken-exchange.yaml`,
      `${f}/second-exchange.yaml:6:8  as_of  error: date 2099-01-01 is in the future (the evaluation date is 2026-06-30)`,
      `${f}/second-exchange.yaml:10:13  incidents.1.date  error: incidents are not in date order: 2025-03-01 comes after 2026-03-01`,
    ]) {
      expect(lines).toContain(expected);
    }
    expect(lines).toContain('    hint: allowed values: funds_lost, data_breach, regulatory_action, outage, other');
    expect(result.stderr).toContain('12 errors, 0 warnings');
    // errors come before warnings, sorted by file and line
    const located = lines.filter((l) => /^\S+:\d+:\d+ /.test(l));
    expect(located.length).toBe(12);
  });

  it('prints its usage for --help, and refuses an unknown option with exit 2 and the usage, without a stack trace', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: cli\.ts build\|check/);
    const wrong = await runCli(['build', '--out', 'x']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Unknown option '--out'");
    expect(wrong.stderr).toContain('--dist    output folder');
    expect(wrong.stderr).not.toContain('    at ');
  });

  it('reports a YAML syntax error with its position', async () => {
    const sources = path.join(await tempDir('yaml'), 'sources');
    await cp(FIXTURE_SOURCES, sources, { recursive: true });
    await writeFile(path.join(sources, 'platforms/exchanges/alpha-exchange.yaml'), 'name: Alpha\nname: Twice\n');
    const result = await runCli(['check', '--sources', sources]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/alpha-exchange\.yaml:2:1 {2}\(file\) {2}error: YAML: Map keys must be unique/);
  });

  it('rejects an implausible APY, fee or price unless the fact group is marked outlier_checked', async () => {
    const sources = path.join(await tempDir('plausible'), 'sources');
    await cp(FIXTURE_SOURCES, sources, { recursive: true });
    const file = path.join(sources, 'platforms/high-yield-savings/save-one.yaml');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('apy_pct: 4.0 }]', 'apy_pct: 45 }]'));
    const typo = await runCli(['check', '--sources', sources]);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('save-one.yaml:7:71  facts.apy.tiers.0.apy_pct  error: savings APY 45 % is outside the plausible range 0.01 % to 6 %');
    expect(typo.stderr).toContain('set outlier_checked: true on facts.apy');
    expect(typo.stderr).toContain('1 error, 0 warnings');
    await writeFile(file, original.replace('apy_pct: 4.0 }]', 'apy_pct: 45 }], outlier_checked: true'));
    const marked = await runCli(['check', '--sources', sources]);
    expect(marked.stdout).toContain('check passed: 14 platforms');
    expect(marked.code).toBe(0);
  });

  it('refuses a source on a domain listed in unreliable-domains.yaml (subdomains too) and a number backed only by weak sources, and rejects a malformed list', async () => {
    const sources = path.join(await tempDir('unreliable'), 'sources');
    await cp(FIXTURE_SOURCES, sources, { recursive: true });
    await writeFile(path.join(sources, 'unreliable-domains.yaml'), 'domains:\n  - { domain: content-farm.example, reason: AI-written finance articles }\n');
    const file = path.join(sources, 'platforms/exchanges/beta-exchange.yaml');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('https://example.org/fixture', 'https://news.content-farm.example/beta-fees'));
    const refused = await runCli(['check', '--sources', sources]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /beta-exchange\.yaml:\d+:\d+ {2}facts\.trading_fees\.sources\.0\.url {2}error: content-farm\.example is listed as unreliable \(AI-written finance articles\)/,
    );
    expect(refused.stderr).toContain("cite the platform's own page, a regulator's release, a court record or a reputable outlet instead");
    // the fee schedule now rests on that page alone, so its numbers are backed only by weak evidence too
    expect(refused.stderr).toMatch(
      /beta-exchange\.yaml:\d+:\d+ {2}facts\.trading_fees\.sources {2}error: numeric fact "trading_fees" is backed only by weak sources/,
    );
    expect(refused.stderr).toContain('2 errors, 0 warnings');

    await writeFile(path.join(sources, 'unreliable-domains.yaml'), 'domains:\n  - { domain: Content-Farm.example/path, reason: x }\n');
    const malformed = await runCli(['check', '--sources', sources]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/unreliable-domains\.yaml:2:\d+ {2}domains\.0\.domain {2}error: expected a lower-case host name such as example\.com/);
  });
});

describe('untrusted sources', () => {
  it('does not follow a symbolic link to a folder, and refuses a linked file outside the sources folder, with its file', async () => {
    const dir = await tempDir('symlinks');
    const sources = path.join(dir, 'sources');
    await cp(FIXTURE_SOURCES, sources, { recursive: true });
    await symlink('/', path.join(sources, 'platforms/exchanges/root'));
    await mkdir(path.join(dir, 'elsewhere'));
    await writeFile(path.join(dir, 'elsewhere/outside.yaml'), 'name: Outside\n');
    await symlink(path.join(dir, 'elsewhere/outside.yaml'), path.join(sources, 'platforms/exchanges/outside.yaml'));
    const result = await runCli(['check', '--sources', sources]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/platforms\/exchanges\/outside\.yaml:1:1 {2}\(file\) {2}error: is a symbolic link to a file outside the sources folder/);
    expect(result.stderr).toContain('1 error, 0 warnings');
    expect(result.stderr).not.toMatch(/EACCES|\n\s+at /);
  });

  it('refuses a YAML alias bomb with its line, and a file over 1 MiB without reading it, never with a stack trace', async () => {
    const sources = path.join(await tempDir('bombs'), 'sources');
    await cp(FIXTURE_SOURCES, sources, { recursive: true });
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    await writeFile(path.join(sources, 'platforms/exchanges/bomb.yaml'), `name: Bomb\n${levels.join('\n')}\n`);
    await writeFile(path.join(sources, 'platforms/exchanges/huge.yaml'), `name: Huge\nsummary: ${'x'.repeat(1_100_000)}\n`);
    const result = await runCli(['check', '--sources', sources]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/platforms\/exchanges\/bomb\.yaml:3:8 {2}\(file\) {2}error: YAML: aliases expand more than 100 times/);
    expect(result.stderr).toMatch(/platforms\/exchanges\/huge\.yaml:1:1 {2}\(file\) {2}error: is 110\d{4} bytes; a source file may be at most 1048576 bytes/);
    expect(result.stderr).toContain('2 errors, 0 warnings');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('escapes text a spreadsheet would run as a formula in the CSV files, and leaves numbers alone', async () => {
    const sources = path.join(await tempDir('csv-formulas'), 'sources');
    await cp(FIXTURE_SOURCES, sources, { recursive: true });
    const file = path.join(sources, 'platforms/exchanges/beta-exchange.yaml');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        'title: Old fine, summary: Fixture fine.',
        'title: "=HYPERLINK(\\"https://evil.example\\")", summary: "@SUM(A1:A9)"',
      ),
    );
    const dist = path.join(await tempDir('csv-formulas-dist'), 'dist');
    const built = await runCli(['build', '--sources', sources, '--dist', dist]);
    expect(built.stderr).not.toContain('error');
    expect(built.code).toBe(0);
    const csv = await readFile(path.join(dist, 'open-data/incidents.csv'), 'utf8');
    const row = csv.split('\n').find((l) => l.includes('beta-exchange') && l.includes('HYPERLINK'))!;
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(row).toContain(`'@SUM(A1:A9)`);
    expect(row).toContain(',5000000,');
  });
});

describe('the real dataset', () => {
  it('builds with zero errors', async () => {
    const result = await runCli(['check'], { SOURCE_DATE_EPOCH: REAL_DATA_EPOCH });
    expect(result.stderr).not.toMatch(/ error: /);
    expect(result.stdout).toMatch(/^check passed: \d+ platforms, \d+ files would be written$/m);
    expect(result.code).toBe(0);
  });
});
