/**
 * Host and Origin validation against DNS rebinding (MCP specification 2025-11-25 "Transports",
 * security warning, and "Security best practices": a local server must validate the Origin
 * header; https://modelcontextprotocol.io/specification/2025-11-25/basic/transports). A page on
 * evil.example whose name is made to resolve to 127.0.0.1 reaches a server on loopback with
 * `Host: evil.example`, so the Host header names which sites may talk to the server:
 * - bound to a loopback address (HOST 127.0.0.1, ::1 or localhost): the loopback names
 *   (localhost, 127.0.0.1, [::1]) and the host of BASE_URL;
 * - bound to any other address (0.0.0.0, a public address): the host of BASE_URL (with the
 *   loopback names when BASE_URL is itself local), and the names in ALLOWED_HOSTS.
 * Ports are not compared (a proxy or a published container port changes them). Host is checked
 * on every path but the probes; Origin, when sent, only on POST /mcp (a CORS preflight passes, so
 * a browser page can read the refusal of its POST): the REST API and the site are
 * public, read-only and CORS-open, so a page on another origin reading them is intended, while
 * an MCP client in a browser must be a page of an allowed host (README "Configuration").
 */

/** The loopback host names, as they appear in a Host header or URL (IPv6 in brackets). */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** True for a loopback address or name as HOST gives it (127.0.0.0/8, ::1, localhost). */
function isLoopbackBind(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The host name of a Host header value or of an Origin's authority, lower case, without port;
 * IPv6 keeps its brackets. Undefined for an empty value.
 */
function hostnameOf(authority: string): string | undefined {
  const value = authority.trim().toLowerCase();
  if (!value) return undefined;
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    return close < 0 ? value : value.slice(0, close + 1);
  }
  const colon = value.lastIndexOf(':');
  return colon < 0 ? value : value.slice(0, colon);
}

/** The host name of an Origin header (`scheme://host[:port]`); undefined for `null` or a value that is not an origin. */
function originHostname(origin: string): string | undefined {
  const start = origin.indexOf('://');
  return start < 0 ? undefined : hostnameOf(origin.slice(start + 3));
}

/** Which host names may appear in Host (and in Origin on /mcp). */
export interface HostPolicy {
  hosts: ReadonlySet<string>;
}

/**
 * The allowed host names for a server bound to `bindHostname` and published at `baseUrl`.
 * @param extra host names of ALLOWED_HOSTS (any case, without scheme or port)
 */
export function hostPolicy(bindHostname: string, baseUrl: string, extra: readonly string[]): HostPolicy {
  const base = new URL(baseUrl).hostname.toLowerCase();
  const hosts = new Set<string>([base, ...extra.map((h) => h.toLowerCase())]);
  if (isLoopbackBind(bindHostname) || isLoopbackBind(base)) for (const h of LOOPBACK_HOSTS) hosts.add(h);
  return { hosts };
}

/** Which header a request was refused for, and the host it named (cut to 100 characters). */
export interface HostRefusal {
  header: 'Host' | 'Origin';
  host: string;
}

/**
 * The refusal of a request whose Host (or, when `checkOrigin`, Origin) names a host the policy
 * does not allow; undefined when the request may go on. A missing Host (HTTP/1.0) is let through:
 * a browser always sends one, so a rebinding page cannot leave it out.
 */
export function hostRefusal(policy: HostPolicy, host: string | null, origin: string | null, checkOrigin: boolean): HostRefusal | undefined {
  if (host !== null) {
    const name = hostnameOf(host);
    if (name !== undefined && !policy.hosts.has(name)) return { header: 'Host', host: name.slice(0, 100) };
  }
  if (checkOrigin && origin !== null) {
    const name = originHostname(origin.toLowerCase());
    if (name === undefined || !policy.hosts.has(name)) return { header: 'Origin', host: (name ?? origin).slice(0, 100) };
  }
  return undefined;
}

/** The detail of a refusal: the header and what is allowed. */
export function hostRefusalDetail(refusal: HostRefusal, policy: HostPolicy): string {
  return `The ${refusal.header} header names "${refusal.host}", which this server does not answer (protection against DNS rebinding); allowed hosts: ${[...policy.hosts].join(', ')}. A deployment reached under another name lists it in ALLOWED_HOSTS.`;
}
