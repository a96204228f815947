/**
 * `npm start`: builds dist/ when it is missing, older than any file in sources/,
 * or built for another BASE_URL; then serves it.
 * Environment: PORT (default 3000), HOST (default 127.0.0.1), BASE_URL (default from sources/site.yaml),
 * RATE_LIMIT_PER_MINUTE (default 60, 0 = off), TRUST_PROXY (default 0), API_KEYS / API_KEYS_FILE.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { main as pipeline } from '../pipeline/cli.js';
import { DEFAULT_DIST_DIR, DEFAULT_SOURCES_DIR } from '../pipeline/paths.js';
import { DIST_LAYOUT } from '../runtime/bundle.js';
import { serve } from '../runtime/server.js';
import { FREE_REQUESTS_PER_MINUTE, loadKeys } from '../runtime/http/rate-limit.js';

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

/** A whole-number environment setting within bounds, or its default; throws naming the variable otherwise. */
function wholeNumber(name: string, fallback: number, max: number): number {
  const raw = process.env[name] ?? String(fallback);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > max) throw new Error(`${name} must be a whole number 0-${max}; got "${raw}"`);
  return value;
}

async function start(): Promise<void> {
  const reason = await needsBuild();
  if (reason) {
    process.stdout.write(`${reason}: building\n`);
    const code = await pipeline(['build', '--quiet']);
    if (code !== 0) process.exit(code);
  }
  const hostname = process.env.HOST ?? '127.0.0.1';
  const listener = await serve({
    distDir: DEFAULT_DIST_DIR,
    port: wholeNumber('PORT', 3000, 65535),
    hostname,
    rateLimit: { freePerMinute: wholeNumber('RATE_LIMIT_PER_MINUTE', FREE_REQUESTS_PER_MINUTE, 1_000_000), keys: loadKeys(process.env) },
    trustProxy: wholeNumber('TRUST_PROXY', 0, 10),
  });
  process.stdout.write(`serving ${DEFAULT_DIST_DIR} at ${listener.url}\n`);
  const stop = () => void listener.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

start().catch((error: unknown) => {
  process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
