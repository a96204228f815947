/**
 * The check before the swap (pipeline/write/validate-output.ts): it validates the value
 * each JSON file was serialised from, so it must reject what JSON.stringify would
 * quietly turn into something else (NaN and Infinity become null), as well as
 * plain schema violations, and accept the real build's files.
 */
import { describe, expect, it } from 'vitest';
import { jsonFile } from '../pipeline/emit/json-file.js';
import { contentBytes } from '../pipeline/emit/open-data.js';
import { OutputCheck, validateFiles } from '../pipeline/write/validate-output.js';
import { runBuild } from '../pipeline/build.js';
import { PROJECT_ROOT, DEFAULT_SOURCES_DIR } from '../pipeline/paths.js';
import { REAL_DATA_EPOCH } from './helpers.js';

const schema = {
  standalone: {
    $id: 'test-rate',
    type: 'object',
    required: ['apy'],
    properties: { apy: { type: 'number', minimum: 0, maximum: 100 } },
    additionalProperties: false,
  },
};

describe('the output check', () => {
  it('names the file and the field that break the schema', () => {
    const failures = validateFiles([
      jsonFile('a.json', { apy: 4.5 }, schema, 'compact'),
      jsonFile('b.json', { apy: 140 }, schema, 'pretty'),
      jsonFile('c.json', { rate: 1 }, schema, 'compact'),
    ]);
    expect(failures).toEqual([
      { path: 'b.json', errors: ['/apy must be <= 100'] },
      { path: 'c.json', errors: ["/ must have required property 'apy'", '/ must NOT have additional properties'] },
    ]);
  });

  it('rejects numbers that JSON cannot hold (the bytes would say null)', () => {
    const failures = validateFiles([
      jsonFile('nan.json', { apy: Number.NaN }, schema, 'compact'),
      jsonFile('inf.json', { apy: Number.POSITIVE_INFINITY }, schema, 'compact'),
    ]);
    expect(failures.map((f) => f.path)).toEqual(['nan.json', 'inf.json']);
    expect(failures[0]!.errors[0]).toMatch(/^\/apy must be number/);
  });

  it('checks group by group, and refuses a component schema before openapi.json came', () => {
    const check = new OutputCheck();
    expect(() => check.check([jsonFile('api/v1/categories.json', {}, { component: 'CategoriesResponse' }, 'compact')])).toThrow(
      /names the OpenAPI component CategoriesResponse before openapi\.json/,
    );
    const openapi = { openapi: '3.1.0', components: { schemas: { Rate: { type: 'object', required: ['apy'], properties: { apy: { type: 'number' } } } } } };
    expect(
      check.check([{ path: 'openapi.json', contents: JSON.stringify(openapi) }, jsonFile('a.json', { apy: 1 }, { component: 'Rate' }, 'compact')]),
    ).toEqual([]);
    expect(check.check([jsonFile('b.json', { apy: 'high' }, { component: 'Rate' }, 'compact')])).toEqual([{ path: 'b.json', errors: ['/apy must be number'] }]);
  });

  it('passes every file of the real build, and each checked value is what its bytes say', async () => {
    const result = await runBuild({ root: PROJECT_ROOT, sourcesDir: DEFAULT_SOURCES_DIR, today: '2026-06-30', sourceDateEpoch: REAL_DATA_EPOCH });
    const files = result.files!;
    expect(validateFiles(files)).toEqual([]);
    const checked = files.filter((f) => f.schema);
    expect(checked.length).toBeGreaterThan(300);
    for (const f of checked) expect(JSON.parse(contentBytes(f.contents).toString('utf8'))).toEqual(f.value);
  });
});
