/**
 * Zod schema of sources/unreliable-domains.yaml: web sites whose pages do not
 * back a fact (AI-written content farms, spam and scraper sites with rewritten
 * text). A source on one of them fails the build (pipeline/checks/rules/unreliable-domains.ts), so an editor
 * replaces it with the platform's own page, a regulator's release, a court
 * record or a reputable outlet (sources/source-tiers.yaml).
 */
import { z } from 'zod';

/** A host name such as `example.com` (lower case; it also covers its subdomains). */
export const hostName = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { message: 'expected a lower-case host name such as example.com' });

export const UnreliableDomainsSchema = z.strictObject({
  domains: z.array(z.strictObject({ domain: hostName, reason: z.string().min(1) })),
});
export type UnreliableDomains = z.infer<typeof UnreliableDomainsSchema>;

/**
 * The listed domain a URL's host falls under (the host itself or a parent domain), or undefined.
 * A URL that does not parse has no host (the schema reports it).
 */
export function unreliableDomainOf(url: string, listed: ReadonlyMap<string, string>): { domain: string; reason: string } | undefined {
  return listedDomainOf(url, listed);
}

/**
 * The entry of `listed` for a URL's host or its nearest listed parent domain (the longest match), or
 * undefined; a URL that does not parse has no host.
 * @param listed domain (lower case) -> value
 */
export function listedDomainOf<T>(url: string, listed: ReadonlyMap<string, T>): ({ domain: string } & { reason: T }) | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  for (let at = host; at.includes('.'); at = at.slice(at.indexOf('.') + 1)) {
    const reason = listed.get(at);
    if (reason !== undefined) return { domain: at, reason };
  }
  return undefined;
}
