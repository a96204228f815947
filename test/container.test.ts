/**
 * The container files a self-hoster uses (Dockerfile, compose.yaml; docs/deploy.md "Container").
 * No Docker engine runs on this machine or in CI here, so the image is checked as far as it can
 * be without one: the Dockerfile is valid (dockerfile-utils, the linter of the VS Code Docker
 * extension) and multi-stage, non-root, with a healthcheck on the liveness endpoint; its last
 * stage's files, laid out as its COPY lines say, are served by its CMD with its ENV, and its
 * HEALTHCHECK command passes while that runtime answers and fails once it has stopped; the
 * compose file passes dclint without warnings. Where an engine answers (`docker info`), the
 * image is built and run and its health awaited from `docker events`.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { cpSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { parse as loadYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, RUNTIME_BUNDLE } from '../scripts/bundles.js';
import { buildInto, FIXTURE_SOURCES, ROOT, tempDir } from './helpers.js';

const run = promisify(execFile);
const dockerfileText = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const dockerfile = DockerfileParser.parse(dockerfileText);
const stages = dockerfile.getFROMs();
const lastStageStart = stages.at(-1)!.getRange().start.line;
/** The instructions of the image's last stage (what runs). */
const finalStage = dockerfile.getInstructions().filter((i) => i.getRange().start.line > lastStageStart);
const only = (keyword: string): Instruction[] => finalStage.filter((i) => i.getKeyword() === keyword);

/** The exec-form JSON array of a CMD or HEALTHCHECK CMD line. */
function execForm(instruction: Instruction): string[] {
  const text = instruction.getArgumentsContent() ?? '';
  return JSON.parse(text.slice(text.indexOf('['))) as string[];
}

/** NAME=value pairs of the last stage's ENV lines. */
function finalEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const e of only('ENV'))
    for (const p of (e as unknown as { getProperties(): Array<{ getName(): string; getValue(): string }> }).getProperties()) env[p.getName()] = p.getValue();
  return env;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Exit code of the Dockerfile's HEALTHCHECK command run with `env`. */
async function healthcheck(env: NodeJS.ProcessEnv): Promise<number> {
  const [command, ...args] = execForm(only('HEALTHCHECK')[0]!);
  expect(command).toBe('node');
  return run(process.execPath, args, { env }).then(
    () => 0,
    (e: { code?: number | string }) => (typeof e.code === 'number' ? e.code : -1),
  );
}

describe('Dockerfile', () => {
  it('is valid, multi-stage, runs as a non-root user on a slim Node LTS base and checks the liveness endpoint', () => {
    expect(validate(dockerfileText)).toEqual([]);
    expect(stages.map((s) => s.getBuildStage())).toEqual(['build', 'deps', 'runtime']);
    const nodeVersion = /^ARG NODE_VERSION=(\d+)$/m.exec(dockerfileText)?.[1];
    expect(Number(nodeVersion) % 2, 'Node.js LTS lines are the even majors').toBe(0);
    expect(Number(nodeVersion)).toBeGreaterThanOrEqual(24); // package.json engines: >=24, .nvmrc
    expect(stages.at(-1)!.getImageName()).toBe('node');
    expect(stages.at(-1)!.getImageTag()).toBe('${NODE_VERSION}-bookworm-slim');
    expect(only('USER').map((u) => u.getArgumentsContent())).toEqual(['node']);
    expect(only('HEALTHCHECK')).toHaveLength(1);
    expect(only('HEALTHCHECK')[0]!.getArgumentsContent()).toContain('/healthz');
    expect(only('EXPOSE').map((e) => e.getArgumentsContent())).toEqual([finalEnv().PORT]);
    expect(finalEnv().HOST).toBe('0.0.0.0');
  });

  it('builds the image on the Node.js line of .nvmrc, the line package.json "engines" and CI require', () => {
    const nvmrcLine = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
    const engines = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(nvmrcLine).toMatch(/^\d+$/);
    expect(/^ARG NODE_VERSION=(\d+)$/m.exec(dockerfileText)?.[1]).toBe(nvmrcLine);
    expect(engines).toBe(`>=${nvmrcLine}`);
    expect(readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8')).toContain('.nvmrc');
  });

  it('fails the validation a broken Dockerfile would (the check can fail)', () => {
    expect(validate('FROM node:24-bookworm-slim\nEXPOSE port\nHEALTHCHECK CMD\n').length).toBeGreaterThan(0);
  });
});

describe("the image's last stage, laid out as its COPY lines say", () => {
  let dir: string;
  let child: ReturnType<typeof spawn> | undefined;
  beforeAll(async () => {
    dir = await tempDir('image-');
    const dist = await buildInto(FIXTURE_SOURCES, { BASE_URL: 'http://localhost:8080' });
    await bundle({ ...RUNTIME_BUNDLE, outdir: path.join(dir, 'build/runtime') });
    // where each COPY source of the last stage comes from in this checkout
    const made: Record<string, () => void> = {
      '--from=deps /app/node_modules ./node_modules': () => symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')),
      '--from=build /app/package.json ./package.json': () => cpSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json')),
      '--from=build /app/build/runtime ./build/runtime': () => undefined, // bundled above, as `npm run build:runtime` does
      '--from=build /app/dist-image ./dist': () => cpSync(dist, path.join(dir, 'dist'), { recursive: true, dereference: true }),
    };
    const copies = only('COPY').map((c) => c.getTextContent().replace(/^COPY\s+/, ''));
    expect(copies.sort()).toEqual(Object.keys(made).sort());
    for (const c of copies) made[c]!();
  }, 120_000);
  afterAll(() => child?.kill('SIGKILL'));

  it('is served by the CMD with the ENV, and the HEALTHCHECK passes while it answers and fails after it stops', async () => {
    const port = await freePort();
    const env = { ...process.env, ...finalEnv(), PORT: String(port), LOG_LEVEL: 'info' };
    const [command, ...args] = execForm(only('CMD')[0]!);
    expect(command).toBe('node');
    child = spawn(process.execPath, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('"event":"listening"')) resolve();
      });
      child!.once('exit', (code) => reject(new Error(`the CMD exited with ${code}: ${out.slice(-1000)}`)));
    });
    expect(await healthcheck(env)).toBe(0);
    const categories = await fetch(`http://127.0.0.1:${port}/v1/categories`);
    expect(categories.status).toBe(200);
    expect(((await categories.json()) as { categories: unknown[] }).categories).toHaveLength(5);
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(await healthcheck(env)).toBe(1);
  });
});

describe('compose.yaml', () => {
  it('passes dclint without warnings and starts the runtime with a healthy Redis', async () => {
    const lint = await run(path.join(ROOT, 'node_modules/.bin/dclint'), ['compose.yaml', '--max-warnings', '0', '--color', 'false'], { cwd: ROOT }).then(
      () => 0,
      (e: { code?: number; stdout?: string }) => {
        process.stdout.write(e.stdout ?? '');
        return e.code ?? 1;
      },
    );
    expect(lint).toBe(0);
    const compose = loadYaml(readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8')) as {
      services: Record<
        string,
        { build?: { context: string }; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; healthcheck?: unknown }
      >;
    };
    const runtime = compose.services.runtime!;
    expect(runtime.build?.context).toBe('.');
    const redisHost = new URL(runtime.environment!.REDIS_URL!).hostname;
    expect(compose.services[redisHost]?.healthcheck).toBeDefined();
    expect(runtime.depends_on?.[redisHost]?.condition).toBe('service_healthy');
  });
});

/** True when a Docker engine answers (not only the client). */
function dockerEngine(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

describe.runIf(dockerEngine())('the image on a Docker engine', () => {
  const tag = `comparison-data-test:${process.pid}`;
  let container = '';
  afterAll(async () => {
    if (container) await run('docker', ['rm', '-f', container]).catch(() => undefined);
    await run('docker', ['image', 'rm', '-f', tag]).catch(() => undefined);
  });

  it('builds, turns healthy and serves the real data', async () => {
    await run('docker', ['build', '-t', tag, '.'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    container = (await run('docker', ['create', '-p', '127.0.0.1::8080', tag])).stdout.trim();
    // await the engine's own health event instead of polling
    const events = spawn('docker', ['events', '--filter', `container=${container}`, '--filter', 'event=health_status: healthy', '--format', '{{.Status}}']);
    const healthy = new Promise<void>((resolve, reject) => {
      events.stdout.on('data', () => resolve());
      events.once('exit', (code) => reject(new Error(`docker events exited with ${code}`)));
    });
    await run('docker', ['start', container]);
    await healthy;
    events.kill();
    const port = (await run('docker', ['port', container, '8080/tcp'])).stdout.trim().split(':').at(-1);
    const categories = await fetch(`http://127.0.0.1:${port}/v1/categories`);
    expect(categories.status).toBe(200);
    expect(((await categories.json()) as { categories: unknown[] }).categories).toHaveLength(5);
  }, 900_000);
});
