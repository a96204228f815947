/**
 * Each rule of the build's checks of platform files (pipeline/checks/rules/, one file each;
 * the methodology's rules are in test/methodology-check-rules.test.ts) with its own
 * failing source and passing source, run through the CLI as a data editor runs it
 * (`check --sources`): the failing file gives exactly that rule's problems, at the line
 * of the offending field; the passing files, together, give none. The fixtures are
 * evaluated on 2026-06-30 (SOURCE_DATE_EPOCH in vitest.config.ts).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATASET_CHECKS, PLATFORM_CHECKS } from '../pipeline/checks/platform-checks.js';
import { runCli, treeWith, type CliResult } from './helpers.js';

/** A valid exchange record named after the case; `change` rewrites its text into the failing or passing variant. */
function exchange(id: string, change: (yaml: string) => string = (y) => y): string {
  return change(`name: Case ${id}
slug: case-${id}
category: exchanges
website: https://example.org/case-${id}
as_of: 2026-06-30
facts:
  trading_fees:
    product: Spot
    tiers:
      - { min_volume_30d_usd: 0, maker_pct: 0.1, taker_pct: 0.2 }
    as_of: 2026-06-30
    sources: [{ url: "https://example.org/case-${id}/fees", title: Fee schedule }]
assessments:
  security: { score: 80, rationale: Fixture., as_of: 2026-06-30, sources: [{ url: "https://example.org/case-${id}/security", title: Security page }] }
`);
}

interface RuleCase {
  /** The rule's id (its file under pipeline/checks/rules/). */
  id: string;
  /** The failing file's text, and its file name when it differs from case-<id>.yaml. */
  fail: string;
  failFile?: string;
  /** The same record with the mistake fixed. */
  pass: string;
  /** The problems of the failing file: a text on the offending line, the dotted path, and severity: message (a pattern where it names a temporary path). */
  problems: Array<{ on: string; path: string; message: string | RegExp }>;
  /** Files the failing tree needs besides the fixtures (relative to the sources folder), or a methodology edit. */
  extra?: Record<string, string>;
  methodology?: (yaml: string) => string;
}

const UNRELIABLE = 'domains:\n  - { domain: content-farm.example, reason: AI-written finance articles }\n';

const CASES: RuleCase[] = [
  {
    id: 'file-location',
    fail: exchange('file-location', (y) => y.replace('slug: case-file-location', 'slug: case-file-locaton')),
    pass: exchange('file-location'),
    problems: [{ on: 'slug:', path: 'slug', message: 'error: slug "case-file-locaton" differs from the file name "case-file-location"' }],
  },
  {
    id: 'real-dates',
    fail: exchange('real-dates', (y) =>
      y.replace('    as_of: 2026-06-30\n', '    as_of: 2026-02-30\n').replace('title: Fee schedule }', 'title: Fee schedule, published: 2099-01-01 }'),
    ),
    pass: exchange('real-dates', (y) => y.replace('title: Fee schedule }', 'title: Fee schedule, published: 2026-05-01 }')),
    problems: [
      { on: '    as_of: 2026-02-30', path: 'facts.trading_fees.as_of', message: 'error: "2026-02-30" is not a real calendar date' },
      {
        on: 'published: 2099-01-01',
        path: 'facts.trading_fees.sources.0.published',
        message: 'error: date 2099-01-01 is in the future (the evaluation date is 2026-06-30)',
      },
    ],
  },
  {
    id: 'unreliable-domains',
    fail: exchange('unreliable-domains', (y) =>
      y.replace('https://example.org/case-unreliable-domains/security', 'https://news.content-farm.example/security'),
    ),
    pass: exchange('unreliable-domains'),
    extra: { 'unreliable-domains.yaml': UNRELIABLE },
    problems: [
      {
        on: 'news.content-farm.example',
        path: 'assessments.security.sources.0.url',
        message: 'error: content-farm.example is listed as unreliable (AI-written finance articles)',
      },
    ],
  },
  {
    id: 'as-of-precision',
    fail: exchange('as-of-precision', (y) => y.replace('    as_of: 2026-06-30\n', '    as_of: 2026-03-01\n    as_of_precision: year\n')),
    pass: exchange('as-of-precision', (y) => y.replace('    as_of: 2026-06-30\n', '    as_of: 2026-01-01\n    as_of_precision: year\n')),
    problems: [
      { on: '    as_of: 2026-03-01', path: 'facts.trading_fees.as_of', message: 'error: with as_of_precision year, as_of must be 1 January (2026-01-01)' },
    ],
  },
  {
    id: 'stale-reason',
    fail: exchange('stale-reason', (y) => y.replace('    as_of: 2026-06-30\n', '    as_of: 2026-06-30\n    stale_reason: nothing newer found\n')),
    pass: exchange('stale-reason', (y) => y.replace('    as_of: 2026-06-30\n', '    as_of: 2023-01-10\n    stale_reason: nothing newer found\n')),
    problems: [
      {
        on: 'stale_reason:',
        path: 'facts.trading_fees.stale_reason',
        message: 'warning: the fact is not stale on 2026-06-30 (as_of 2026-06-30), so its stale_reason is never shown',
      },
    ],
  },
  {
    id: 'record-as-of',
    fail: exchange('record-as-of', (y) => y.replace('as_of: 2026-06-30\nfacts:', 'as_of: 2026-01-01\nincidents_checked: 2026-03-01\nfacts:')),
    // a newer fact moved as_of forward; the incidents keep the date they were last searched
    pass: exchange('record-as-of', (y) => y.replace('as_of: 2026-06-30\nfacts:', 'as_of: 2026-06-30\nincidents_checked: 2026-01-01\nfacts:')),
    problems: [
      { on: 'as_of: 2026-01-01', path: 'as_of', message: 'error: record as_of 2026-01-01 is older than the newest fact (2026-06-30)' },
      {
        on: 'incidents_checked: 2026-03-01',
        path: 'incidents_checked',
        message: 'error: incidents_checked 2026-03-01 is later than the record as_of 2026-01-01',
      },
    ],
  },
  {
    id: 'incident-order',
    fail: exchange(
      'incident-order',
      (y) =>
        `${y}incidents:\n  - { date: 2026-03-01, class: outage, title: Later, summary: Later outage., sources: [{ url: "https://example.org/status", title: Status }] }\n  - { date: 2025-03-01, class: outage, title: Earlier, summary: Earlier outage., sources: [{ url: "https://example.org/status", title: Status }] }\n`,
    ),
    pass: exchange(
      'incident-order',
      (y) =>
        `${y}incidents:\n  - { date: 2025-03-01, class: outage, title: Earlier, summary: Earlier outage., sources: [{ url: "https://example.org/status", title: Status }] }\n  - { date: 2026-03-01, class: outage, title: Later, summary: Later outage., sources: [{ url: "https://example.org/status", title: Status }] }\n`,
    ),
    problems: [{ on: 'date: 2025-03-01', path: 'incidents.1.date', message: 'error: incidents are not in date order: 2025-03-01 comes after 2026-03-01' }],
  },
  {
    id: 'plausible-values',
    fail: exchange('plausible-values', (y) => y.replace('taker_pct: 0.2 }', 'taker_pct: 5 }')),
    pass: exchange('plausible-values', (y) =>
      y.replace('taker_pct: 0.2 }', 'taker_pct: 5 }').replace('    product: Spot\n', '    product: Spot\n    outlier_checked: true\n'),
    ),
    problems: [
      {
        on: 'taker_pct: 5',
        path: 'facts.trading_fees.tiers.0.taker_pct',
        message: 'error: spot maker or taker fee 5 % is outside the plausible range 0 % to 2 %',
      },
    ],
  },
  {
    id: 'not-applicable',
    fail: exchange('not-applicable', (y) =>
      y.replace(
        'assessments:',
        '  fiat_withdrawal:\n    not_applicable: Crypto-only exchange with no fiat rail.\n    as_of: 2026-06-30\n    sources: [{ url: "https://example.org/case-not-applicable/fiat", title: Deposits }]\nassessments:',
      ),
    ),
    pass: exchange('not-applicable', (y) =>
      y.replace(
        'assessments:',
        '  fiat_withdrawal:\n    not_applicable: Crypto-only exchange with no fiat rail.\n    as_of: 2026-06-30\n    sources: [{ url: "https://example.org/case-not-applicable/fiat", title: Deposits }]\nassessments:',
      ),
    ),
    // the failing tree's methodology no longer accepts a not-applicable fiat withdrawal
    methodology: (yaml) => yaml.replace('          worst: 25\n        not_applicable: exclude\n', '          worst: 25\n'),
    problems: [
      {
        on: '    not_applicable:',
        path: 'facts.fiat_withdrawal.not_applicable',
        message: 'error: criterion withdrawal_fees does not accept a not-applicable "fiat_withdrawal" (methodology.yaml)',
      },
    ],
  },
  {
    id: 'numeric-evidence',
    fail: exchange('numeric-evidence', (y) => y.replace('https://example.org/case-numeric-evidence/fees', 'https://fees-blog.example.net/exchange-fees')),
    pass: exchange('numeric-evidence'),
    problems: [
      {
        on: '    sources: [{ url: "https://fees-blog',
        path: 'facts.trading_fees.sources',
        message: 'error: numeric fact "trading_fees" is backed only by weak sources',
      },
    ],
  },
  {
    id: 'assessed-criteria',
    fail: exchange(
      'assessed-criteria',
      (y) =>
        `${y}  withdrawal_fees: { score: 90, rationale: Fixture., as_of: 2026-06-30, sources: [{ url: "https://example.org/case-assessed-criteria/fees", title: Fees }] }\n`,
    ),
    pass: exchange(
      'assessed-criteria',
      (y) =>
        `${y}  regulation: { score: 90, rationale: Fixture., as_of: 2026-06-30, sources: [{ url: "https://example.org/case-assessed-criteria/licences", title: Licences }] }\n`,
    ),
    problems: [
      {
        on: '  withdrawal_fees:',
        path: 'assessments.withdrawal_fees',
        message: 'error: criterion "withdrawal_fees" is derived from facts (rule linear), so it takes no assessment',
      },
    ],
  },
  {
    id: 'tier-order',
    fail: exchange('tier-order', (y) =>
      y.replace(
        'taker_pct: 0.2 }\n',
        'taker_pct: 0.2 }\n      - { min_volume_30d_usd: 50000, maker_pct: 0.08, taker_pct: 0.15 }\n      - { min_volume_30d_usd: 10000, maker_pct: 0.09, taker_pct: 0.18 }\n',
      ),
    ),
    pass: exchange('tier-order', (y) =>
      y.replace(
        'taker_pct: 0.2 }\n',
        'taker_pct: 0.2 }\n      - { min_volume_30d_usd: 10000, maker_pct: 0.09, taker_pct: 0.18 }\n      - { min_volume_30d_usd: 50000, maker_pct: 0.08, taker_pct: 0.15 }\n',
      ),
    ),
    problems: [
      { on: 'min_volume_30d_usd: 10000', path: 'facts.trading_fees.tiers.2.min_volume_30d_usd', message: 'error: tiers must be in strictly ascending order' },
    ],
  },
  {
    id: 'pledge-made-whole',
    fail: exchange(
      'pledge-made-whole',
      (y) =>
        `${y}incidents:\n  - date: 2026-03-01\n    class: funds_lost\n    title: Hot-wallet theft\n    summary: An attacker drained a hot wallet; the exchange pledged to reimburse all affected users in full.\n    amount_usd: 1000000\n    sources: [{ url: "https://example.org/case-pledge-made-whole/incident", title: Incident report }]\n`,
    ),
    pass: exchange(
      'pledge-made-whole',
      (y) =>
        `${y}incidents:\n  - date: 2026-03-01\n    class: funds_lost\n    title: Hot-wallet theft\n    summary: An attacker drained a hot wallet; the exchange pledged to reimburse all affected users in full.\n    amount_usd: 1000000\n    customers_made_whole: true\n    sources: [{ url: "https://example.org/case-pledge-made-whole/incident", title: Incident report }]\n`,
    ),
    problems: [
      {
        on: '    summary: An attacker',
        path: 'incidents.0.summary',
        message:
          'error: the incident records a pledge ("pledged to reimburse") but customers_made_whole is absent (counted as false); the methodology counts a public pledge as made whole',
      },
    ],
  },
  {
    id: 'listed-company-reserves',
    fail: exchange('listed-company-reserves', (y) =>
      y.replace(
        'assessments:',
        '  proof_of_reserves:\n    published: false\n    liabilities_included: false\n    third_party_attestation: false\n    listed_on: "Nasdaq: CASE"\n    as_of: 2026-06-30\n    sources: [{ url: "https://example.org/case-listed-company-reserves/annual-report", title: Annual report }]\nassessments:',
      ),
    ),
    pass: exchange('listed-company-reserves', (y) =>
      y.replace(
        'assessments:',
        '  proof_of_reserves:\n    published: false\n    liabilities_included: false\n    third_party_attestation: false\n    audited_financial_statements: false\n    listed_on: "Nasdaq: CASE"\n    as_of: 2026-06-30\n    sources: [{ url: "https://example.org/case-listed-company-reserves/annual-report", title: Annual report }]\nassessments:',
      ),
    ),
    problems: [
      {
        on: '    listed_on:',
        path: 'facts.proof_of_reserves.listed_on',
        message: 'error: Nasdaq: CASE is a listed company, but audited_financial_statements is not recorded',
      },
    ],
  },
  {
    id: 'unique-names',
    fail: exchange('unique-names', (y) => y.replace('category: exchanges', 'aliases: [alpha exchange]\ncategory: exchanges')),
    pass: exchange('unique-names', (y) => y.replace('category: exchanges', 'aliases: [Case Unique]\ncategory: exchanges')),
    problems: [{ on: 'aliases:', path: 'aliases.0', message: /^error: "alpha exchange" is already used by \S+\/platforms\/exchanges\/alpha-exchange\.yaml$/ }],
  },
];

const failing = new Map<string, CliResult>();
let passing: CliResult;

beforeAll(async () => {
  const passFiles: Record<string, string> = { 'unreliable-domains.yaml': UNRELIABLE };
  for (const c of CASES) passFiles[`platforms/exchanges/case-${c.id}.yaml`] = c.pass;
  const runs = CASES.map(async (c) => {
    const file = `platforms/exchanges/${c.failFile ?? `case-${c.id}.yaml`}`;
    failing.set(c.id, await runCli(['check', '--sources', await treeWith(c.id, { ...c.extra, [file]: c.fail }, c.methodology)]));
  });
  [passing] = await Promise.all([treeWith('passing', passFiles).then((sources) => runCli(['check', '--sources', sources])), ...runs]);
}, 120_000);

describe('the checks of platform files', () => {
  it('have a case here for every rule the build runs', () => {
    expect(CASES.map((c) => c.id).sort()).toEqual([...PLATFORM_CHECKS, ...DATASET_CHECKS].map((c) => c.id).sort());
  });

  it('pass every corrected case file together, with no warning', () => {
    expect(passing.stderr).toBe('');
    expect(passing.stdout).toMatch(/^check passed: 29 platforms/m);
    expect(passing.code).toBe(0);
  });

  for (const c of CASES) {
    it(`${c.id}: the failing file gives exactly its problems, at the offending line`, () => {
      const result = failing.get(c.id)!;
      const lines = result.stderr.split('\n').filter((l) => /^\S+:\d+:\d+ {2}/.test(l));
      const failText = c.fail.split('\n');
      const expected = c.problems.map((p) => {
        const line = failText.findIndex((l) => l.includes(p.on)) + 1;
        expect(line, `"${p.on}" is in the failing file`).toBeGreaterThan(0);
        const text =
          typeof p.message === 'string'
            ? `${p.path}  ${p.message}`
            : expect.stringMatching(new RegExp(`^${p.path.replace(/\./g, '\\.')}  ${p.message.source.slice(1)}`));
        return { file: `case-${c.id}.yaml`, line, text };
      });
      expect(
        lines.map((l) => {
          const [, file, line, text] = /^(\S+):(\d+):\d+ {2}(.*)$/.exec(l)!;
          return { file: path.basename(file!), line: Number(line), text };
        }),
      ).toEqual(expected);
      const errors = c.problems.filter((p) => String(p.message).replace(/^\/\^/, '').startsWith('error')).length;
      expect(result.code).toBe(errors > 0 ? 1 : 0);
    });
  }
});
