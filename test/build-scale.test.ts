/**
 * What makes large builds fast must not change what they produce: YAML parsed on
 * worker threads gives the same data and problems as parsing on the main thread,
 * and positions of later problems are still found (the document is parsed again
 * on demand); files written on the writer thread are the build's bytes, and a
 * failed write loses nothing. No timing here: speed is measured by `npm run bench` only.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPlatformFiles, loadYaml, problemAt } from '../pipeline/load/load.js';
import { loadYamlOnWorkers } from '../pipeline/load/parse-workers.js';
import { runBuild } from '../pipeline/build.js';
import { DistWriter } from '../pipeline/write/write-dist.js';
import { contentBytes } from '../pipeline/emit/open-data.js';
import { generateSources } from '../scripts/generate-sources.js';
import { runNpmScript, tempDir } from './helpers.js';
import { compressedCopies } from '../pipeline/write/compressed-copies.js';

describe('parsing sources on worker threads', () => {
  it('gives the same data, problems and positions as parsing on the main thread', async () => {
    const sources = await tempDir('synthetic');
    await generateSources(120, sources);
    // one broken file, so YAML problems travel back from a worker too
    await writeFile(path.join(sources, 'platforms/exchanges/zz-broken.yaml'), 'name: Broken\nslug: zz-broken\n  category: exchanges\n');
    const files = await findPlatformFiles(sources);
    const here = await Promise.all(files.map((f) => loadYaml(sources, sources, f)));
    const there = await loadYamlOnWorkers(sources, sources, files, 2);
    expect(there.map((l) => l.source.file)).toEqual(here.map((l) => l.source.file));
    expect(there.map((l) => l.source.data)).toEqual(here.map((l) => l.source.data));
    expect(there.map((l) => l.problems)).toEqual(here.map((l) => l.problems));
    expect(there.find((l) => l.source.file.endsWith('zz-broken.yaml'))!.problems[0]).toMatchObject({
      severity: 'error',
      file: expect.stringMatching(/zz-broken.yaml$/),
    });
    const at = (l: (typeof here)[number]) => problemAt(l.source, ['facts', Object.keys((l.source.data as { facts: object }).facts)[0]!], 'error', 'x');
    expect(at(there[0]!)).toEqual(at(here[0]!));
  });
});

describe('writing dist/ on a writer thread (builds of 1,000 platforms or more)', () => {
  it('writes the same bytes as the in-memory build, and replaces the previous dist/ (npm run build: the bundled pipeline)', async () => {
    const sources = await tempDir('synthetic-1000');
    await generateSources(1_000, sources);
    const dist = await tempDir('dist-1000');
    await writeFile(path.join(dist, 'stale.txt'), 'from the previous build');
    const cli = await runNpmScript('build', ['--quiet', '--sources', sources, '--dist', dist]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/^built 1000 platforms into .*: 5971 files in \d+ ms$/m);
    const expected = (await runBuild({ root: sources, sourcesDir: sources, today: '2026-06-30', sourceDateEpoch: process.env.SOURCE_DATE_EPOCH })).files!;
    const written = (await readdir(dist, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(dist, path.join(e.parentPath, e.name)));
    // every file, and the compressed copies of the static ones (pipeline/write/compressed-copies.ts)
    const copies = expected.flatMap((f) => compressedCopies(f.path, contentBytes(f.contents)));
    expect(written.sort()).toEqual([...expected.map((f) => f.path), ...copies.map(([copy]) => copy), 'build-manifest.json'].sort());
    for (const f of expected) expect((await readFile(path.join(dist, f.path))).equals(contentBytes(f.contents)), f.path).toBe(true);
    for (const [copy, bytes] of copies) expect((await readFile(path.join(dist, copy))).equals(bytes), copy).toBe(true);
  });

  it('leaves the previous dist/ as it was when a write fails, and removes what it wrote', async () => {
    const parent = await tempDir('writer-fail');
    const dist = path.join(parent, 'dist');
    await mkdir(dist);
    await writeFile(path.join(dist, 'kept.txt'), 'previous build');
    const writer = new DistWriter(dist, true);
    // a file, then a file below it as if it were a folder: the writer thread fails (EEXIST)
    writer.write([
      { path: 'a.json', contents: '{}' },
      { path: 'a.json/b.json', contents: '{}' },
    ]);
    await expect(writer.commit()).rejects.toThrow(/writing .*\.dist-build-.*(EEXIST|ENOTDIR)/);
    expect(await readdir(parent)).toEqual(['dist']);
    expect(await readFile(path.join(dist, 'kept.txt'), 'utf8')).toBe('previous build');
  });
});
