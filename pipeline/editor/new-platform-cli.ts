/**
 * `npm run new-platform -- --category <id> --name "<Name>" --website <https URL> [--sources DIR] [--json]`:
 * writes sources/platforms/<category>/<slug>.yaml (pipeline/editor/scaffold.ts), every fact group
 * unknown, dated on the evaluation date (SOURCE_DATE_EPOCH when set, else today). The website is
 * asked for because the schema needs it and it decides which citations are primary; it is never
 * guessed. Refuses to overwrite any platform file with that slug (in any category).
 * Prints what it wrote and what to do next, or with --json `{ file, slug, category }`.
 * Exits 0 when written, 1 when the file exists or the methodology cannot be read, 2 on a usage error.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CATEGORY_IDS, type CategoryId } from '../../runtime/domain/contract/categories.js';
import { httpsUrl } from '../../runtime/domain/sources/common-schema.js';
import { evaluationDate } from '../evaluation-date.js';
import { readableMethodology } from '../history/score-at-commit.js';
import { findPlatformFiles, parseYaml, relativeFile } from '../load/load.js';
import { DEFAULT_SOURCES_DIR } from '../paths.js';
import { namingRoot } from './platform-files.js';
import { runCommand, UsageError } from './run-command.js';
import { scaffoldText, slugOf } from './scaffold.js';

const USAGE = 'usage: npm run new-platform -- --category <id> --name "<Name>" --website <https URL> [--sources DIR] [--json]\n';

await runCommand(USAGE, async () => {
  const { values } = parseArgs({
    options: {
      category: { type: 'string' },
      name: { type: 'string' },
      website: { type: 'string' },
      sources: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const category = values.category;
  if (!category || !(CATEGORY_IDS as readonly string[]).includes(category)) {
    throw new UsageError(`${category ? `unknown category "${category}"` : '--category is required'}; allowed: ${CATEGORY_IDS.join(', ')}`);
  }
  const name = values.name?.trim();
  if (!name) throw new UsageError('--name is required: the platform\'s name as it calls itself, e.g. --name "Example Bank Online Savings"');
  const slug = slugOf(name);
  if (!slug) throw new UsageError(`--name "${name}" gives no usable slug (letters or digits needed; "-vs-" is reserved for comparisons)`);
  if (!values.website || !httpsUrl.safeParse(values.website).success) {
    throw new UsageError(
      `--website is required: the platform's own https:// site (citations on its host are primary evidence)${values.website ? `; got "${values.website}"` : ''}`,
    );
  }
  const sourcesDir = path.resolve(values.sources ?? DEFAULT_SOURCES_DIR);
  const existing = (await findPlatformFiles(sourcesDir)).find((f) => path.basename(f).replace(/\.ya?ml$/, '') === slug);
  if (existing) {
    process.stderr.write(
      `new-platform: ${relativeFile(namingRoot(sourcesDir), existing)} already exists; nothing written (edit that file instead, or choose another name)\n`,
    );
    return 1;
  }
  const methodologyFile = path.join(sourcesDir, 'methodology.yaml');
  const methodology = readableMethodology(parseYaml('methodology.yaml', await readFile(methodologyFile, 'utf8')).source.data);
  if (!methodology) throw new Error(`new-platform: ${methodologyFile} does not validate; run npm run check`);
  const asOf = evaluationDate();
  const file = path.join(sourcesDir, 'platforms', category, `${slug}.yaml`);
  if (existsSync(file)) throw new Error(`new-platform: ${file} already exists`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, scaffoldText(methodology, category as CategoryId, name, slug, values.website, asOf), { flag: 'wx' });
  const shown = relativeFile(namingRoot(sourcesDir), file);
  process.stdout.write(
    values.json
      ? `${JSON.stringify({ file: shown, slug, category })}\n`
      : `wrote ${shown}: every fact group unknown, so it builds under the coverage gate.\nNext: fill in the groups from their sources, then npm run check and npm run preview -- --base origin/main.\n`,
  );
  return 0;
});
