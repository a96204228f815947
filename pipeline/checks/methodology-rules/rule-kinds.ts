/**
 * A rule kind that computes from one kind of platform is used in its categories only: scenario_cost
 * runs the fee estimator of GET /v1/fees (exchanges and brokerages), apy_relative compares savings
 * APYs (methodology.yaml, rule kinds).
 */
import { problemAt } from '../../load/load.js';
import { eachCategory, type MethodologyCheck } from '../check-rule.js';

export const ruleKinds: MethodologyCheck = {
  id: 'rule-kinds',
  rule: 'A scenario_cost rule is used in exchanges and brokerages only and an apy_relative rule in high-yield-savings only, the categories whose facts they compute from.',
  check({ source, methodology }) {
    return eachCategory(methodology, (id, { criteria }, at) =>
      criteria.flatMap((c, i) => {
        if (c.rule.kind === 'scenario_cost' && id !== 'exchanges' && id !== 'brokerages')
          return [problemAt(source, [...at, i, 'rule', 'kind'], 'error', 'scenario_cost applies to exchanges and brokerages only')];
        if (c.rule.kind === 'apy_relative' && id !== 'high-yield-savings')
          return [problemAt(source, [...at, i, 'rule', 'kind'], 'error', 'apy_relative applies to high-yield-savings only')];
        return [];
      }),
    );
  },
};
