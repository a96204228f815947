/**
 * What makes large builds fast must not change what they produce: YAML parsed on
 * worker threads gives the same data and problems as parsing on the main thread,
 * and positions of later problems are still found (the document is parsed again
 * on demand). No timing here: speed is measured by `npm run bench` only.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPlatformFiles, loadYaml, problemAt } from '../pipeline/load.js';
import { loadYamlOnWorkers } from '../pipeline/parse-workers.js';
import { generateSources } from '../scripts/generate-sources.js';
import { tempDir } from './helpers.js';

describe('parsing sources on worker threads', () => {
  it('gives the same data, problems and positions as parsing on the main thread', async () => {
    const sources = await tempDir('synthetic');
    await generateSources(120, sources);
    // one broken file, so YAML problems travel back from a worker too
    await writeFile(path.join(sources, 'platforms/exchanges/zz-broken.yaml'), 'name: Broken\nslug: zz-broken\n  category: exchanges\n');
    const files = await findPlatformFiles(sources);
    const here = await Promise.all(files.map((f) => loadYaml(sources, f)));
    const there = await loadYamlOnWorkers(sources, files, 2);
    expect(there.map((l) => l.source.file)).toEqual(here.map((l) => l.source.file));
    expect(there.map((l) => l.source.data)).toEqual(here.map((l) => l.source.data));
    expect(there.map((l) => l.problems)).toEqual(here.map((l) => l.problems));
    expect(there.find((l) => l.source.file.endsWith('zz-broken.yaml'))!.problems[0]).toMatchObject({ severity: 'error', file: expect.stringMatching(/zz-broken.yaml$/) });
    const at = (l: (typeof here)[number]) => problemAt(l.source, ['facts', Object.keys((l.source.data as { facts: object }).facts)[0]!], 'error', 'x');
    expect(at(there[0]!)).toEqual(at(here[0]!));
  });
});
