/**
 * Tiers are in strictly ascending order of their threshold: exchange fee tiers by 30-day volume
 * and options fee tiers by contracts per month (both starting at 0), APY tiers by balance.
 */
import { problemAt } from '../../load/load.js';
import type { BuildProblem } from '../../problems.js';
import type { PlatformCheck } from '../check-rule.js';
import { isNotApplicable } from '../../../runtime/domain/sources/common-schema.js';

export const tierOrder: PlatformCheck = {
  id: 'tier-order',
  rule: 'Fee and APY tiers ascend strictly by their threshold, and fee tiers start at 0, so every volume or balance falls in exactly one tier.',
  check({ source, platform }) {
    if (!platform) return [];
    const problems: BuildProblem[] = [];
    const ascending = (list: readonly number[], at: PropertyKey[], field: string, mustStartAtZero: boolean) => {
      if (mustStartAtZero && list[0] !== 0) problems.push(problemAt(source, [...at, 0, field], 'error', `the first tier must start at 0 (found ${list[0]})`));
      for (let i = 1; i < list.length; i++) {
        if (list[i]! <= list[i - 1]!) problems.push(problemAt(source, [...at, i, field], 'error', 'tiers must be in strictly ascending order'));
      }
    };
    if (platform.category === 'exchanges' && platform.facts.trading_fees) {
      ascending(
        platform.facts.trading_fees.tiers.map((t) => t.min_volume_30d_usd),
        ['facts', 'trading_fees', 'tiers'],
        'min_volume_30d_usd',
        true,
      );
    }
    const options = platform.category === 'brokerages' ? platform.facts.options_fees : undefined;
    if (options && !isNotApplicable(options)) {
      ascending(
        options.tiers.map((t) => t.min_contracts_per_month),
        ['facts', 'options_fees', 'tiers'],
        'min_contracts_per_month',
        true,
      );
    }
    if (platform.category === 'high-yield-savings' && platform.facts.apy) {
      ascending(
        platform.facts.apy.tiers.map((t) => t.min_balance_usd),
        ['facts', 'apy', 'tiers'],
        'min_balance_usd',
        false,
      );
    }
    return problems;
  },
};
