/**
 * Evidence tiers of citations (methodology.yaml "evidence"; sources/source-tiers.yaml):
 * primary > reputable > weak. A source is primary when it is on one of the
 * platform's own hosts (its website's host without "www.", and the `domains`
 * of its source file, which may carry a path prefix such as github.com/org),
 * else it has the tier of the longest listed domain its host falls under,
 * else it is weak. A domain listed in sources/unreliable-domains.yaml is always weak.
 */
import type { EvidenceTier } from '../contract/api-schemas.js';
import type { Source } from '../sources/common-schema.js';
import { listedDomainOf } from '../sources/unreliable-domains-schema.js';

/** The tier lists of a build: listed domain -> tier, and the unreliable domains. */
export interface TierLists {
  tiers: ReadonlyMap<string, 'primary' | 'reputable'>;
  unreliable: ReadonlyMap<string, string>;
}

const RANK: Record<EvidenceTier, number> = { primary: 3, reputable: 2, weak: 1 };

/** The stronger of two tiers. */
export function strongerTier(a: EvidenceTier, b: EvidenceTier): EvidenceTier {
  return RANK[a] >= RANK[b] ? a : b;
}

/** The platform's own hosts and path prefixes (lower case, no scheme): website host without www., and `domains`. */
export function ownHosts(website: string, domains: readonly string[] = []): string[] {
  let host = '';
  try {
    host = new URL(website).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    // the schema reports a bad website URL
  }
  return [host, ...domains.map((d) => d.toLowerCase())].filter((h) => h.length > 0);
}

function isOwn(url: string, own: readonly string[]): boolean {
  let host: string;
  let path: string;
  try {
    const u = new URL(url);
    host = u.hostname.toLowerCase();
    path = u.pathname;
  } catch {
    return false;
  }
  return own.some((entry) => {
    const slash = entry.indexOf('/');
    const domain = slash < 0 ? entry : entry.slice(0, slash);
    const prefix = slash < 0 ? '' : entry.slice(slash);
    const hostMatches = host === domain || host.endsWith(`.${domain}`);
    return hostMatches && (prefix === '' || path.toLowerCase() === prefix.toLowerCase() || path.toLowerCase().startsWith(`${prefix.toLowerCase()}/`));
  });
}

/** The tier of one citation URL for a platform with the given own hosts. */
export function tierOfUrl(url: string, own: readonly string[], lists: TierLists): EvidenceTier {
  if (listedDomainOf(url, lists.unreliable)) return 'weak';
  if (isOwn(url, own)) return 'primary';
  return listedDomainOf(url, lists.tiers)?.reason ?? 'weak';
}

/** The strongest tier among sources; weak for an empty list. */
export function strongestTier(sources: readonly Source[], own: readonly string[], lists: TierLists): EvidenceTier {
  let best: EvidenceTier = 'weak';
  for (const s of sources) {
    best = strongerTier(best, tierOfUrl(s.url, own, lists));
    if (best === 'primary') break;
  }
  return best;
}

/**
 * True when sources can carry a number (methodology.yaml "evidence"): at least one primary source,
 * or a reputable one with a `published` date.
 */
export function carriesNumber(sources: readonly Source[], own: readonly string[], lists: TierLists): boolean {
  return sources.some((s) => {
    const tier = tierOfUrl(s.url, own, lists);
    return tier === 'primary' || (tier === 'reputable' && s.published !== undefined);
  });
}
