/**
 * The pipeline's command line.
 *   build [--sources DIR] [--dist DIR]   validate, lint, score and write dist/ (exit 1 on any error)
 *   check [--sources DIR]                validate and lint only, write nothing
 *   --quiet                              print errors only, and the number of warnings
 * BASE_URL overrides site.yaml base_url; SOURCE_DATE_EPOCH is the evaluation date.
 * History (change feed, per-fact timelines) comes from the git history of the sources folder
 * (docs/history.md), cached per commit in .cache/source-history/ (HISTORY_CACHE_DIR overrides;
 * HISTORY_CACHE_DIR=none keeps no cache). Problems go to stderr, errors first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scoreSources } from './build.js';
import { distFileGroups } from './emit/dist-files.js';
import { todayUtc } from './evaluation-date.js';
import { NO_HISTORY, readSourceHistory } from './history/source-history.js';
import { DEFAULT_DIST_DIR, DEFAULT_HISTORY_CACHE_DIR, DEFAULT_SOURCES_DIR, PROJECT_ROOT } from './paths.js';
import { formatReport } from './problems.js';
import { OutputCheck, type SchemaFailure } from './write/validate-output.js';
import { DistWriter, WRITER_THREAD_MIN_PLATFORMS } from './write/write-dist.js';

const USAGE = `usage: cli.ts build|check [--sources DIR] [--dist DIR] [--quiet]
  build     validate, lint, score and write DIR (default dist/); a failed build leaves it as it was
  check     validate and lint only, write nothing
  --sources folder of methodology.yaml, site.yaml and platforms/ (default sources/)
  --dist    output folder (default dist/)
  --quiet   print errors only, and the number of warnings
`;

/** Runs one CLI command; returns the process exit code (0 ok, 1 build errors, 2 usage error). */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { sources: { type: 'string' }, dist: { type: 'string' }, quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const command = positionals[0];
  if (positionals.length !== 1 || (command !== 'build' && command !== 'check')) {
    process.stderr.write(USAGE);
    return 2;
  }
  const sourcesDir = path.resolve(values.sources ?? DEFAULT_SOURCES_DIR);
  const distDir = path.resolve(values.dist ?? DEFAULT_DIST_DIR);
  const started = performance.now();
  const sourceDateEpoch = process.env.SOURCE_DATE_EPOCH;
  const result = await scoreSources({
    root: process.cwd() === PROJECT_ROOT ? PROJECT_ROOT : process.cwd(),
    sourcesDir,
    baseUrl: process.env.BASE_URL,
    today: todayUtc(),
    sourceDateEpoch,
  });
  const shown = values.quiet ? result.problems.filter((p) => p.severity === 'error') : result.problems;
  if (shown.length) process.stderr.write(`${formatReport(shown)}\n`);
  const hidden = result.problems.length - shown.length;
  if (hidden) process.stderr.write(`${hidden} warnings not shown (npm run check lists them)\n`);
  if (!result.ok) {
    process.stderr.write(`${command} failed: fix the errors above${command === 'build' ? '; dist/ was left as it was' : ''}.\n`);
    return 1;
  }
  const platforms = result.scored.length;
  const cacheSetting = process.env.HISTORY_CACHE_DIR;
  // check validates the current sources only: it reads no history
  const history =
    command === 'check'
      ? NO_HISTORY
      : await readSourceHistory({
          sourcesDir,
          site: result.site,
          cacheDir: cacheSetting === 'none' ? null : path.resolve(cacheSetting || DEFAULT_HISTORY_CACHE_DIR),
        });
  if (history.status.note && command === 'build') process.stderr.write(`history: ${history.status.note}\n`);
  // files are written (on a writer thread for large builds) while the next group is made; dist/ is replaced only after the check
  const writer = command === 'build' ? new DistWriter(distDir, platforms >= WRITER_THREAD_MIN_PLATFORMS) : null;
  // each group is checked as it is made, and nothing of it is kept afterwards (memory; garbage-collection time)
  const check = new OutputCheck();
  const failures: SchemaFailure[] = [];
  let files = 0;
  try {
    for (const group of distFileGroups(result.site, result.methodology, result.scored, history, result.assets)) {
      writer?.write(group);
      failures.push(...check.check(group));
      files += group.length;
    }
    if (failures.length) {
      await writer?.abort();
      for (const f of failures) process.stderr.write(`dist/${f.path}: does not match its schema: ${f.errors.join('; ')}\n`);
      process.stderr.write(
        `${command} failed: ${failures.length} output file(s) do not match their schema${command === 'build' ? '; dist/ was left as it was' : ''}.\n`,
      );
      return 1;
    }
    await writer?.commit();
  } catch (error) {
    await writer?.abort();
    throw error;
  }
  if (command === 'build') {
    process.stdout.write(
      `built ${platforms} platforms into ${path.relative(process.cwd(), distDir) || distDir}: ${files} files in ${Math.round(performance.now() - started)} ms\n`,
    );
  } else {
    process.stdout.write(`check passed: ${platforms} platforms, ${files} files would be written\n`);
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`build crashed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
