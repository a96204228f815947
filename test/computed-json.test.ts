/**
 * Answers written from JSON fragments (runtime/domain/compute/json-template.ts) are the bytes
 * JSON.stringify gives for the same body: GET /v1/savings-interest on random balances and months
 * (small and large, at and around every account's minimums and APY tiers) over the real sources and
 * the fixtures, and over HTTP, where the body served is that text. Random inputs from a fixed seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServed, type Served } from '../runtime/server/served.js';
import { savingsInterest } from '../runtime/domain/operations/savings.js';
import { LIMITS } from '../runtime/domain/contract/parameter-rules.js';
import { prng } from '../scripts/synthetic/platform-yaml.js';
import { buildInto, FIXTURE_SOURCES, http, REAL_DATA_EPOCH, startServer, type RunningServer } from './helpers.js';
import { DEFAULT_SOURCES_DIR } from '../pipeline/paths.js';

let real: Served;
let fixtures: Served;
let server: RunningServer;

beforeAll(async () => {
  const [realDist, fixtureDist] = await Promise.all([buildInto(DEFAULT_SOURCES_DIR, { SOURCE_DATE_EPOCH: REAL_DATA_EPOCH }), buildInto(FIXTURE_SOURCES)]);
  [real, fixtures] = await Promise.all([loadServed(realDist), loadServed(fixtureDist)]);
  server = await startServer(realDist);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** Balances that cross each account's minimum opening deposit and APY tiers, and random ones. */
function balances(served: Served, count: number, seed: number): number[] {
  const rand = prng(seed);
  const edges = served.model.platforms.flatMap((p) => (p.savings ? [...p.savings.tiers.map((t) => t.min_balance_usd), p.savings.minimum_opening_deposit_usd ?? 0] : []));
  const out = edges.flatMap((e) => [e, e - 0.01, e + 0.01]).filter((b) => b > 0 && b <= LIMITS.balanceMax);
  while (out.length < count) out.push((1 + Math.floor(rand() * (rand() < 0.5 ? 10_000_000 : LIMITS.balanceMax * 100))) / 100);
  return out.map((b) => Math.round(b * 100) / 100);
}

describe('answers written from JSON fragments', () => {
  it('savings-interest: the bytes JSON.stringify gives, on 20,000 random balances and terms per dataset', () => {
    for (const [name, served, seed] of [['real', real, 7], ['fixtures', fixtures, 8]] as const) {
      const rand = prng(seed);
      const mismatches: string[] = [];
      for (const balance of balances(served, 20_000, seed)) {
        const months = 1 + Math.floor(rand() * LIMITS.monthsMax);
        const result = savingsInterest(served, { balance: balance.toFixed(2), months: String(months) });
        if (result.kind !== 'body' || !result.json) throw new Error(`${name}: no JSON bytes for ${balance} USD, ${months} months`);
        if (!result.json.equals(Buffer.from(JSON.stringify(result.body)))) mismatches.push(`${name}: ${balance} USD, ${months} months`);
      }
      expect(mismatches).toEqual([]);
    }
  });

  it('serves those bytes over HTTP', async () => {
    const res = await http(server, '/v1/savings-interest?balance=2500.5&months=7', { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    const expected = savingsInterest(real, { balance: '2500.5', months: '7' });
    expect(expected.kind === 'body' && res.text === JSON.stringify(expected.body)).toBe(true);
    expect(res.json.results.length).toBeGreaterThan(10);
  });
});
