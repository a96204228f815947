/**
 * The pipeline CLI's output as a data editor builds it: nothing lost on failure,
 * reproducible bytes, one-rename switches of dist/ with manifests, BASE_URL in
 * every URL, the change feed, stale_reason, and a lint-clean OpenAPI document.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BROKEN, buildInto, FIXTURE_SOURCES, ROOT, runCli, tempDir } from './helpers.js';

/** Every file under a folder with its SHA-256, for byte-for-byte comparison. */
async function digest(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return out;
}

describe('build and check', () => {
  it('leaves the previous dist/ untouched when a build fails', async () => {
    const dist = await buildInto(FIXTURE_SOURCES);
    const before = await digest(dist);
    const result = await runCli(['build', '--sources', BROKEN, '--dist', dist]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('dist/ was left as it was');
    expect(await digest(dist)).toEqual(before);
  });

  it('check writes nothing', async () => {
    const dist = path.join(await tempDir('check'), 'dist');
    const result = await runCli(['check', '--sources', FIXTURE_SOURCES, '--dist', dist]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('check passed: 14 platforms');
    await expect(stat(dist)).rejects.toThrow();
  });

  it('builds byte-identical output from the same sources', async () => {
    const a = await digest(await buildInto(FIXTURE_SOURCES));
    const b = await digest(await buildInto(FIXTURE_SOURCES));
    // 72 API, model, manifest and open-data JSON files (14 platform histories, 5 category histories); 18 CSV, Atom, schema and checksum files; 56 pages and assets (the search box's script and names; 11 problem pages); the build manifest;
    // and a .br and a .gz copy of each of the 89 static files of 1 KiB or more (pipeline/write/compressed-copies.ts), byte-identical too
    expect(Object.keys(a).length).toBe(156 + 2 * 89);
    expect(Object.keys(a).filter((f) => f.endsWith('.br'))).toHaveLength(89);
    expect(b).toEqual(a);
  });

  it('points dist/ at a complete build folder with one rename, keeps the previous one, removes leftovers of killed builds, and writes manifests with sizes and SHA-256', async () => {
    const dist = await buildInto(FIXTURE_SOURCES);
    const parent = path.dirname(dist);
    const first = await readlink(dist);
    expect(first).toMatch(/^\.dist-build-\d+-[0-9a-f]{8}$/);
    await writeFile(path.join(dist, 'stale.json'), '{}');
    // what killed builds leave: a build folder and a link of a process that no longer runs, and the old temporary folder
    await mkdir(path.join(parent, '.dist-build-999999999-deadbeef'));
    await symlink('.dist-build-999999999-deadbeef', path.join(parent, '.dist-link-999999999-deadbeef'));
    await mkdir(path.join(parent, '.dist-tmp-999999998'));
    const result = await runCli(['build', '--sources', FIXTURE_SOURCES, '--dist', dist]);
    expect(result.code).toBe(0);
    const second = await readlink(dist);
    expect(second).not.toBe(first);
    await expect(stat(path.join(dist, 'stale.json'))).rejects.toThrow();
    expect((await readdir(parent)).filter((p) => p.startsWith('.dist-')).sort()).toEqual([first, second].sort());

    const manifest = JSON.parse(await readFile(path.join(dist, 'open-data/manifest.json'), 'utf8'));
    expect(manifest.as_of).toBe('2026-06-30');
    const all = manifest.files.find((f: any) => f.file === 'platforms.json');
    const bytes = await readFile(path.join(dist, 'open-data/platforms.json'));
    expect(all).toMatchObject({ bytes: bytes.length, records: 14, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(manifest.files.find((f: any) => f.file === 'exchanges.json').records).toBe(4);
    // the build manifest lists every file but itself, with its size and SHA-256
    const build = JSON.parse(await readFile(path.join(dist, 'build-manifest.json'), 'utf8'));
    const page = await readFile(path.join(dist, 'platforms/alpha-exchange/index.html'));
    expect(build.files['platforms/alpha-exchange/index.html']).toEqual({ bytes: page.length, sha256: createHash('sha256').update(page).digest('hex') });
    expect(Object.keys(build.files)).toHaveLength(155 + 2 * 89);
    expect(build.files['build-manifest.json']).toBeUndefined();

    // a third build removes the first folder: the current one and its predecessor stay
    expect((await runCli(['build', '--sources', FIXTURE_SOURCES, '--dist', dist])).code).toBe(0);
    expect((await readdir(parent)).filter((p) => p.startsWith('.dist-')).sort()).toEqual([second, await readlink(dist)].sort());
  });

  it('puts BASE_URL into every URL and rejects a BASE_URL that is not an absolute URL', async () => {
    const dist = await buildInto(FIXTURE_SOURCES, { BASE_URL: 'https://data.example.org/' });
    const record = JSON.parse(await readFile(path.join(dist, 'api/v1/platforms/alpha-exchange.json'), 'utf8'));
    expect(record.page).toBe('https://data.example.org/platforms/alpha-exchange');
    expect(record.attribution).toBe('Data: Fixture Comparison Data (https://data.example.org), CC BY 4.0');
    // Pages link within the site by root-relative paths that keep a base URL's path prefix.
    const prefixed = await buildInto(FIXTURE_SOURCES, { BASE_URL: 'https://data.example.org/data' });
    const page = await readFile(path.join(prefixed, 'platforms/alpha-exchange/index.html'), 'utf8');
    expect(page).toContain('<a href="/data/methodology">');
    expect(page).toMatch(/<link rel="stylesheet" href="\/data\/assets\/site\.[0-9a-f]{10}\.css">/);
    expect(page).toMatch(/<script src="\/data\/assets\/search-box\.[0-9a-f]{10}\.js" defer><\/script>/);
    expect(page).toMatch(/data-names="\/data\/assets\/search-index\.[0-9a-f]{10}\.json"/);
    const openData = await readFile(path.join(prefixed, 'open-data/index.html'), 'utf8');
    expect(openData).toContain('<a href="/data/open-data/schemas/platforms-file.schema.json">');
    expect(openData).toContain('<a href="/data/open-data/platforms.json">');
    const bad = await runCli(['check', '--sources', FIXTURE_SOURCES], { BASE_URL: '/' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('BASE_URL "/" is not an absolute http(s) URL');
  });

  it('publishes the stale_reason of an old figure, lists only old APYs without one in the report, and warns about a stale_reason on a fresh figure', async () => {
    const sources = path.join(await tempDir('stale-reason'), 'sources');
    await cp(FIXTURE_SOURCES, sources, { recursive: true });
    const file = path.join(sources, 'platforms/high-yield-savings/save-one.yaml');
    const original = await readFile(file, 'utf8');
    const oldApy = original.replace('apy_pct: 4.0 }], as_of: 2026-06-30,', 'apy_pct: 4.0 }], as_of: 2024-02-01,');
    const reason = 'searched the bank site and press on 2026-06-30; no newer rate published';
    const report = async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'pipeline/report-cli.ts'), '--sources', sources, '--json'],
        { cwd: ROOT },
      );
      return JSON.parse(stdout).targets.find((t: any) => t.scope === 'high-yield-savings' && t.target === 'apy_dates');
    };
    await writeFile(file, oldApy);
    expect(await report()).toMatchObject({ met: false, missing: ['save-one 2024-02-01'] });

    await writeFile(file, oldApy.replace('as_of: 2024-02-01,', `as_of: 2024-02-01, stale_reason: "${reason}",`));
    expect(await report()).toMatchObject({ met: true, missing: [], figure: '1 before 2025-06-01, 0 of them without a stale_reason (target 0)' });
    const dist = path.join(await tempDir('stale-reason-dist'), 'dist');
    expect((await runCli(['build', '--sources', sources, '--dist', dist])).code).toBe(0);
    const record = JSON.parse(await readFile(path.join(dist, 'api/v1/platforms/save-one.json'), 'utf8'));
    expect(record.facts.apy).toMatchObject({ as_of: '2024-02-01', stale: true, stale_reason: reason });
    expect(await readFile(path.join(dist, 'platforms/save-one/index.html'), 'utf8')).toContain(
      `older than the freshness window of the methodology; check the source before relying on it (${reason})`,
    );

    await writeFile(file, original.replace('as_of: 2026-06-30, sources', `as_of: 2026-06-30, stale_reason: "${reason}", sources`));
    const fresh = await runCli(['check', '--sources', sources]);
    expect(fresh.code).toBe(0);
    expect(fresh.stderr).toMatch(
      /save-one\.yaml:\d+:\d+ {2}facts\.apy\.stale_reason {2}warning: the fact is not stale on 2026-06-30 \(as_of 2026-06-30\), so its stale_reason is never shown/,
    );
  });
});

describe('openapi.json', () => {
  it('passes redocly lint with the recommended rules: no error and no warning', async () => {
    const dist = await buildInto(FIXTURE_SOURCES);
    const redocly = path.join(ROOT, 'node_modules/.bin/redocly');
    const { stdout, stderr } = await promisify(execFile)(redocly, ['lint', '--extends=recommended', '--format=json', path.join(dist, 'openapi.json')], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((e: { stdout: string; stderr: string }) => e);
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      problems: Array<{ ruleId: string; severity: string; location: Array<{ pointer: string }> }>;
    };
    expect(
      report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}`),
      stderr,
    ).toEqual([]);
  });

  it('passes spectral with its OpenAPI rules (spectral:oas, the ruleset in .spectral.yaml) with no problem at all', async () => {
    const dist = await buildInto(FIXTURE_SOURCES);
    const spectral = path.join(ROOT, 'node_modules/.bin/spectral');
    const { stdout } = await promisify(execFile)(
      spectral,
      ['lint', path.join(dist, 'openapi.json'), '--ruleset', path.join(ROOT, '.spectral.yaml'), '--format', 'json', '--quiet'],
      { cwd: ROOT },
    ).catch((e: { stdout: string; stderr: string }) => e);
    expect(JSON.parse(stdout || '[]')).toEqual([]);
  });

  it('declares the optional X-API-Key scheme and, for a local base URL, a server relative to the document', async () => {
    const dist = await buildInto(FIXTURE_SOURCES);
    const doc = JSON.parse(await readFile(path.join(dist, 'openapi.json'), 'utf8'));
    expect(doc.security).toEqual([{}, { ApiKey: [] }]);
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.servers).toEqual([{ url: '/', description: 'The host serving this document' }]);
  });
});
