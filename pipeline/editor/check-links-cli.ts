/**
 * `npm run check-links -- [--urls FILE] [--timeout-ms N] [--per-host-ms N] [--concurrency N] [--sources DIR] [--json]`:
 * checks every URL the sources cite (facts, assessments, incidents, licences), or the URLs listed
 * in FILE (one a line; blank lines and lines starting with # are skipped), politely
 * (pipeline/editor/link-check.ts). Markdown by default; --json prints `{ checked, counts, results: LinkResult[] }`.
 * Defaults: 15,000 ms timeout, 2,000 ms between two requests to one host, 4 hosts at once.
 * Exits 1 when any URL is dead (404 or 410) or the sources do not build, 2 on a usage error, else 0.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SOURCES_DIR, PROJECT_ROOT } from '../paths.js';
import { checkLinks, formatLinkReport, linkCounts, type LinkToCheck } from './link-check.js';
import { citedUrls } from './cited-urls.js';
import { loadScoredState } from './scored-state.js';
import { runCommand, UsageError } from './run-command.js';

const USAGE = 'usage: npm run check-links -- [--urls FILE] [--timeout-ms N] [--per-host-ms N] [--concurrency N] [--sources DIR] [--json]\n';

/** A whole number option within bounds, or its default. @throws UsageError naming the option and what is allowed */
function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}; got "${raw}"`);
  return value;
}

await runCommand(USAGE, async () => {
  const { values } = parseArgs({
    options: {
      urls: { type: 'string' },
      'timeout-ms': { type: 'string' },
      'per-host-ms': { type: 'string' },
      concurrency: { type: 'string' },
      sources: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const timeoutMs = whole('timeout-ms', values['timeout-ms'], 15_000, 1, 600_000);
  const perHostMs = whole('per-host-ms', values['per-host-ms'], 2_000, 0, 600_000);
  const concurrency = whole('concurrency', values.concurrency, 4, 1, 64);
  let links: LinkToCheck[];
  if (values.urls !== undefined) {
    const text = await readFile(values.urls, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`--urls ${values.urls}: cannot be read (${error.code ?? error.message})`);
    });
    const urls = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    links = [...new Set(urls)].map((url) => ({ url, cited_by: [] }));
  } else {
    const sourcesDir = values.sources ?? DEFAULT_SOURCES_DIR;
    links = citedUrls((await loadScoredState(sourcesDir)).scored.map((p) => p.source));
  }
  const pkg = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const userAgent = `${pkg.name}-link-check/${pkg.version} (checks the pages an open comparison-data project cites; one request at a time per host)`;
  const results = await checkLinks(links, { userAgent, timeoutMs, perHostMs, concurrency });
  const counts = linkCounts(results);
  process.stdout.write(values.json ? `${JSON.stringify({ checked: results.length, counts, results }, null, 2)}\n` : `${formatLinkReport(results)}\n`);
  return counts.dead > 0 ? 1 : 0;
});
