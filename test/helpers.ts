/**
 * Test helpers that drive the project through its public interfaces: the
 * pipeline CLI as a child process and the runtime over a real socket, whose
 * answers are checked against the emitted openapi.json (openapi-checker.ts).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServeOptions } from '../runtime/server/server.js';
import { createLogger } from '../runtime/server/log.js';
import { expect } from 'vitest';
import { documentChecker } from './openapi-checker.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURE_SOURCES = path.join(ROOT, 'test/fixtures/sources');
/** Sources with a mistake of each kind the check reports, located to the line (test/fixtures/broken). */
export const BROKEN = path.join(ROOT, 'test/fixtures/broken');

/**
 * The evaluation date of tests over the real sources (sources/), as SOURCE_DATE_EPOCH: the time of
 * the commit checked out (what the CLI's hint suggests for reproducible builds). It is at or after
 * every date an editor committed, so the future-date check passes on committed data whatever the
 * system clock says, and the same commit always gives the same staleness. (The fixtures are pinned
 * to 2026-06-30 in vitest.config.ts.)
 */
export const REAL_DATA_EPOCH = execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: ROOT, encoding: 'utf8' }).trim();

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tsx pipeline/cli.ts <args>` from the project root. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  // Vite sets BASE_URL=/ in the test process; the CLI must see only what the test gives it.
  const { BASE_URL: _vite, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'pipeline/cli.ts'), ...args],
      { cwd: ROOT, env: { ...inherited, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * Runs `npm run <script> -- <args>` in the project, as an editor would (`npm run build` bundles the
 * pipeline when stale and runs the bundled CLI); resolves with its exit code and output.
 */
export function runNpmScript(script: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const { BASE_URL: _vite, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: ROOT, env: { ...inherited, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A fresh temporary folder. */
export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `${prefix}-`));
}

/**
 * A copy of the fixture sources in a new temporary folder, with `files` added (paths relative to the
 * sources folder) and methodology.yaml rewritten by `methodology`; throws when that edit changes nothing.
 * Resolves with the copy's sources folder.
 */
export async function treeWith(label: string, files: Record<string, string>, methodology?: (yaml: string) => string): Promise<string> {
  const sources = path.join(await tempDir(`rule-${label}`), 'sources');
  await cp(FIXTURE_SOURCES, sources, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(sources, file)), { recursive: true });
    await writeFile(path.join(sources, file), text);
  }
  if (methodology) {
    const file = path.join(sources, 'methodology.yaml');
    const before = await readFile(file, 'utf8');
    const after = methodology(before);
    if (after === before) throw new Error(`the methodology edit of ${label} changed nothing`);
    await writeFile(file, after);
  }
  return sources;
}

/** Builds `sources` into a new temporary dist folder; throws with the CLI output on failure. */
export async function buildInto(sources: string, env: Record<string, string> = {}): Promise<string> {
  const dist = path.join(await tempDir('dist'), 'dist');
  const result = await runCli(['build', '--sources', sources, '--dist', dist], env);
  if (result.code !== 0) throw new Error(`build failed:\n${result.stderr}`);
  return dist;
}

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
  /** The dist it serves: every http() answer is then checked against its openapi.json (documentChecker). */
  dist?: string;
}

/** Serves a dist folder on 127.0.0.1 (unless `hostname` says) at a free port, reached at 127.0.0.1; rate limiting off unless given. */
export async function startServer(
  distDir: string,
  limits: Partial<Pick<ServeOptions, 'rateLimit' | 'trustProxy' | 'logger' | 'mcpResourceMaxBytes' | 'maxConnections' | 'hostname' | 'allowedHosts'>> = {},
): Promise<RunningServer> {
  const runtime = await serve({
    distDir,
    port: 0,
    hostname: '127.0.0.1',
    rateLimit: { freePerMinute: 0, keys: new Map() },
    trustProxy: 0,
    logger: createLogger('silent'),
    ...limits,
  });
  const address = runtime.listener.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: async () => void (await runtime.close()), dist: distDir };
}

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/**
 * Fetches a path of the server (or a full URL) and parses a JSON body when there is one. When the
 * server knows its dist, the answer must be what its openapi.json documents (documentChecker).
 */
export async function http(server: RunningServer, target: string, init?: RequestInit): Promise<HttpResult> {
  const url = new URL(target.startsWith('http') ? target : `${server.url}${target}`);
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const result = { status: res.status, headers: res.headers, text, json };
  if (server.dist && url.origin === new URL(server.url).origin) {
    const problems = (await documentChecker(server.dist))(init?.method ?? 'GET', url.pathname, result);
    expect(problems, `${init?.method ?? 'GET'} ${url.pathname}${url.search.slice(0, 80)} answered ${res.status}`).toEqual([]);
  }
  return result;
}

const children: ChildProcess[] = [];

/** Kills every runtime process a test started (afterAll). */
export function killRuntimes(): void {
  for (const c of children) c.kill('SIGKILL');
}

export interface LogLine {
  [key: string]: unknown;
}

/** Starts runtime/server/main.ts on a free port (rate limiting off unless `env` says) and resolves with its URL and a log reader. */
export async function spawnRuntime(dist: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'runtime/server/main.ts'), '--dist', dist], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: LogLine[] = [];
  /** 'change' after new log lines arrive and when the process has closed. */
  const events = new EventEmitter();
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    for (const p of parts) if (p.trim()) lines.push(JSON.parse(p));
    if (parts.length) events.emit('change');
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  let gone = false;
  child.once('close', () => {
    gone = true; // after its output is read to the end
    events.emit('change');
  });
  /** The first log line matching `predicate`, awaited line by line; rejects once the process has exited without one. */
  const waitFor = (predicate: (l: LogLine) => boolean, what: string): Promise<LogLine> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = lines.find(predicate);
        if (!found && !gone) return;
        events.off('change', check);
        if (found) resolve(found);
        else reject(new Error(`no log line for ${what}; got ${JSON.stringify(lines)}; stderr: ${stderr.slice(-2000)}`));
      };
      events.on('change', check);
      check();
    });
  const listening = await waitFor((l) => l.event === 'listening', 'listening');
  const url = String(listening.url).replace(/\/$/, '').replace('localhost', '127.0.0.1');
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url, lines, waitFor, exited };
}

/**
 * Sends `requests` requests at pseudo-random moments (a seeded Lehmer generator: the same moments on
 * every run; one gap in ten up to `longGapMs`, the others up to `shortGapMs`), moving the clock
 * through `advance`, and asserts that each is admitted exactly when fewer than `limit` were
 * admitted in the 60 seconds before it. Returns the moments admitted (ms).
 */
export async function driveSlidingMinute(options: {
  limit: number;
  requests: number;
  seed: number;
  longGapMs: number;
  shortGapMs: number;
  advance: (ms: number) => number;
  admit: (i: number) => Promise<{ ok: boolean }>;
}): Promise<number[]> {
  let seed = options.seed;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const admitted: number[] = [];
  for (let i = 0; i < options.requests; i++) {
    const now = options.advance(random() < 0.1 ? Math.floor(random() * options.longGapMs) : Math.floor(random() * options.shortGapMs));
    const inLastMinute = admitted.filter((t) => t > now - 60_000).length;
    const result = await options.admit(i);
    expect(result.ok, `request ${i} with ${inLastMinute} admitted in the last minute`).toBe(inLastMinute < options.limit);
    if (result.ok) admitted.push(now);
  }
  return admitted;
}

/**
 * Opens a socket to `server`, lets `send` write a request to it, and resolves with the response head
 * (up to its blank line; the socket is then closed), or with what arrived before the server closed it.
 */
export function responseHead(server: RunningServer, send: (socket: Socket) => void): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => send(socket));
    let head = '';
    socket.on('data', (data) => {
      head += data.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(head);
      }
    });
    socket.on('error', (error) => (head ? resolve(head) : reject(error)));
    socket.on('close', () => resolve(head));
  });
}
