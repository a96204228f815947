/**
 * Answers written from JSON fragments (runtime/domain/compute/json-template.ts) are the bytes
 * JSON.stringify gives for the same body: GET /v1/savings-interest on random balances and months
 * (small and large, at and around every account's minimums and APY tiers) and GET /v1/compare on
 * random platform sets, weights and profiles of every category, GET /v1/platforms on random query
 * fragments, categories and limits, over the real sources and the
 * fixtures, and over HTTP, where the body served is that text. Random inputs from a fixed seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServed, type Served } from '../runtime/server/served.js';
import { savingsInterest } from '../runtime/domain/operations/savings.js';
import { comparePlatforms } from '../runtime/domain/operations/compare.js';
import { search } from '../runtime/domain/operations/search.js';
import { LIMITS } from '../runtime/domain/contract/parameter-rules.js';
import { JsonWriter } from '../runtime/domain/compute/json-template.js';
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
  const edges = served.model.platforms.flatMap((p) =>
    p.savings ? [...p.savings.tiers.map((t) => t.min_balance_usd), p.savings.minimum_opening_deposit_usd ?? 0] : [],
  );
  const out = edges.flatMap((e) => [e, e - 0.01, e + 0.01]).filter((b) => b > 0 && b <= LIMITS.balanceMax);
  while (out.length < count) out.push((1 + Math.floor(rand() * (rand() < 0.5 ? 10_000_000 : LIMITS.balanceMax * 100))) / 100);
  return out.map((b) => Math.round(b * 100) / 100);
}

describe('answers written from JSON fragments', () => {
  it('savings-interest: the bytes JSON.stringify gives, on 20,000 random balances and terms per dataset', () => {
    for (const [name, served, seed] of [
      ['real', real, 7],
      ['fixtures', fixtures, 8],
    ] as const) {
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

  it('compare: the bytes JSON.stringify gives, on 5,000 random comparisons per dataset (every category, 2-6 platforms, weights, groups, profiles)', () => {
    for (const [name, served, seed] of [
      ['real', real, 11],
      ['fixtures', fixtures, 12],
    ] as const) {
      const rand = prng(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
      const categories = served.model.categories.filter((c) => served.model.platforms.filter((p) => p.category === c.id).length >= 2);
      const mismatches: string[] = [];
      const seen = { ineligible: 0, unknown: 0, stale: 0, profile: 0, 'a criterion weighted 0': 0 };
      for (let i = 0; i < 5_000; i++) {
        const category = pick(categories);
        const pool = served.model.platforms.filter((p) => p.category === category.id).sort(() => rand() - 0.5);
        const platforms = pool.slice(0, 2 + Math.floor(rand() * Math.min(5, pool.length - 1))).map((p) => p.slug);
        // per weight group: its key or its criteria's keys, never both
        const byGroup = new Map(category.criteria.flatMap((c) => (c.group === null ? [] : [[c.group, rand() < 0.5] as const])));
        const keys = [...new Set(category.criteria.map((c) => (c.group !== null && byGroup.get(c.group) ? c.group : c.key)))].filter(() => rand() < 0.6);
        // weights 0-10 with 0 to 2 decimals, one in six 0 (a criterion left out: another pattern of applied weights); never all 0
        const positive = Math.floor(rand() * keys.length); // the key sure to weigh more than 0, any of them
        const weight = (n: number) =>
          n === positive
            ? (1 + Math.floor(rand() * 900)) / 100
            : rand() < 1 / 6
              ? 0
              : rand() < 0.5
                ? Math.floor(rand() * 1001) / 100
                : Math.floor(rand() * 101) / 10;
        const weights = keys.length ? keys.map((k, n) => `${k}:${weight(n)}`).join(',') : undefined;
        const profile = category.profiles.length && rand() < 0.3 ? pick(category.profiles).key : undefined;
        const result = comparePlatforms(served, { platforms: platforms.join(','), weights, profile });
        if (result.kind !== 'body' || !result.json)
          throw new Error(`${name}: no JSON bytes for ${platforms.join(',')} ${weights ?? ''} ${profile ?? ''}: ${JSON.stringify(result)}`);
        const body = result.body as {
          products: Array<{ eligible: boolean; unknown_criteria: string[]; stale_criteria: string[] }>;
          profile: string | null;
          weights: Record<string, number>;
        };
        seen['a criterion weighted 0'] += Object.values(body.weights).some((w) => w === 0) ? 1 : 0;
        seen.ineligible += body.products.some((p) => !p.eligible) ? 1 : 0;
        seen.unknown += body.products.some((p) => p.unknown_criteria.length > 0) ? 1 : 0;
        seen.stale += body.products.some((p) => p.stale_criteria.length > 0) ? 1 : 0;
        seen.profile += body.profile !== null ? 1 : 0;
        if (!result.json.equals(Buffer.from(JSON.stringify(result.body))))
          mismatches.push(`${name}: ${platforms.join(',')} weights=${weights ?? ''} profile=${profile ?? ''}`);
      }
      expect(mismatches).toEqual([]);
      // on the real data the random comparisons reach the answer's varied shapes (an ineligible product, unknown and stale criteria, a profile)
      if (name === 'real') for (const [shape, count] of Object.entries(seen)) expect(count, `comparisons with ${shape}`).toBeGreaterThan(100);
    }
  });

  it('search: the platforms whose keys hold the query, as the bytes JSON.stringify gives, on 5,000 random searches per dataset (fragments, names with quotes, categories, limits)', () => {
    for (const [name, served, seed] of [
      ['real', real, 21],
      ['fixtures', fixtures, 22],
    ] as const) {
      const rand = prng(seed);
      const letters = 'abcdeiklmnorstuvxy- .é"';
      const mismatches: string[] = [];
      let many = 0;
      // every slug and its first letters (a match at the very start of a platform's keys), then random fragments
      const fixed = served.model.platforms.flatMap((p) => [p.slug, p.slug.slice(0, 1), p.slug.slice(0, 2), p.slug.slice(0, 3)]);
      for (let i = 0; i < 5_000 + fixed.length; i++) {
        const roll = rand();
        const query =
          i >= 5_000
            ? fixed[i - 5_000]
            : roll < 0.1
              ? undefined
              : roll < 0.2
                ? served.model.platforms[Math.floor(rand() * served.model.platforms.length)]!.name
                : Array.from({ length: 1 + Math.floor(rand() * 4) }, () => letters[Math.floor(rand() * letters.length)]).join('');
        const category = rand() < 0.5 ? undefined : served.model.categories[Math.floor(rand() * served.model.categories.length)]!.id;
        const limit = rand() < 0.3 ? String(1 + Math.floor(rand() * 20)) : undefined;
        const result = search(served, { query, category, limit });
        if (result.kind === 'problem') continue; // a query of blanks only: 400
        if (result.kind !== 'body' || !result.json) throw new Error(`${name}: no JSON bytes for ${query ?? ''} ${category ?? ''}`);
        const answer = result.body as { count: number; total: number; results: Array<{ slug: string }> };
        many += answer.count > 10 ? 1 : 0;
        // the platforms whose slug, name or an alias contains the query (any case, blanks collapsed), in ranked order
        const fragment = query?.trim().toLowerCase().replace(/\s+/g, ' ') ?? '';
        const expected = served.model.platforms.filter(
          (p) =>
            (category === undefined || p.category === category) &&
            [p.slug, p.name, ...p.aliases].some((k) => k.toLowerCase().replace(/\s+/g, ' ').includes(fragment)),
        );
        expect(answer.total, `${name}: total for query=${query ?? ''} category=${category ?? ''}`).toBe(expected.length);
        expect(answer.results.map((r) => r.slug)).toEqual(expected.slice(0, limit === undefined ? undefined : Number(limit)).map((p) => p.slug));
        if (!result.json.equals(Buffer.from(JSON.stringify(result.body))))
          mismatches.push(`${name}: query=${query ?? ''} category=${category ?? ''} limit=${limit ?? ''}`);
      }
      expect(mismatches).toEqual([]);
      expect(many, 'searches with more than 10 results').toBeGreaterThan(100);
    }
  });

  it('JsonWriter.string: the text JSON.stringify gives, on 20,000 random strings (printable ASCII, quotes, backslashes, control characters, non-ASCII, lone surrogates)', () => {
    const rand = prng(31);
    const pieces = ['a', 'Z', '0', ' ', '.', '%', '~', '\x7f', '"', '\\', '\n', '\t', '\u0000', '\u001f', 'é', '€', '\u2028', '😀', '\ud800', '\udfff'];
    const mismatches: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      // mostly printable ASCII (the fast path), sometimes one other character anywhere in the string
      const length = Math.floor(rand() * 200);
      let s = Array.from({ length }, () => (rand() < 0.98 ? pieces[Math.floor(rand() * 7)] : pieces[Math.floor(rand() * pieces.length)])).join('');
      if (rand() < 0.2) s = 'Kraken scores 82.5% against 78.2% for Luno, a gap of 4.3 points.';
      const out = new JsonWriter();
      out.text('[');
      out.string(s);
      out.text(']');
      if (!out.take().equals(Buffer.from(JSON.stringify([s])))) mismatches.push(JSON.stringify(s));
    }
    expect(mismatches).toEqual([]);
  });

  it('serves those bytes over HTTP', async () => {
    const res = await http(server, '/v1/savings-interest?balance=2500.5&months=7', { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    const expected = savingsInterest(real, { balance: '2500.5', months: '7' });
    expect(expected.kind === 'body' && res.text === JSON.stringify(expected.body)).toBe(true);
    expect(res.json.results.length).toBeGreaterThan(10);
    const compared = await http(server, '/v1/compare?platforms=kraken,bitstamp,luno&weights=fees:3.25,security:7', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(compared.status).toBe(200);
    const expectedComparison = comparePlatforms(real, { platforms: 'kraken,bitstamp,luno', weights: 'fees:3.25,security:7' });
    expect(expectedComparison.kind === 'body' && compared.text === JSON.stringify(expectedComparison.body)).toBe(true);
    expect(compared.json.weights.security).toBe(7);
  });
});
