/**
 * The client address a rate limit counts against: the socket's peer address,
 * or, behind `trustProxy` trusted reverse proxies, the X-Forwarded-For entry
 * those proxies added (the one `trustProxy` places from the right). Entries a
 * caller writes further left are never used, so a caller cannot reset its own limit.
 */

/**
 * The client address from the socket's peer address and the X-Forwarded-For header.
 * @param socketIp the peer address, or undefined when the socket gives none
 * @param forwardedFor the X-Forwarded-For header value, or null
 * @param trustProxy number of trusted proxy hops in front of the runtime (TRUST_PROXY, default 0)
 * @returns an IP address, or 'unknown'
 */
export function clientAddress(socketIp: string | undefined, forwardedFor: string | null, trustProxy: number): string {
  const socket = socketIp ?? 'unknown';
  if (trustProxy <= 0) return socket;
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - trustProxy] ?? socket;
}
