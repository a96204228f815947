/**
 * One synthetic platform file (scripts/generate-sources.ts): made-up but valid facts,
 * assessments, incidents and licences for a category, from a seeded PRNG.
 */
import type { CategoryId } from '../../runtime/domain/contract/categories.js';
import { DAY_MS } from '../../runtime/domain/contract/calendar.js';

/** A small deterministic PRNG (mulberry32): numbers in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORY_WORD: Record<CategoryId, string> = {
  exchanges: 'Exchange',
  'hardware-wallets': 'Vault',
  'software-wallets': 'Wallet',
  'high-yield-savings': 'Bank',
  brokerages: 'Broker',
};

const STEMS = [
  'Aster',
  'Boreal',
  'Cobalt',
  'Delta',
  'Ember',
  'Fjord',
  'Granite',
  'Harbor',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orchard',
  'Pioneer',
  'Quartz',
  'Redwood',
  'Summit',
  'Tidal',
];

/** One platform's YAML text; `n` is its index within the whole set, `todayMs` the day its dates lead up to (ms since the epoch, UTC midnight). */
export function platformYaml(category: CategoryId, n: number, rand: () => number, todayMs: number): { slug: string; text: string } {
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const round = (v: number, digits: number) => Number(v.toFixed(digits));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const chance = (p: number) => rand() < p;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const recent = () => todayMs - int(10, 300) * DAY_MS;

  const stem = STEMS[n % STEMS.length]!;
  const id = String(n).padStart(5, '0');
  const name = `${stem} ${CATEGORY_WORD[category]} ${id}`;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const host = `https://www.${slug}.example`;
  const dates: number[] = [];
  const lines: string[] = [];
  const w = (indent: number, text: string) => lines.push(`${' '.repeat(indent)}${text}`);

  /** The sources list of a fact group at `indent`, 1-3 citations. */
  const sources = (indent: number, topic: string) => {
    w(indent, 'sources:');
    for (let i = 0, count = int(1, 3); i < count; i++) {
      w(indent + 2, `- url: ${i === 0 ? host : `https://news-${i}.example.org/${slug}`}/${topic.replace(/_/g, '-')}`);
      w(indent + 4, `title: ${name} ${topic.replace(/_/g, ' ')} (${i === 0 ? 'official page' : `press report ${i}`})`);
      w(indent + 4, `publisher: ${i === 0 ? name : `News Outlet ${i}`}`);
      if (chance(0.5)) w(indent + 4, `published: ${day(todayMs - int(300, 900) * DAY_MS)}`);
    }
  };
  /** A fact group: its fields (already formatted), as_of and sources. */
  const group = (key: string, fields: string[]) => {
    const asOf = recent();
    dates.push(asOf);
    w(2, `${key}:`);
    for (const f of fields) w(4, f);
    w(4, `as_of: ${day(asOf)}`);
    sources(4, key);
  };
  const bool = () => String(chance(0.6));
  const openness = () => pick(['full', 'partial', 'none']);

  const facts: Array<() => void> = [];
  const assessed: string[] = [];
  switch (category) {
    case 'exchanges': {
      facts.push(() => {
        const tiers = int(1, 5);
        let volume = 0;
        let taker = round(0.1 + rand() * 1.4, 3);
        const rows: string[] = [];
        for (let t = 0; t < tiers; t++) {
          const maker = round(taker * (0.4 + rand() * 0.5), 3);
          rows.push(`  - { min_volume_30d_usd: ${volume}, maker_pct: ${maker}, taker_pct: ${taker} }`);
          volume += int(10, 500) * 1000;
          taker = round(taker * 0.8, 3);
        }
        group('trading_fees', [`product: ${name} Pro`, 'tiers:', ...rows]);
      });
      facts.push(() => group('fiat_withdrawal', ['method: ACH', `fee_usd: ${round(rand() * 30, 2)}`]));
      facts.push(() => group('proof_of_reserves', [`published: ${bool()}`, `liabilities_included: ${bool()}`, `third_party_attestation: ${bool()}`]));
      assessed.push('security', 'regulation');
      break;
    }
    case 'brokerages': {
      facts.push(() => {
        group('commissions', [`online_stock_trade_usd: ${chance(0.7) ? 0 : round(rand() * 7, 2)}`]);
      });
      facts.push(() => {
        if (!chance(0.8)) return;
        const tiers = ['tiers:', `  - { min_contracts_per_month: 0, per_contract_usd: ${round(0.1 + rand() * 0.9, 2)} }`];
        if (chance(0.4)) tiers.push(`  - { min_contracts_per_month: ${int(1, 20) * 100}, per_contract_usd: ${round(0.05 + rand() * 0.3, 2)} }`);
        group('options_fees', tiers);
      });
      facts.push(() => group('transfer_out', [`full_acats_usd: ${pick([0, 50, 75, 100, 125])}`]));
      facts.push(() => group('account_fees', [`annual_usd: ${chance(0.8) ? 0 : int(10, 100)}`]));
      facts.push(() => group('protection', ['sipc_member: true', `excess_sipc: ${bool()}`]));
      facts.push(() =>
        group('investments', [
          'stocks: true',
          'etfs: true',
          `options: ${bool()}`,
          `mutual_funds: ${bool()}`,
          `bonds: ${bool()}`,
          `fractional_shares: ${bool()}`,
        ]),
      );
      assessed.push('regulation');
      break;
    }
    case 'high-yield-savings': {
      facts.push(() => {
        const rows = [`  - { min_balance_usd: 0, apy_pct: ${round(0.5 + rand() * 4.5, 2)} }`];
        if (chance(0.3)) rows.push(`  - { min_balance_usd: ${int(1, 50) * 1000}, apy_pct: ${round(0.5 + rand() * 4.5, 2)} }`);
        group('apy', [`product: ${name} High Yield Savings`, 'tiers:', ...rows]);
      });
      facts.push(() => group('monthly_fee', [`usd: ${chance(0.85) ? 0 : int(1, 15)}`]));
      facts.push(() => group('minimum_opening_deposit', [`usd: ${pick([0, 0, 100, 500, 1000, 5000])}`]));
      facts.push(() => group('insurance', [`route: ${pick(['fdic_direct', 'ncua_direct', 'fdic_pass_through'])}`, `insured_institution: ${name}`]));
      break;
    }
    case 'hardware-wallets': {
      facts.push(() => group('price', [`usd: ${int(49, 399)}`]));
      facts.push(() => group('device', [`secure_element: ${bool()}`, `air_gap: ${bool()}`, `screen: ${bool()}`, `passphrase: ${bool()}`]));
      facts.push(() => group('firmware', [`open_source: ${openness()}`]));
      facts.push(() => group('chains', ['supported: [bitcoin, ethereum, solana, cardano]']));
      assessed.push('vendor_record');
      break;
    }
    case 'software-wallets': {
      facts.push(() => group('custody', [`model: ${pick(['self_custody', 'mpc', 'custodial'])}`]));
      facts.push(() => group('source_code', [`open_source: ${openness()}`]));
      facts.push(() => group('swap_fee', [`pct: ${round(rand() * 1.5, 3)}`]));
      facts.push(() => group('chains', ['supported: [bitcoin, ethereum, solana, polygon, arbitrum]']));
      assessed.push('security');
      break;
    }
  }

  const chosen = facts.filter(() => chance(0.93));
  if (chosen.length === 0) chosen.push(facts[0]!);
  w(0, 'facts:');
  for (const f of chosen) f();
  const present = assessed.filter(() => chance(0.9));
  if (present.length) {
    w(0, 'assessments:');
    for (const key of present) {
      const asOf = recent();
      dates.push(asOf);
      w(2, `${key}:`);
      w(4, `score: ${int(35, 95)}`);
      w(4, `rationale: "Synthetic benchmark data: rubric points met and missed for ${key.replace(/_/g, ' ')} at ${name}."`);
      w(4, `as_of: ${day(asOf)}`);
      sources(4, key);
    }
  }
  const incidents = chance(0.35) ? int(1, 3) : 0;
  if (incidents) {
    w(0, 'incidents:');
    let at = todayMs - int(2000, 3000) * DAY_MS;
    for (let i = 0; i < incidents; i++) {
      at += int(30, 600) * DAY_MS;
      const cls = pick(['funds_lost', 'data_breach', 'regulatory_action', 'outage', 'other']);
      w(2, `- date: ${day(at)}`);
      w(4, `class: ${cls}`);
      w(4, `title: Synthetic ${cls.replace(/_/g, ' ')} ${i + 1}`);
      w(4, `summary: A made-up ${cls.replace(/_/g, ' ')} at ${name}, for load tests only.`);
      if (cls === 'funds_lost' || cls === 'regulatory_action') w(4, `amount_usd: ${int(1, 500) * 100000}`);
      if (cls === 'funds_lost' && chance(0.6)) w(4, `customers_made_whole: ${bool()}`);
      w(4, 'sources:');
      // the platform's own statement (primary), so an amount passes methodology evidence.numeric_weak_only
      w(6, `- { url: "${host}/incident-${i + 1}", title: "Incident statement ${i + 1}", publisher: ${name} }`);
      w(6, `- { url: "https://news-1.example.org/${slug}/incident-${i + 1}", title: "Incident report ${i + 1}", publisher: News Outlet 1 }`);
    }
  }
  if (chance(0.5)) {
    w(0, 'licences:');
    for (let i = 0, count = int(1, 2); i < count; i++) {
      const asOf = recent();
      dates.push(asOf);
      w(2, `- regulator: Regulator ${i + 1}`);
      w(4, `licence: Licence ${int(100, 999)}`);
      w(4, `jurisdiction: ${pick(['US', 'EU', 'UK', 'SG'])}`);
      w(4, `as_of: ${day(asOf)}`);
      w(4, `sources: [{ url: "https://registry-${i + 1}.example.org/${slug}", title: "Register entry" }]`);
    }
  }
  const header = [
    `name: ${name}`,
    `slug: ${slug}`,
    `aliases: [${stem}${CATEGORY_WORD[category]}${id}]`,
    `category: ${category}`,
    `website: ${host}`,
    `as_of: ${day(Math.max(...dates))}`,
    `summary: ${name} is a synthetic ${category.replace(/-/g, ' ')} record generated for benchmarks.`,
  ];
  return { slug, text: `${[...header, ...lines].join('\n')}\n` };
}
