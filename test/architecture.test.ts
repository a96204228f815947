/**
 * The import rules of docs/architecture.md, through `scripts/check-imports.ts` as CI runs it:
 * the project keeps them, and a tree that breaks each rule is refused with every violation named.
 * And no dead code: `npm run check:dead` (knip, configured in knip.jsonc) finds no unused file,
 * export, type or dependency. And the formatter (Prettier, `npm run check:format`) reports nothing.
 * And every API path is written in the catalogue only.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** Runs the import check on a project folder; resolves with its exit code and output. */
function checkImports(project?: string): Promise<{ code: number; stdout: string }> {
  const args = ['--import', 'tsx', path.join(ROOT, 'scripts/check-imports.ts'), ...(project ? ['--project', project] : [])];
  return promisify(execFile)(process.execPath, args, { cwd: ROOT })
    .then((r) => ({ code: 0, stdout: r.stdout }))
    .catch((error: { code?: number; stdout?: string }) => ({ code: Number(error.code ?? 1), stdout: error.stdout ?? '' }));
}

describe('import rules', () => {
  it('hold for the project', async () => {
    const { code, stdout } = await checkImports();
    expect(stdout).toMatch(/^import rules hold: \d+ files, \d+ imports$/m);
    expect(code).toBe(0);
  });

  it('refuse a tree that breaks each rule, naming every violation', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'imports-'));
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true },
        include: ['runtime', 'pipeline'],
      }),
      'runtime/server/serve.ts': 'export const serve = 1;\n',
      // the domain imports the server (a type is enough to break the rule)
      'runtime/domain/model.ts': "import type { serve } from '../server/serve.js';\nexport type Model = typeof serve;\n",
      // the pipeline imports the server
      'pipeline/emit.ts': "import { serve } from '../runtime/server/serve.js';\nexport const emit = serve;\n",
      // the server imports the pipeline
      'runtime/server/reload.ts': "import { emit } from '../../pipeline/emit.js';\nexport const reload = emit;\n",
      // a circle inside the domain
      'runtime/domain/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'runtime/domain/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      // a lower layer of the domain imports a higher one (compute/ is below operations/)
      'runtime/domain/operations/result.ts': 'export const envelope = 1;\n',
      'runtime/domain/compute/verdict.ts': "import { envelope } from '../operations/result.js';\nexport const verdict = envelope;\n",
      // allowed: the pipeline and the server import the domain
      'pipeline/score.ts': "import { a } from '../runtime/domain/a.js';\nexport const score = a;\n",
      'runtime/server/app.ts': "import { b } from '../domain/b.js';\nexport const app = b;\n",
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    const { code, stdout } = await checkImports(dir);
    expect(code).toBe(1);
    expect(stdout.trim().split('\n')).toEqual([
      'domain-imports-neither: runtime/domain/model.ts -> runtime/server/serve.ts (runtime/domain/ is shared by the build and the server and imports neither)',
      "domain-layers: runtime/domain/compute/verdict.ts -> runtime/domain/operations/result.ts (compute/ is below operations/ in the domain's layers: primitives < contract < sources < compute < scoring < pages < . < operations)",
      'no-circular: runtime/domain/a.ts -> runtime/domain/b.ts (a circle of imports makes load order matter)',
      'pipeline-not-server: pipeline/emit.ts -> runtime/server/serve.ts (the pipeline uses the shared domain, never the server)',
      'runtime-not-pipeline: runtime/server/reload.ts -> pipeline/emit.ts (the runtime starts from dist/ alone and never imports the build)',
      '5 import rule violations in 10 files',
    ]);
  });
});

describe('dead code', () => {
  it('is none: no unused file, export, type or dependency (knip)', async () => {
    const result = await promisify(execFile)('npm', ['run', '--silent', 'check:dead'], { cwd: ROOT })
      .then((r) => ({ code: 0, stdout: r.stdout }))
      .catch((error: { code?: number; stdout?: string }) => ({ code: Number(error.code ?? 1), stdout: error.stdout ?? '' }));
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  it('is found when there is some', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dead-'));
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'dead', type: 'module', private: true }));
    await writeFile(path.join(dir, 'knip.json'), JSON.stringify({ entry: ['main.ts'], project: ['*.ts'] }));
    await writeFile(path.join(dir, 'main.ts'), "import { used } from './lib.js';\nconsole.log(used);\n");
    await writeFile(path.join(dir, 'lib.ts'), 'export const used = 1;\nexport const unused = 2;\n');
    await writeFile(path.join(dir, 'orphan.ts'), 'export const orphan = 3;\n');
    const knip = path.join(ROOT, 'node_modules/.bin/knip');
    const result = await promisify(execFile)(knip, ['--no-progress', '--reporter', 'json'], { cwd: dir })
      .then((r) => ({ code: 0, stdout: r.stdout }))
      .catch((error: { code?: number; stdout?: string }) => ({ code: Number(error.code ?? 1), stdout: error.stdout ?? '' }));
    expect(result.code).toBe(1);
    const issues = JSON.parse(result.stdout) as {
      issues: Array<{ file: string; files?: unknown; exports?: Record<string, { name: string }> | Array<{ name: string }> }>;
    };
    const exported = issues.issues.flatMap((i) => Object.values(i.exports ?? {}).map((e) => `${i.file}: ${e.name}`));
    expect(exported).toEqual(['lib.ts: unused']);
    expect(result.stdout).toContain('orphan.ts');
  });
});

describe('formatting', () => {
  /** Runs Prettier's check (`npm run check:format`) with `files` from `cwd`; resolves with its exit code and output. */
  const prettierCheck = (cwd: string, files: string[]) =>
    promisify(execFile)(path.join(ROOT, 'node_modules/.bin/prettier'), ['--check', ...files], { cwd })
      .then((r) => ({ code: 0, output: r.stdout }))
      .catch((error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: Number(error.code ?? 1),
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }));

  it('reports nothing for the project (npm run check:format; npm run format fixes)', async () => {
    const result = await prettierCheck(ROOT, ['**/*.ts']);
    expect(result.output).toContain('All matched files use Prettier code style!');
    expect(result.code).toBe(0);
  });

  it('names a file that is not formatted (the check can fail)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'format-'));
    await writeFile(path.join(dir, '.prettierrc.json'), await readFile(path.join(ROOT, '.prettierrc.json'), 'utf8'));
    await writeFile(path.join(dir, 'tidy.ts'), 'export const tidy = { a: 1 };\n');
    await writeFile(path.join(dir, 'untidy.ts'), 'export const untidy = {a:1}\n');
    const result = await prettierCheck(dir, ['*.ts']);
    expect(result.code).toBe(1);
    // Prettier colours its output under CI=true: compare the text
    expect(
      stripVTControlCharacters(result.output)
        .split('\n')
        .filter((line) => line.endsWith('.ts')),
    ).toEqual(['[warn] untidy.ts']);
  });
});

describe('API paths', () => {
  /** The lines of `text` that hold a string starting with the API prefix (a path used as a value), comments left out. */
  const pathLiterals = (text: string): string[] =>
    text
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .filter((line) => /['"`]\/v1\//.test(line));

  it('are written once, in the catalogue: no other source file of runtime/ or pipeline/ holds a string starting with /v1/ (docs/architecture.md "Adding an operation")', async () => {
    const { stdout } = await promisify(execFile)('git', ['ls-files', 'runtime', 'pipeline'], { cwd: ROOT });
    const files = stdout
      .split('\n')
      .filter((f) => f.endsWith('.ts') && f !== 'runtime/domain/operations/catalogue.ts' && f !== 'runtime/domain/contract/urls.ts');
    expect(files.length).toBeGreaterThan(200);
    const found: string[] = [];
    for (const file of files) for (const line of pathLiterals(await readFile(path.join(ROOT, file), 'utf8'))) found.push(`${file}: ${line.trim()}`);
    expect(found).toEqual([]);
    // the catalogue's entries are under API_PREFIX, each found by the same check
    expect(pathLiterals(await readFile(path.join(ROOT, 'runtime/domain/operations/catalogue.ts'), 'utf8')).length).toBe(11);
  });
});
