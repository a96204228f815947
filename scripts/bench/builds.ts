/**
 * The build part of the benchmark: the bundled pipeline CLI in a child process, as `npm run
 * build` runs it, over synthetic and real sources: wall time, in-process time, peak RSS, files.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_NODE_FLAGS, log, median, ROOT, sleep } from './settings.js';

export interface BuildRow {
  label: string;
  platforms: number;
  yamlMB: number;
  /** Median over the runs (one run for the real sources). */
  wallS: number;
  /** Fastest and slowest wall time of the runs. */
  wallRangeS: [number, number];
  inProcessS: number;
  /** Highest peak of the runs. */
  peakMiB: number;
  runs: number;
  files: number;
  verdicts: number;
}

/** One row for several builds of the same sources: median times, the wall-time range, the highest peak. */
export function medianBuild(runs: readonly BuildRow[]): BuildRow {
  const walls = runs.map((r) => r.wallS);
  return {
    ...runs[0]!,
    wallS: median(walls),
    wallRangeS: [Math.min(...walls), Math.max(...walls)],
    inProcessS: median(runs.map((r) => r.inProcessS)),
    peakMiB: Math.max(...runs.map((r) => r.peakMiB)),
    runs: runs.length,
  };
}

async function countFiles(dir: string): Promise<number> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

/**
 * Builds `sources` into `dist` in a child process, as `npm run build` runs the bundled pipeline
 * (`rssReporter`, preloaded, prints the process's peak RSS at exit); wall time includes starting Node.
 */
export async function timedBuild(label: string, sources: string, dist: string, platforms: number, yamlMB: number, rssReporter: string): Promise<BuildRow> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...BUILD_NODE_FLAGS,
      '--import',
      pathToFileURL(rssReporter).href,
      path.join(ROOT, 'build/pipeline/cli.js'),
      'build',
      '--quiet',
      '--sources',
      sources,
      '--dist',
      dist,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  const wallS = (performance.now() - started) / 1000;
  const ms = / in (\d+) ms$/m.exec(out)?.[1];
  const maxRssKiB = /^BENCH_MAX_RSS_KIB (\d+)$/m.exec(err)?.[1];
  if (code !== 0 || !ms || !maxRssKiB) throw new Error(`build of ${label} failed (exit ${code}):\n${err.slice(-2000)}`);
  const result = { ms: Number(ms), maxRssKiB: Number(maxRssKiB) };
  const verdictsDir = path.join(dist, 'api/v1/verdicts');
  return {
    label,
    platforms,
    yamlMB,
    wallS,
    wallRangeS: [wallS, wallS],
    inProcessS: result.ms / 1000,
    peakMiB: Math.round(result.maxRssKiB / 1024),
    runs: 1,
    files: await countFiles(dist),
    verdicts: (await readdir(verdictsDir)).length,
  };
}

/** Builds the real sources, retrying a few times (editors may be saving a file). */
export async function buildReal(work: string, rssReporter: string): Promise<{ row: BuildRow | null; dist: string; note: string }> {
  const dist = path.join(work, 'real-dist');
  const files = (await readdir(path.join(ROOT, 'sources/platforms'), { recursive: true })).filter((f) => String(f).endsWith('.yaml'));
  const bytes = (await Promise.all(files.map((f) => readFile(path.join(ROOT, 'sources/platforms', String(f))).then((b) => b.length)))).reduce(
    (a, b) => a + b,
    0,
  );
  let last = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const row = await timedBuild('real sources', path.join(ROOT, 'sources'), dist, files.length, bytes / 1e6, rssReporter);
      return { row, dist, note: '' };
    } catch (error) {
      last = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
      log(`build  real sources failed (attempt ${attempt + 1}): ${last}`);
      if (attempt < 2) await sleep(20_000);
    }
  }
  return { row: null, dist: path.join(ROOT, 'dist'), note: `The real sources did not build (${last}); the real bundle is the existing dist/.` };
}
