/**
 * `npm run report [-- --sources DIR]`: prints the data report of the sources
 * (pipeline/report.ts). Exits 1 when the sources do not build.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scoreSources } from './build.js';
import { DEFAULT_SOURCES_DIR, PROJECT_ROOT } from './paths.js';
import { dataReport, formatDataReport } from './report.js';

const { values } = parseArgs({ options: { sources: { type: 'string' } } });
const sourcesDir = path.resolve(values.sources ?? DEFAULT_SOURCES_DIR);
const today = new Date().toISOString().slice(0, 10);
const result = await scoreSources({ root: PROJECT_ROOT, sourcesDir, baseUrl: undefined, today, sourceDateEpoch: process.env.SOURCE_DATE_EPOCH });
if (!result.ok) {
  process.stderr.write('report: the sources do not build; run npm run check\n');
  process.exit(1);
}
process.stdout.write(`evaluation date ${result.site.evaluation_date}, methodology ${result.methodology.version}\n\n${formatDataReport(dataReport(result.scored, result.methodology.coverage_gate_pct, result.lists))}\n`);
