/**
 * The runtime process as an operator runs it: structured access logs, SIGHUP
 * swapping in a freshly built dist/ (and refusing a broken one), SIGTERM
 * finishing in-flight requests before exiting 0.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, killRuntimes, runCli, spawnRuntime, tempDir } from './helpers.js';

afterAll(killRuntimes);

const scoreOf = async (url: string) => ((await (await fetch(`${url}/v1/platforms/alpha-exchange`)).json()) as { score_pct: number }).score_pct;

describe('runtime process', () => {
  it('logs each request, reloads dist/ on SIGHUP, refuses a broken one, and drains on SIGTERM', async () => {
    const dist = await buildInto(FIXTURE_SOURCES);
    const rt = await spawnRuntime(dist);
    expect(await scoreOf(rt.url)).toBe(87.9);

    const access = await rt.waitFor((l) => l.path === '/v1/platforms/alpha-exchange', 'access log');
    expect(access).toMatchObject({ method: 'GET', status: 200, level: 30 });
    expect(access.req_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof access.ms).toBe('number');

    // rebuild with a changed fact: security 90 -> 60 gives (180 + 200 + 114 + 47 + 160) / 9 = 77.9
    const sources = path.join(await tempDir('sources'), 'sources');
    await cp(FIXTURE_SOURCES, sources, { recursive: true });
    const file = path.join(sources, 'platforms/exchanges/alpha-exchange.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('security: { score: 90,', 'security: { score: 60,'));
    expect((await runCli(['build', '--sources', sources, '--dist', dist])).code).toBe(0);
    expect(await scoreOf(rt.url)).toBe(87.9); // nothing changes until SIGHUP
    rt.child.kill('SIGHUP');
    await rt.waitFor((l) => l.event === 'reload', 'reload');
    expect(await scoreOf(rt.url)).toBe(77.9);

    await writeFile(path.join(dist, 'runtime-model.json'), '{"broken": true}');
    rt.child.kill('SIGHUP');
    const refused = await rt.waitFor((l) => l.event === 'reload-refused', 'reload refused');
    expect(refused.level).toBe(50);
    expect(await scoreOf(rt.url)).toBe(77.9);

    const inFlight = fetch(`${rt.url}/v1/compare?platforms=alpha-exchange,beta-exchange`);
    await new Promise((r) => setTimeout(r, 5));
    rt.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await rt.exited).toBe(0);
    await rt.waitFor((l) => l.event === 'shutdown', 'shutdown');
  });
});
