/**
 * A listed exchange operator (proof_of_reserves.listed_on) states whether its audited
 * financial statements disclose customer assets and the matching liabilities: the reserves
 * criterion counts such statements as proof of reserves with liabilities and attestation
 * (methodology.yaml, exchanges, reserves), so leaving the route unrecorded can score a listed
 * company 0 where its annual report would earn the full score.
 */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';

export const listedCompanyReserves: PlatformCheck = {
  id: 'listed-company-reserves',
  rule: 'An exchange whose proof_of_reserves names a stock listing (listed_on) records audited_financial_statements (true or false, the annual report cited), since the methodology counts audited statements that disclose customer assets and liabilities as proof of reserves.',
  check({ source, platform }) {
    const reserves = platform?.category === 'exchanges' ? platform.facts.proof_of_reserves : undefined;
    if (!reserves?.listed_on || reserves.audited_financial_statements !== undefined) return [];
    return [
      problemAt(
        source,
        ['facts', 'proof_of_reserves', 'listed_on'],
        'error',
        `${reserves.listed_on} is a listed company, but audited_financial_statements is not recorded`,
        'read its latest annual report (10-K, 20-F) and record whether the audited statements disclose customer assets held and the matching customer liabilities, with the filing cited',
      ),
    ];
  },
};
