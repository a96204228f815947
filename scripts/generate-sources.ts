/**
 * Synthetic sources for benchmarks only (never committed, never under sources/):
 * N made-up platforms spread evenly over the five categories, valid against
 * runtime/domain/sources/platform-schema.ts and every lint (plausible ranges, date
 * order, unique names), with files about the size of the real ones (3-6 KB:
 * several cited fact groups, assessments, incidents, licences). site.yaml and
 * methodology.yaml are copied from sources/.
 *
 *   tsx scripts/generate-sources.ts --platforms 1000 [--out DIR] [--seed 1]
 *
 * Prints the folder it wrote (a new temporary folder unless --out is given).
 * The same count, seed and evaluation date give the same files: dates are placed
 * within the 300 days before the evaluation date (SOURCE_DATE_EPOCH when set, else
 * the day it runs), so no date is in the future and no as_of is stale when the
 * build evaluates on the same date.
 */
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { CATEGORY_IDS } from '../runtime/domain/contract/categories.js';
import { platformYaml, prng } from './synthetic/platform-yaml.js';
import { DAY_MS, dayNumber } from '../runtime/domain/contract/calendar.js';
import { evaluationDateOf } from '../runtime/domain/scoring/freshness.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Writes `count` synthetic platforms (spread evenly over the five categories)
 * plus copies of sources/site.yaml and sources/methodology.yaml into `outDir`.
 * @param count number of platform files
 * @param outDir folder to write (created; should be empty or new)
 * @param seed PRNG seed; the same seed gives the same platforms
 * @returns the number of bytes of platform YAML written
 * @throws Error when SOURCE_DATE_EPOCH is set but not a whole number of seconds
 */
export async function generateSources(count: number, outDir: string, seed = 1): Promise<number> {
  const rand = prng(seed);
  const evaluationDate = evaluationDateOf(process.env.SOURCE_DATE_EPOCH, new Date().toISOString().slice(0, 10));
  const todayMs = (dayNumber(evaluationDate) - 1) * DAY_MS;
  await mkdir(outDir, { recursive: true });
  await copyFile(path.join(ROOT, 'sources/site.yaml'), path.join(outDir, 'site.yaml'));
  await copyFile(path.join(ROOT, 'sources/methodology.yaml'), path.join(outDir, 'methodology.yaml'));
  for (const category of CATEGORY_IDS) await mkdir(path.join(outDir, 'platforms', category), { recursive: true });
  let bytes = 0;
  const pending: Array<Promise<void>> = [];
  for (let n = 0; n < count; n++) {
    const category = CATEGORY_IDS[n % CATEGORY_IDS.length]!;
    const { slug, text } = platformYaml(category, n, rand, todayMs);
    bytes += Buffer.byteLength(text);
    pending.push(writeFile(path.join(outDir, 'platforms', category, `${slug}.yaml`), text));
    if (pending.length >= 256) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  return bytes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { platforms: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' } } });
  const count = Number(values.platforms ?? 100);
  if (!Number.isInteger(count) || count < 1) throw new Error('--platforms must be a whole number of at least 1');
  const out = values.out ? path.resolve(values.out) : await mkdtemp(path.join(tmpdir(), `synthetic-sources-${count}-`));
  if (out.startsWith(path.join(ROOT, 'sources'))) throw new Error('synthetic sources never go under sources/');
  const bytes = await generateSources(count, out, Number(values.seed ?? 1));
  process.stderr.write(`wrote ${count} synthetic platforms (${(bytes / 1e6).toFixed(1)} MB of YAML)\n`);
  process.stdout.write(`${out}\n`);
}
