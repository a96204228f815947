/**
 * Checks of sources/methodology.yaml beyond shape: criterion keys unique per
 * category, every category has `fees` and `security` (the spec's sample weight
 * keys, as a criterion or a weight group), rule facts name a fact group of the
 * category, every fact group has a fact kind, and no rule that cannot be
 * evaluated: best equal to worst, rubric points above 100, all weights 0,
 * a profile weighing an unknown criterion, a changelog not led by the version.
 */
import { problemAt, type SourceDocument } from '../load/load.js';
import type { BuildProblem } from '../problems.js';
import type { Methodology } from '../../runtime/domain/sources/methodology-schema.js';
import { factsSchemas } from '../../runtime/domain/sources/platform-schema.js';
import { CATEGORY_IDS } from '../../runtime/domain/contract/categories.js';

/** Keys every category must have (interface spec: sample weight keys `fees` and `security`). */
const REQUIRED_CRITERIA = ['fees', 'security'] as const;

/** Every check of the methodology (see the module comment), located in its document. */
export function checkMethodology(source: SourceDocument, m: Methodology): BuildProblem[] {
  const problems: BuildProblem[] = [];
  for (const id of CATEGORY_IDS) {
    const criteria = m.categories[id].criteria;
    const at = ['categories', id, 'criteria'];
    const keys = criteria.map((c) => c.key);
    const groupKeys = criteria.map((c) => c.group).filter((g): g is string => g !== undefined);
    for (const required of REQUIRED_CRITERIA) {
      if (!keys.includes(required) && !groupKeys.includes(required)) problems.push(problemAt(source, at, 'error', `category ${id} has no "${required}" criterion or weight group`, 'every category needs fees and security (the interface spec\'s weight keys)'));
    }
    criteria.forEach((c, i) => {
      if (c.group !== undefined && keys.includes(c.group)) problems.push(problemAt(source, [...at, i, 'group'], 'error', `weight group "${c.group}" has the name of a criterion`, 'a weight key must name one thing: rename the group or the criterion'));
      const rule = c.rule;
      if ((rule.kind === 'linear' || rule.kind === 'scenario_cost') && rule.best === rule.worst) {
        problems.push(problemAt(source, [...at, i, 'rule', 'worst'], 'error', `best and worst are both ${rule.best}, so the rule cannot map a value to 0-100`, 'set worst to the value that should score 0'));
      }
      if (rule.kind === 'rubric') {
        const total = rule.points.reduce((sum, p) => sum + p.points, 0);
        if (total > 100) problems.push(problemAt(source, [...at, i, 'rule', 'points'], 'error', `the rubric's points add up to ${total}, above 100`, 'make the points add up to 100 at most'));
        rule.points.forEach((p, j) => {
          if ((p.fact === undefined) === (p.any_of === undefined)) problems.push(problemAt(source, [...at, i, 'rule', 'points', j], 'error', 'a rubric row needs exactly one of fact and any_of'));
        });
      }
    });
    const schemaGroups = Object.keys(factsSchemas[id].shape);
    const kinds = m.categories[id].fact_kinds;
    for (const g of schemaGroups) {
      if (kinds[g] === undefined) problems.push(problemAt(source, ['categories', id, 'fact_kinds'], 'error', `fact group "${g}" has no fact kind`, `add ${g}: <kind> (the kinds are the keys of freshness)`));
    }
    for (const g of Object.keys(kinds)) {
      if (!schemaGroups.includes(g)) problems.push(problemAt(source, ['categories', id, 'fact_kinds', g], 'error', `"${g}" is not a fact group of ${id}`, `fact groups: ${schemaGroups.join(', ')}`));
    }
    (m.categories[id].profiles ?? []).forEach((profile, i) => {
      for (const k of Object.keys(profile.weights)) {
        if (!keys.includes(k)) problems.push(problemAt(source, ['categories', id, 'profiles', i, 'weights', k], 'error', `"${k}" is not a criterion of ${id}`, `criteria: ${keys.join(', ')}`));
      }
      const weights = criteria.map((c) => profile.weights[c.key] ?? c.weight);
      if (weights.every((w) => w === 0)) problems.push(problemAt(source, ['categories', id, 'profiles', i, 'weights'], 'error', 'the profile weighs every criterion 0'));
    });
    keys.forEach((k, i) => {
      if (keys.indexOf(k) !== i) problems.push(problemAt(source, [...at, i, 'key'], 'error', `criterion key "${k}" appears twice`));
    });
    if (criteria.every((c) => c.weight === 0)) problems.push(problemAt(source, at, 'error', `every criterion of ${id} weighs 0, so no platform can be scored`, 'give at least one criterion a weight above 0'));
    const groups = Object.keys(factsSchemas[id].shape);
    criteria.forEach((c, i) => {
      const facts = c.rule.kind === 'rubric' ? c.rule.points.flatMap((p) => [...(p.fact ? [p.fact] : []), ...(p.any_of ?? [])]) : c.rule.kind === 'enum' || c.rule.kind === 'linear' ? [c.rule.fact] : [];
      for (const fact of facts) {
        if (!groups.includes(fact.split('.')[0]!)) {
          problems.push(problemAt(source, [...at, i, 'rule'], 'error', `fact "${fact}" is not a fact group of ${id}`, `fact groups: ${groups.join(', ')}`));
        }
      }
      if (c.rule.kind === 'scenario_cost' && id !== 'exchanges' && id !== 'brokerages') {
        problems.push(problemAt(source, [...at, i, 'rule', 'kind'], 'error', 'scenario_cost applies to exchanges and brokerages only'));
      }
      if (c.rule.kind === 'apy_relative' && id !== 'high-yield-savings') {
        problems.push(problemAt(source, [...at, i, 'rule', 'kind'], 'error', 'apy_relative applies to high-yield-savings only'));
      }
    });
  }
  if (m.changelog[0]?.version !== m.version) {
    problems.push(problemAt(source, ['changelog', 0, 'version'], 'error', `the newest changelog entry is ${m.changelog[0]?.version}, not the version ${m.version}`, 'add an entry for this version at the top of changelog, saying what changed'));
  }
  return problems;
}
