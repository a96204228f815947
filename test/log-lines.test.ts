/**
 * Logs on stdout: the runtime's access line keeps pino's shape, and lines written
 * through the logger's line buffer reach stdout whole and in order, also when the
 * reader of a non-blocking stdout falls behind (the final flush waits for it; lines
 * beyond the backlog are dropped whole and the drop is reported with its byte count).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_BACKLOG_BYTES } from '../runtime/server/log.js';
import { buildInto, FIXTURE_SOURCES, killRuntimes, ROOT, spawnRuntime } from './helpers.js';

let dist: string;

beforeAll(async () => {
  dist = await buildInto(FIXTURE_SOURCES);
});
afterAll(() => killRuntimes());

describe('access log', () => {
  it('writes one pino-shaped JSON line per request', async () => {
    const rt = await spawnRuntime(dist);
    await fetch(`${rt.url}/v1/platforms/alpha-exchange`, { headers: { 'x-request-id': 'log-check-1' } });
    const line = await rt.waitFor((l) => l.req_id === 'log-check-1', 'access line');
    expect(Object.keys(line)).toEqual(['level', 'time', 'service', 'req_id', 'method', 'path', 'status', 'ms']);
    expect(line).toMatchObject({ level: 30, service: 'comparison-data-runtime', method: 'GET', path: '/v1/platforms/alpha-exchange', status: 200 });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
  });
});

/**
 * Runs `body` (an ES module body with `logger` from createLogger('info')) in a child process whose
 * stdout is a socket (which createLogger makes non-blocking), and reads none of that stdout until
 * the child writes "logged" to stderr. Returns the stdout lines, parsed.
 */
async function logThroughStalledReader(body: string): Promise<Record<string, unknown>[]> {
  const script = `import { createLogger } from ${JSON.stringify(path.join(ROOT, 'runtime/server/log.ts'))};
const logger = createLogger('info');
${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pause();
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    if (stderr.includes('logged')) child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk)).resume();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect({ code, stderr }).toEqual({ code: 0, stderr: 'logged\n' });
  return Buffer.concat(chunks)
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('log lines on stdout', () => {
  it('arrive whole and in order through the line buffer when the reader lags: many lines, non-ASCII text, a line longer than the buffer', async () => {
    const lines = await logThroughStalledReader(`
for (let i = 0; i < 3000; i++) logger.info({ i, text: 'Zürich, 東京 – ' + 'x'.repeat(i % 700) });
logger.info({ i: 3000, text: 'y'.repeat(200000) });
logger.info({ i: 3001, text: 'last' });
process.stderr.write('logged\\n');`);
    expect(lines.map((l) => l.i)).toEqual([...Array(3002).keys()]);
    expect(lines[699]!.text).toBe(`Zürich, 東京 – ${'x'.repeat(699)}`);
    expect(lines[3000]!.text).toHaveLength(200000);
    expect(lines[3001]!.text).toBe('last');
  });

  it('drops whole lines beyond the backlog while nobody reads (one gap after the oldest), and reports the dropped bytes', async () => {
    const count = 20000; // about 10 MB of lines, more than twice LOG_BACKLOG_BYTES
    const lines = await logThroughStalledReader(`
for (let i = 0; i < ${count}; i++) logger.info({ i: String(i).padStart(6, '0'), text: 'x'.repeat(480) });
process.stderr.write('logged\\n');
setTimeout(() => logger.info({ i: 'after' }), 300);`);
    const kept = lines.filter((l) => /^\d{6}$/.test(l.i as string)).map((l) => Number(l.i));
    const report = lines.filter((l) => l.event === 'log-dropped');
    expect(lines.filter((l) => l.i === 'after')).toHaveLength(1);
    expect(report).toHaveLength(1);
    expect(lines).toHaveLength(kept.length + 2);
    // the oldest lines (the backlog), then one gap, then the lines still in the buffer when writing resumed
    const gapStart = kept.findIndex((i, n) => i !== n);
    const missing = count - kept.length;
    expect(gapStart).toBeGreaterThan(0);
    expect(missing).toBeGreaterThan(0);
    expect(kept).toEqual([...[...Array(gapStart).keys()], ...Array.from({ length: kept.length - gapStart }, (_, n) => gapStart + missing + n)]);
    const lineBytes = Buffer.byteLength(`${JSON.stringify(lines[0])}\n`);
    expect(gapStart * lineBytes).toBeGreaterThan(LOG_BACKLOG_BYTES - lineBytes);
    expect(report[0]).toMatchObject({ level: 40, bytes: missing * lineBytes });
  });
});
