/**
 * `npm start`: builds dist/ when it is missing, older than any file in sources/,
 * or built for another BASE_URL; then serves it (runtime/main.ts: signals, logs).
 * Environment: PORT (default 3000), HOST (default 127.0.0.1), BASE_URL (default from sources/site.yaml),
 * RATE_LIMIT_PER_MINUTE (default 60, 0 = off), TRUST_PROXY (default 0), API_KEYS / API_KEYS_FILE.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { main as pipeline } from '../pipeline/cli.js';
import { DEFAULT_DIST_DIR, DEFAULT_SOURCES_DIR } from '../pipeline/paths.js';
import { DIST_LAYOUT } from '../runtime/bundle.js';
import { runRuntime } from '../runtime/main.js';

async function needsBuild(): Promise<string | null> {
  const modelFile = path.join(DEFAULT_DIST_DIR, DIST_LAYOUT.runtimeModel);
  let built: number;
  try {
    built = (await stat(modelFile)).mtimeMs;
  } catch {
    return 'dist/ is missing';
  }
  const sources = await fg('**/*', { cwd: DEFAULT_SOURCES_DIR, absolute: true, stats: true });
  if (sources.some((s) => (s.stats?.mtimeMs ?? 0) > built)) return 'sources/ changed since the last build';
  const baseUrl = process.env.BASE_URL?.replace(/\/+$/, '');
  if (baseUrl) {
    const model = JSON.parse(await readFile(modelFile, 'utf8')) as { site?: { base_url?: string } };
    if (model.site?.base_url !== baseUrl) return `dist/ was built for another BASE_URL`;
  }
  return null;
}

async function start(): Promise<void> {
  const reason = await needsBuild();
  if (reason) {
    process.stdout.write(`${reason}: building\n`);
    const code = await pipeline(['build', '--quiet']);
    if (code !== 0) process.exit(code);
  }
  await runRuntime(DEFAULT_DIST_DIR);
}

start().catch((error: unknown) => {
  process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
