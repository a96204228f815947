/**
 * Logs on stdout: the runtime's access line keeps pino's shape, and lines written
 * through the logger's line buffer reach stdout whole and in order, also when the
 * reader of a non-blocking stdout falls behind (the final flush waits for it; lines
 * beyond the backlog are dropped whole and the drop is reported with its byte count).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_BACKLOG_BYTES } from '../runtime/server/log.js';
import { buildInto, FIXTURE_SOURCES, killRuntimes, ROOT, spawnRuntime, tempDir } from './helpers.js';

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

/** Longest a logging child may run before it is killed and its test fails (ms): a third of the test timeout. */
const SAFETY_MS = 20_000;

/**
 * Runs `body` (an ES module body with `logger` from createLogger('info')) in a child process whose
 * stdout is a Unix socket that nobody reads: the test's end of it is accepted paused
 * (net.createServer's pauseOnConnect), so not one byte leaves the kernel's socket buffer until the
 * child writes "logged" to stderr; then the test reads it to the end. Each stdout line (text) for
 * which `reply` returns a text has that text written to the child's stdin (so the body can wait
 * for a line to have arrived: an event, not a timer). Resolves with the stdout lines, parsed.
 */
async function logThroughStalledReader(body: string, reply: (line: string) => string | undefined = () => undefined): Promise<Record<string, unknown>[]> {
  const script = `import { createLogger } from ${JSON.stringify(path.join(ROOT, 'runtime/server/log.ts'))};
const logger = createLogger('info');
${body}`;
  const socketPath = path.join(await tempDir('log-lines'), 'stdout.sock');
  const server = createServer({ pauseOnConnect: true });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const childEnd = connect(socketPath);
  await once(childEnd, 'connect');
  const [reader] = await accepted;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['pipe', childEnd, 'pipe'] });
  childEnd.destroy(); // the child holds its own copy: the socket's only writer is now the child
  server.close();
  child.stdin.on('error', () => {}); // a child gone early is reported below, by its exit code and stderr
  const lines: string[] = [];
  // readline reads as soon as it is attached (it listens for 'data'), so it is attached only then
  const readAll = () =>
    new Promise<void>((resolve) =>
      createInterface({ input: reader })
        .on('line', (line) => {
          lines.push(line);
          const answer = reply(line);
          if (answer !== undefined) child.stdin.write(answer);
        })
        .on('close', resolve),
    );
  let read: Promise<void> | undefined;
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    if (!read && stderr.includes('logged')) read = readAll();
  });
  // safety timeout only (the child ends on its own, by events): a child still running fails the test with what it wrote
  let hung: string | undefined;
  const safety = setTimeout(() => {
    hung = `still running after ${SAFETY_MS} ms; ${lines.length} stdout lines read, the last: ${lines.at(-1)?.slice(0, 200)}`;
    child.kill('SIGKILL');
  }, SAFETY_MS);
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(safety);
  expect({ code, stderr, hung }).toEqual({ code: 0, stderr: 'logged\n', hung: undefined });
  await read;
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
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

  it('drops whole lines beyond the backlog while nobody reads (the oldest are kept), reports the dropped bytes after the kept lines, and logs again', async () => {
    const count = 20000; // about 11 MB of lines, more than twice LOG_BACKLOG_BYTES
    // The last line is longer than the logger's 64 KiB line buffer (log.ts LineBuffer.write): it makes
    // the logger write the lines it still holds at once, while stdout is stalled (so they are dropped
    // too, rather than written by its 100 ms flush, which would race the reader's resuming), and it
    // is dropped whole itself. Once the dropped-bytes report has arrived, the test answers on stdin,
    // and only then does the child log one more line and exit.
    const lines = await logThroughStalledReader(
      `
for (let i = 0; i < ${count}; i++) logger.info({ i: String(i).padStart(6, '0'), text: 'x'.repeat(480) });
logger.info({ i: 'long', text: 'z'.repeat(200000) });
process.stderr.write('logged\\n');
process.stdin.once('data', () => {
  logger.info({ i: 'after' });
  process.stdin.destroy();
});`,
      (line) => (line.includes('"event":"log-dropped"') ? 'go\n' : undefined),
    );
    const kept = lines.findIndex((l) => !/^\d{6}$/.test(l.i as string));
    expect(kept).toBeGreaterThan(0);
    // the oldest lines, in order and without a gap, then the report, then the line logged after it
    expect(lines.slice(0, kept).map((l) => l.i)).toEqual(Array.from({ length: kept }, (_, n) => String(n).padStart(6, '0')));
    const lineBytes = Buffer.byteLength(`${JSON.stringify(lines[0])}\n`);
    const longBytes = Buffer.byteLength(`${JSON.stringify({ ...lines[0], i: 'long', text: 'z'.repeat(200000) })}\n`);
    expect(lines.slice(kept)).toMatchObject([
      { level: 40, event: 'log-dropped', bytes: (count - kept) * lineBytes + longBytes },
      { level: 30, i: 'after' },
    ]);
    expect(lines).toHaveLength(kept + 2);
    // kept: the backlog, filled to its last whole line, plus what the socket's kernel buffer took (about 200 KiB on Linux)
    expect(kept * lineBytes).toBeGreaterThan(LOG_BACKLOG_BYTES - lineBytes);
    expect(kept * lineBytes).toBeLessThan(LOG_BACKLOG_BYTES + 1024 * 1024);
  });
});
