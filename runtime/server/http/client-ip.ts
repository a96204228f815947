/**
 * The client address a rate limit counts against: the socket's peer address,
 * or, behind `trustProxy` trusted reverse proxies, the X-Forwarded-For entry
 * those proxies added (the one `trustProxy` places from the right). Entries a
 * caller writes further left are never used, so a caller cannot reset its own limit.
 * The header is parsed strictly: at most FORWARDED_FOR_LIMITS.maxLength characters and
 * maxHops entries, and the entry used must be an IP literal (an IPv4 address with a port,
 * or a bracketed IPv6 address with one, is accepted without the port); anything else is
 * ignored (the socket's address counts) and reported, so junk values cannot mint new clients.
 * An IPv6 client is counted per /64 (`2001:db8:1:2::/64`), the prefix one subscriber or host is
 * given (RFC 6177, RFC 7421): a single client holds 2^64 addresses, and counting each alone let
 * one client rotate its last bits past the limits and the wrong-key lockouts (issue 40).
 */
import { isIP } from 'node:net';
import type { Logger } from '../log.js';

/** Bounds of an X-Forwarded-For header the runtime reads (longer or deeper ones are ignored). */
const FORWARDED_FOR_LIMITS = { maxLength: 512, maxHops: 16 } as const;

/** The address counted, and why X-Forwarded-For was ignored (null when it was used or not consulted). */
interface ClientAddress {
  ip: string;
  ignored: string | null;
}

/** The /64 an IPv6 address (valid, lower-case, without a zone) lies in, written `a:b:c:d::/64` (each group without leading zeros). */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []); // a trailing IPv4 is the last 32 bits
  const before = groups(head);
  const after = groups(tail);
  const all = tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * An IP literal in canonical form for counting: IPv4 as is, IPv6 as its /64 (ipv6Prefix64), an IPv4-mapped IPv6
 * address as its IPv4 address; a port after an IPv4 address or a bracketed IPv6 address is dropped.
 * @returns the address, or null when the text is not an IP literal
 */
function ipLiteral(text: string): string | null {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.indexOf(':'));
  const version = isIP(value);
  if (version === 4) return value;
  if (version !== 6) return null;
  const lower = value.toLowerCase().split('%', 1)[0]!; // a zone (fe80::1%eth0) names an interface, not a client
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  return mapped ? mapped[1]! : ipv6Prefix64(lower);
}

/**
 * The client address from the socket's peer address and the X-Forwarded-For header.
 * @param socketIp the peer address, or undefined when the socket gives none
 * @param forwardedFor the X-Forwarded-For header value, or null
 * @param trustProxy number of trusted proxy hops in front of the runtime (TRUST_PROXY, default 0)
 * @returns the address counted ('unknown' when the socket gives none) and why the header was ignored
 */
function clientAddress(socketIp: string | undefined, forwardedFor: string | null, trustProxy: number): ClientAddress {
  const socket = (socketIp && ipLiteral(socketIp)) ?? socketIp ?? 'unknown';
  if (trustProxy <= 0 || forwardedFor === null) return { ip: socket, ignored: null };
  if (forwardedFor.length > FORWARDED_FOR_LIMITS.maxLength) return { ip: socket, ignored: `longer than ${FORWARDED_FOR_LIMITS.maxLength} characters` };
  const chain = forwardedFor.split(',');
  if (chain.length > FORWARDED_FOR_LIMITS.maxHops) return { ip: socket, ignored: `more than ${FORWARDED_FOR_LIMITS.maxHops} entries` };
  const entry = chain[chain.length - trustProxy];
  if (entry === undefined) return { ip: socket, ignored: `fewer entries than the ${trustProxy} trusted proxies add` };
  const ip = ipLiteral(entry);
  return ip ? { ip, ignored: null } : { ip: socket, ignored: 'the entry the trusted proxy added is not an IP address' };
}

/** clientAddress, logging (warn, event `x-forwarded-for-ignored`) a header it ignored; returns the address. */
export function clientIpLogged(socketIp: string | undefined, forwardedFor: string | null, trustProxy: number, logger: Logger): string {
  const { ip, ignored } = clientAddress(socketIp, forwardedFor, trustProxy);
  if (ignored) logger.warn({ event: 'x-forwarded-for-ignored', reason: ignored, peer: ip, value: forwardedFor!.slice(0, 100) }, 'X-Forwarded-For ignored');
  return ip;
}
