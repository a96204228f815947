/**
 * Each rule of the build's checks of methodology.yaml (pipeline/checks/methodology-rules/, one
 * file each) with its own failing methodology and a passing one, run through the CLI as an editor
 * runs it (`check --sources`) on a copy of the fixture sources: the failing methodology gives
 * exactly that rule's problems, with their hints, at the line of the offending field; the passing
 * edits, applied together to one methodology, give none. A rule without a passing edit is passed
 * by the fixture methodology itself.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { METHODOLOGY_CHECKS } from '../pipeline/checks/methodology-checks.js';
import { runCli, treeWith, type CliResult } from './helpers.js';

/** `text` with the one occurrence of `from` replaced by `to`; throws when `from` is missing or repeated, so an edit cannot silently miss the fixture. */
function swap(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`"${from}" is not in the fixture methodology exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** `text` with the default `weight` of every criterion of `category` rewritten by `weigh` (given the criterion's index). */
function reweigh(text: string, category: string, weigh: (i: number) => string): string {
  const at = text.indexOf(`\n  ${category}:\n`);
  const end = text.indexOf('\n\n  ', at);
  if (at < 0 || end < 0) throw new Error(`no category section ${category} in the fixture methodology`);
  let i = 0;
  return text.slice(0, at) + text.slice(at, end).replace(/\n {8}weight: [\d.]+/g, () => `\n        weight: ${weigh(i++)}`) + text.slice(end);
}

interface MethodologyCase {
  /** The rule's id (its file under pipeline/checks/methodology-rules/). */
  id: string;
  /** Rewrites the fixture methodology.yaml into the failing one. */
  fail: (yaml: string) => string;
  /** The near miss the rule accepts; all of them are applied to one passing methodology. */
  pass?: (yaml: string) => string;
  /**
   * The problems of the failing methodology: the offending line (the first line holding `on`
   * after the first line holding `after`, when given), the dotted path, severity: message, and the hint.
   */
  problems: Array<{ after?: string; on: string; path: string; message: string; hint?: string }>;
}

const CASES: MethodologyCase[] = [
  {
    id: 'required-criteria',
    fail: (y) => swap(y, '      - key: fees\n        label: Price\n', '      - key: price\n        label: Price\n'),
    // a weight group named fees counts as the category's fees
    pass: (y) => swap(y, '      - key: fees\n        label: Price\n', '      - key: price\n        label: Price\n        group: fees\n'),
    problems: [
      {
        after: '  hardware-wallets:',
        on: '    criteria:',
        path: 'categories.hardware-wallets.criteria',
        message: 'error: category hardware-wallets has no "fees" criterion or weight group',
        hint: 'every category needs fees and security (the weight keys of README "Scoring")',
      },
    ],
  },
  {
    id: 'group-names',
    fail: (y) => swap(y, '        label: Trading fees\n        group: fees\n', '        label: Trading fees\n        group: reserves\n'),
    pass: (y) => swap(y, '        label: Trading fees\n        group: fees\n', '        label: Trading fees\n        group: trading\n'),
    problems: [
      {
        on: 'group: reserves',
        path: 'categories.exchanges.criteria.2.group',
        message: 'error: weight group "reserves" has the name of a criterion',
        hint: 'a weight key must name one thing: rename the group or the criterion',
      },
    ],
  },
  {
    id: 'best-worst',
    fail: (y) =>
      swap(
        swap(y, '          items: [trading]\n          best: 0\n          worst: 300\n', '          items: [trading]\n          best: 0\n          worst: 0\n'),
        '          best: 0\n          worst: 25\n',
        '          best: 0\n          worst: 0\n',
      ),
    problems: [
      {
        after: 'key: trading_fees',
        on: 'worst: 0',
        path: 'categories.exchanges.criteria.2.rule.worst',
        message: 'error: best and worst are both 0, so the rule cannot map a value to 0-100',
        hint: 'set worst to the value that should score 0',
      },
      {
        after: 'key: withdrawal_fees',
        on: 'worst: 0',
        path: 'categories.exchanges.criteria.3.rule.worst',
        message: 'error: best and worst are both 0, so the rule cannot map a value to 0-100',
        hint: 'set worst to the value that should score 0',
      },
    ],
  },
  {
    // the fixture's device-security rubric adds up to exactly 100, the limit, and passes
    id: 'rubric-total',
    fail: (y) => swap(y, '{ fact: device.secure_element, points: 40 }', '{ fact: device.secure_element, points: 90 }'),
    problems: [
      {
        after: 'label: Device security',
        on: 'points:',
        path: 'categories.hardware-wallets.criteria.0.rule.points',
        message: "error: the rubric's points add up to 150, above 100",
        hint: 'make the points add up to 100 at most',
      },
    ],
  },
  {
    id: 'rubric-rows',
    fail: (y) =>
      swap(
        swap(y, '{ fact: device.air_gap, points: 20 }', '{ fact: device.air_gap, any_of: [device.screen, device.passphrase], points: 20 }'),
        '{ fact: device.passphrase, points: 20 }',
        '{ points: 20 }',
      ),
    pass: (y) => swap(y, '{ fact: device.air_gap, points: 20 }', '{ any_of: [device.air_gap, device.screen], points: 20 }'),
    problems: [
      {
        on: '{ fact: device.air_gap, any_of:',
        path: 'categories.hardware-wallets.criteria.0.rule.points.1',
        message: 'error: a rubric row needs exactly one of fact and any_of',
      },
      {
        on: '{ points: 20 }',
        path: 'categories.hardware-wallets.criteria.0.rule.points.3',
        message: 'error: a rubric row needs exactly one of fact and any_of',
      },
    ],
  },
  {
    id: 'fact-kinds',
    fail: (y) =>
      swap(
        y,
        'fact_kinds: { price: device_price, device: product_facts, firmware: product_facts, chains: product_facts }',
        'fact_kinds: { price: device_price, device: product_facts, firmware: product_facts, chain: product_facts }',
      ),
    problems: [
      {
        on: 'fact_kinds: { price: device_price',
        path: 'categories.hardware-wallets.fact_kinds',
        message: 'error: fact group "chains" has no fact kind',
        hint: 'add chains: <kind> (the kinds are the keys of freshness)',
      },
      {
        on: 'fact_kinds: { price: device_price',
        path: 'categories.hardware-wallets.fact_kinds.chain',
        message: 'error: "chain" is not a fact group of hardware-wallets',
        hint: 'fact groups: price, device, firmware, chains',
      },
    ],
  },
  {
    id: 'profile-criteria',
    fail: (y) => swap(y, 'weights: { options_fees: 1 }', 'weights: { options_fee: 1 }'),
    problems: [
      {
        on: 'weights: { options_fee: 1 }',
        path: 'categories.brokerages.profiles.0.weights.options_fee',
        message: 'error: "options_fee" is not a criterion of brokerages',
        hint: 'criteria: commissions, options_fees, account_fees, transfer_fees, security, investments, regulation',
      },
    ],
  },
  {
    id: 'profile-weights',
    fail: (y) =>
      swap(y, 'weights: { options_fees: 1 }', 'weights: { commissions: 0, account_fees: 0, transfer_fees: 0, security: 0, investments: 0, regulation: 0 }'),
    // a profile that weighs the options fee alone
    pass: (y) =>
      swap(
        y,
        'weights: { options_fees: 1 }',
        'weights: { options_fees: 1, commissions: 0, account_fees: 0, transfer_fees: 0, security: 0, investments: 0, regulation: 0 }',
      ),
    problems: [{ on: 'weights: { commissions: 0', path: 'categories.brokerages.profiles.0.weights', message: 'error: the profile weighs every criterion 0' }],
  },
  {
    id: 'unique-keys',
    fail: (y) =>
      swap(
        y,
        '      - key: open_source\n        label: Open source\n        weight: 2\n        measures: Whether the firmware',
        '      - key: security\n        label: Open source\n        weight: 2\n        measures: Whether the firmware',
      ),
    problems: [
      {
        after: 'label: Device security',
        on: 'key: security',
        path: 'categories.hardware-wallets.criteria.1.key',
        message: 'error: criterion key "security" appears twice',
      },
    ],
  },
  {
    id: 'nonzero-weights',
    fail: (y) => reweigh(y, 'software-wallets', () => '0'),
    // one criterion weighted is enough
    pass: (y) => reweigh(y, 'software-wallets', (i) => (i === 0 ? '3' : '0')),
    problems: [
      {
        after: '  software-wallets:',
        on: '    criteria:',
        path: 'categories.software-wallets.criteria',
        message: 'error: every criterion of software-wallets weighs 0, so no platform can be scored',
        hint: 'give at least one criterion a weight above 0',
      },
    ],
  },
  {
    id: 'rule-facts',
    fail: (y) =>
      swap(
        swap(y, 'fact: firmware.open_source', 'fact: software.open_source'),
        '[proof_of_reserves.published, proof_of_reserves.audited_financial_statements]',
        '[proof_of_reserves.published, reserves.audited_financial_statements]',
      ),
    problems: [
      {
        after: 'key: reserves',
        on: 'rule:',
        path: 'categories.exchanges.criteria.1.rule',
        message: 'error: fact "reserves.audited_financial_statements" is not a fact group of exchanges',
        hint: 'fact groups: trading_fees, fiat_withdrawal, proof_of_reserves',
      },
      {
        after: 'label: Open source',
        on: 'rule:',
        path: 'categories.hardware-wallets.criteria.1.rule',
        message: 'error: fact "software.open_source" is not a fact group of hardware-wallets',
        hint: 'fact groups: price, device, firmware, chains',
      },
    ],
  },
  {
    // the fixture scores fees by scenario_cost in exchanges and brokerages and the APY by apy_relative in savings, and passes
    id: 'rule-kinds',
    fail: (y) =>
      swap(
        swap(
          y,
          '          kind: linear\n          fact: price.usd\n          best: 50\n          worst: 400\n',
          '          kind: scenario_cost\n          scenario: { trades_per_month: 1, avg_trade_size: 100, options_contracts_per_month: 0, transfers_per_year: 0 }\n          items: [trading]\n          best: 0\n          worst: 400\n',
        ),
        '          kind: linear\n          fact: swap_fee.pct\n          best: 0\n          worst: 1\n',
        '          kind: apy_relative\n          reference_balance_usd: 10000\n',
      ),
    problems: [
      {
        after: 'label: Price',
        on: 'kind: scenario_cost',
        path: 'categories.hardware-wallets.criteria.2.rule.kind',
        message: 'error: scenario_cost applies to exchanges and brokerages only',
      },
      {
        after: 'label: Swap fees',
        on: 'kind: apy_relative',
        path: 'categories.software-wallets.criteria.2.rule.kind',
        message: 'error: apy_relative applies to high-yield-savings only',
      },
    ],
  },
  {
    id: 'changelog-version',
    fail: (y) => swap(y, '\nversion: 2.0.0\n', '\nversion: 2.1.0\n'),
    pass: (y) =>
      swap(
        swap(y, '\nversion: 2.0.0\n', '\nversion: 2.1.0\n'),
        '\nchangelog:\n',
        '\nchangelog:\n  - version: 2.1.0\n    date: 2026-06-30\n    changes:\n      - A test release of the methodology.\n',
      ),
    problems: [
      {
        on: '  - version: 2.0.0',
        path: 'changelog.0.version',
        message: 'error: the newest changelog entry is 2.0.0, not the version 2.1.0',
        hint: 'add an entry for this version at the top of changelog, saying what changed',
      },
    ],
  },
];

/** A located problem as the CLI prints it: `file:line:col  path  severity: message`, then `    hint: ...` when there is one. */
interface Printed {
  file: string;
  line: number;
  text: string;
  hint?: string;
}

/** The located problems of a CLI run's stderr, with their hints. */
function printedProblems(stderr: string): Printed[] {
  const printed: Printed[] = [];
  for (const l of stderr.split('\n')) {
    const head = /^(\S+):(\d+):\d+ {2}(.*)$/.exec(l);
    if (head) printed.push({ file: path.basename(head[1]!), line: Number(head[2]), text: head[3]! });
    else if (l.startsWith('    hint: ') && printed.length > 0) printed[printed.length - 1]!.hint = l.slice('    hint: '.length);
  }
  return printed;
}

const failing = new Map<string, { text: string; result: CliResult }>();
let passing: CliResult;

beforeAll(async () => {
  const passEdit = (yaml: string) => CASES.reduce((text, c) => (c.pass ? c.pass(text) : text), yaml);
  const runs = CASES.map(async (c) => {
    let text = '';
    const sources = await treeWith(`methodology-${c.id}`, {}, (yaml) => (text = c.fail(yaml)));
    failing.set(c.id, { text, result: await runCli(['check', '--sources', sources]) });
  });
  [passing] = await Promise.all([treeWith('methodology-passing', {}, passEdit).then((sources) => runCli(['check', '--sources', sources])), ...runs]);
}, 120_000);

describe('the checks of methodology.yaml', () => {
  it('have a case here for every rule the build runs', () => {
    expect(CASES.map((c) => c.id).sort()).toEqual(METHODOLOGY_CHECKS.map((c) => c.id).sort());
  });

  it('pass the passing edits of every rule together, with no warning', () => {
    expect(passing.stderr).toBe('');
    expect(passing.stdout).toMatch(/^check passed: 14 platforms/m);
    expect(passing.code).toBe(0);
  });

  for (const c of CASES) {
    it(`${c.id}: the failing methodology gives exactly its problems, with their hints, at the offending line`, () => {
      const { text, result } = failing.get(c.id)!;
      const lines = text.split('\n');
      const expected = c.problems.map((p) => {
        const from = p.after === undefined ? 0 : lines.findIndex((l) => l.includes(p.after!));
        const line = from < 0 ? 0 : lines.findIndex((l, i) => i >= from && l.includes(p.on)) + 1;
        expect(line, `"${p.on}" is in the failing methodology${p.after ? ` after "${p.after}"` : ''}`).toBeGreaterThan(0);
        return { file: 'methodology.yaml', line, text: `${p.path}  ${p.message}`, ...(p.hint ? { hint: p.hint } : {}) };
      });
      expect(printedProblems(result.stderr)).toEqual(expected);
      expect(result.code).toBe(1);
    });
  }
});
