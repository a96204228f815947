/**
 * `npm run dev`: builds dist/ when needed (scripts/prepare-start.ts), then serves it from the
 * TypeScript sources under tsx (runtime/server/main.ts: signals, logs); `tsx watch` restarts it when a
 * source changes. `npm start` serves the compiled runtime instead (package.json).
 * Environment: PORT (default 3000), HOST (default 127.0.0.1), BASE_URL (default from sources/site.yaml),
 * RATE_LIMIT_PER_MINUTE (default 60, 0 = off), TRUST_PROXY (default 0), API_KEYS / API_KEYS_FILE.
 */
import { DEFAULT_DIST_DIR } from '../pipeline/paths.js';
import { runRuntime } from '../runtime/server/main.js';
import { buildDistIfNeeded } from './prepare-start.js';

async function start(): Promise<void> {
  const code = await buildDistIfNeeded();
  if (code !== 0) process.exit(code);
  await runRuntime(DEFAULT_DIST_DIR);
}

start().catch((error: unknown) => {
  process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
