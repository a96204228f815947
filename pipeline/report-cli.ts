/**
 * `npm run report [-- --sources DIR] [--json]`: prints the data report of the sources
 * (pipeline/report.ts) as Markdown, or with --json as one JSON object
 * `{ evaluation_date, methodology_version, categories: CategoryReport[], targets: TargetResult[] }`.
 * Exits 1 when the sources do not build.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scoreSources } from './build.js';
import { todayUtc } from './evaluation-date.js';
import { DEFAULT_SOURCES_DIR, PROJECT_ROOT } from './paths.js';
import { dataReport, evaluateTargets, formatDataReport } from './report.js';

const { values } = parseArgs({ options: { sources: { type: 'string' }, json: { type: 'boolean', default: false } } });
const sourcesDir = path.resolve(values.sources ?? DEFAULT_SOURCES_DIR);
const result = await scoreSources({ root: PROJECT_ROOT, sourcesDir, baseUrl: undefined, today: todayUtc(), sourceDateEpoch: process.env.SOURCE_DATE_EPOCH });
if (!result.ok) {
  process.stderr.write('report: the sources do not build; run npm run check\n');
  process.exit(1);
}
const reports = dataReport(result.scored, result.methodology.coverage_gate_pct, result.lists);
if (values.json) {
  const report = {
    evaluation_date: result.site.evaluation_date,
    methodology_version: result.methodology.version,
    categories: reports,
    targets: evaluateTargets(reports),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} else {
  process.stdout.write(`evaluation date ${result.site.evaluation_date}, methodology ${result.methodology.version}\n\n${formatDataReport(reports)}\n`);
}
