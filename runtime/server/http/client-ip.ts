/**
 * The client address a rate limit counts against: the socket's peer address,
 * or, behind `trustProxy` trusted reverse proxies, the X-Forwarded-For entry
 * those proxies added (the one `trustProxy` places from the right). Entries a
 * caller writes further left are never used, so a caller cannot reset its own limit.
 * The header is parsed strictly: at most FORWARDED_FOR_LIMITS.maxLength characters and
 * maxHops entries, and the entry used must be an IP literal (an IPv4 address with a port,
 * or a bracketed IPv6 address with one, is accepted without the port); anything else is
 * ignored (the socket's address counts) and reported, so junk values cannot mint new clients.
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

/**
 * An IP literal in canonical form for counting: IPv4 as is, IPv6 lower-case, an IPv4-mapped IPv6
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
  const lower = value.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  return mapped ? mapped[1]! : lower;
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
