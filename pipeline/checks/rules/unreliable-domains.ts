/** No citation is on a domain listed in sources/unreliable-domains.yaml (methodology.yaml "evidence"). */
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';
import { sourceUrlsIn } from '../raw-fields.js';
import { unreliableDomainOf } from '../../../runtime/domain/sources/unreliable-domains-schema.js';

export const unreliableDomains: PlatformCheck = {
  id: 'unreliable-domains',
  rule: 'No citation is on a domain listed in sources/unreliable-domains.yaml (or a subdomain of one): such pages cannot back anything we publish.',
  check({ source, raw, evidence }) {
    const unreliable = evidence.lists.unreliable;
    if (!unreliable.size) return [];
    return sourceUrlsIn(raw).flatMap(({ path: at, url }) => {
      const listed = unreliableDomainOf(url, unreliable);
      return listed
        ? [
            problemAt(
              source,
              at,
              'error',
              `${listed.domain} is listed as unreliable (${listed.reason})`,
              "cite the platform's own page, a regulator's release, a court record or a reputable outlet instead",
            ),
          ]
        : [];
    });
  },
};
