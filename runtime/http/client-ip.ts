/**
 * The client address a rate limit counts against: the socket's peer address,
 * or, behind `trustProxy` trusted reverse proxies, the X-Forwarded-For entry
 * those proxies added (the one `trustProxy` places from the right). Entries a
 * caller writes further left are never used, so a caller cannot reset its own limit.
 */
import { getRequestIP, type H3Event } from 'h3';

/**
 * @param trustProxy number of trusted proxy hops in front of the runtime (TRUST_PROXY, default 0)
 * @returns an IP address, or 'unknown' when the socket gives none
 */
export function clientIp(event: H3Event, trustProxy: number): string {
  const socketIp = getRequestIP(event) ?? 'unknown';
  if (trustProxy <= 0) return socketIp;
  const chain = (event.req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - trustProxy] ?? socketIp;
}
