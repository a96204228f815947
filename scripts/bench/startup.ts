/**
 * The start part of the benchmark: time from spawning the runtime to its first answer, and
 * its RSS idle and after a warm-up of mixed requests.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { firstAnswer, freePort, log, median, rssMiB, seconds, sleep, spawnRuntime, stop, type RuntimeForm } from './settings.js';

export interface StartupRow {
  label: string;
  firstAnswerMs: number;
  rssIdleMiB: number;
  rssWarmMiB: number;
}

/** Three starts of the runtime on `dist`: the median time to the first answer; RSS measured on the last. */
export async function startup(label: string, dist: string, form: RuntimeForm): Promise<StartupRow> {
  const times: number[] = [];
  let rssIdle = 0;
  let rssWarm = 0;
  for (let i = 0; i < 3; i++) {
    const port = freePort();
    const started = performance.now();
    const child = spawnRuntime(dist, port, form);
    try {
      await firstAnswer(`http://127.0.0.1:${port}/v1/categories`, child);
      times.push(performance.now() - started);
      if (i === 2) {
        await sleep(500);
        rssIdle = await rssMiB(child.pid!);
        const model = JSON.parse(await readFile(path.join(dist, 'runtime-model.json'), 'utf8')) as { platforms: Array<{ slug: string; category: string }> };
        const ex = model.platforms.filter((p) => p.category === 'exchanges').map((p) => p.slug);
        const verdicts = (await readdir(path.join(dist, 'api/v1/verdicts'))).slice(0, 20);
        const requests = [
          ...model.platforms.slice(0, 50).map((p) => ({ method: 'GET' as const, path: `/v1/platforms/${p.slug}` })),
          ...model.platforms.slice(0, 20).map((p) => ({ method: 'GET' as const, path: `/v1/safety/${p.slug}` })),
          ...verdicts.map((v) => ({ method: 'GET' as const, path: `/v1/verdicts/${v.slice(0, -5)}` })),
          { method: 'GET' as const, path: '/v1/categories' },
          { method: 'GET' as const, path: '/v1/platforms?query=a' },
          { method: 'GET' as const, path: `/v1/compare?platforms=${ex.slice(0, 3).join(',')}&weights=fees:8` },
          { method: 'GET' as const, path: `/v1/verdicts/${ex.at(-1)}-vs-${ex.at(-2)}` },
          { method: 'GET' as const, path: '/v1/savings-interest?balance=10000' },
          { method: 'GET' as const, path: '/v1/fees?category=exchange' },
          {
            method: 'POST' as const,
            path: '/mcp',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: { name: 'compare_platforms', arguments: { platforms: ex.slice(0, 2) } },
            }),
          },
        ];
        await autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration: Math.max(2, Math.min(seconds, 5)), requests });
        await sleep(500);
        rssWarm = await rssMiB(child.pid!);
      }
    } finally {
      await stop(child);
    }
  }
  const row = { label, firstAnswerMs: median(times), rssIdleMiB: rssIdle, rssWarmMiB: rssWarm };
  log(
    `start  ${label}: first answer ${Math.round(row.firstAnswerMs)} ms (runs ${times.map(Math.round).join(', ')}), RSS ${row.rssIdleMiB} MiB idle, ${row.rssWarmMiB} MiB after warm-up`,
  );
  return row;
}
