/**
 * The link check (`npm run check-links`): each URL fetched once, politely, with Node's built-in
 * fetch (undici):
 * - robots.txt first, once per origin (robots-parser; RFC 9309): a path it disallows for our user
 *   agent is skipped; a 4xx robots.txt allows everything; a 5xx or unreachable one counts as
 *   disallowing everything (RFC 9309 2.3.1.4), so the site's URLs are reported with its error;
 * - one request at a time per host, at least `perHostMs` apart (or the robots.txt Crawl-delay when
 *   longer), `concurrency` hosts at once;
 * - a user agent naming the project, GET without following redirects (many servers refuse HEAD).
 * Each URL is classified: ok (2xx), redirect (3xx, with its Location resolved), dead (404, 410),
 * error (5xx, other 4xx, DNS, TLS, refused connection), timeout, or skipped (robots.txt).
 */
import { createRequire } from 'node:module';

/**
 * robots-parser is CommonJS (`module.exports = function`) while its type declaration says
 * `export default`: required as it is, typed by its declaration.
 */
const robotsParser = createRequire(import.meta.url)('robots-parser') as typeof import('robots-parser').default;

/** The class of a checked URL (see the module comment; CONTRIBUTING.md says what an editor does with each). */
export type LinkStatus = 'ok' | 'redirect' | 'dead' | 'error' | 'timeout' | 'skipped';

/** One URL to check and where it is cited. */
export interface LinkToCheck {
  url: string;
  /** e.g. "kraken facts.trading_fees"; empty for a URL from a list file. */
  cited_by: string[];
}

/** The result of one URL. */
export interface LinkResult extends LinkToCheck {
  status: LinkStatus;
  /** The HTTP status when the server answered, else null. */
  http_status: number | null;
  /** Where a redirect points (absolute), else null. */
  target: string | null;
  /** One line for a reader, e.g. "HTTP 404", "DNS: ENOTFOUND", "no answer in 15000 ms". */
  detail: string;
}

/** How politely and how long to check: the CLI's defaults are 15,000 ms, 2,000 ms and 4 hosts (check-links-cli.ts). */
export interface LinkCheckOptions {
  userAgent: string;
  /** Most milliseconds to wait for an answer's headers (robots.txt and each URL). */
  timeoutMs: number;
  /** Least milliseconds between two requests to one host. */
  perHostMs: number;
  /** Hosts checked at once. */
  concurrency: number;
}

type Robots = ReturnType<typeof robotsParser>;
/** What robots.txt says for an origin: its rules, or the failure that stands for "disallow all". */
type RobotsState = { robots: Robots | null } | { failure: Omit<LinkResult, 'url' | 'cited_by'> };

const DEAD = new Set([404, 410]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** The class of a failed request (no HTTP answer). */
function failure(error: unknown, timeoutMs: number): Omit<LinkResult, 'url' | 'cited_by'> {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? '';
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || TIMEOUT_CODES.has(code)) {
    return { status: 'timeout', http_status: null, target: null, detail: `no answer in ${timeoutMs} ms` };
  }
  const message = e.cause?.message ?? e.message ?? String(error);
  const kind = DNS_CODES.has(code) ? 'DNS' : /CERT|TLS|SSL/i.test(`${code} ${message}`) ? 'TLS' : 'connection';
  return { status: 'error', http_status: null, target: null, detail: `${kind}: ${code || message}` };
}

/** The class of an HTTP answer. */
function classify(url: string, status: number, location: string | null): Omit<LinkResult, 'url' | 'cited_by'> {
  if (status >= 200 && status < 300) return { status: 'ok', http_status: status, target: null, detail: `HTTP ${status}` };
  if (status >= 300 && status < 400 && location) {
    const target = new URL(location, url).href;
    return { status: 'redirect', http_status: status, target, detail: `HTTP ${status} to ${target}` };
  }
  if (DEAD.has(status)) return { status: 'dead', http_status: status, target: null, detail: `HTTP ${status}` };
  return {
    status: 'error',
    http_status: status,
    target: null,
    detail: `HTTP ${status}${status === 401 || status === 403 || status === 429 ? ' (the site may refuse automated requests: open it in a browser)' : ''}`,
  };
}

/** One host's requests, one at a time, at least `interval()` ms apart. */
class HostPace {
  private last = -Infinity;
  constructor(private readonly interval: () => number) {}
  /** Waits until the next request to the host may start. */
  async turn(): Promise<void> {
    const wait = this.last + this.interval() - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.last = performance.now();
  }
}

/**
 * Checks every URL (each once, in the order given) and resolves with one result per URL, in that order.
 * Never throws for a URL: a URL that is not http(s) is an error result.
 */
export async function checkLinks(links: readonly LinkToCheck[], options: LinkCheckOptions): Promise<LinkResult[]> {
  const headers = { 'user-agent': options.userAgent, accept: 'text/html,application/xhtml+xml,application/pdf,*/*;q=0.8' };
  const request = async (url: string): Promise<Omit<LinkResult, 'url' | 'cited_by'>> => {
    try {
      const response = await fetch(url, { method: 'GET', redirect: 'manual', headers, signal: AbortSignal.timeout(options.timeoutMs) });
      await response.body?.cancel().catch(() => undefined);
      return classify(url, response.status, response.headers.get('location'));
    } catch (error) {
      return failure(error, options.timeoutMs);
    }
  };
  const byHost = new Map<string, Array<{ index: number; url: URL }>>();
  const results: LinkResult[] = new Array(links.length);
  links.forEach((link, index) => {
    let url: URL | null = null;
    try {
      url = new URL(link.url);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      results[index] = { ...link, status: 'error', http_status: null, target: null, detail: 'not an http(s) URL' };
      return;
    }
    const list = byHost.get(url.host) ?? [];
    list.push({ index, url });
    byHost.set(url.host, list);
  });

  const checkHost = async (entries: Array<{ index: number; url: URL }>) => {
    let crawlDelayMs = 0;
    const pace = new HostPace(() => Math.max(options.perHostMs, crawlDelayMs));
    const robotsOf = new Map<string, RobotsState>();
    for (const { index, url } of entries) {
      const link = links[index]!;
      let state = robotsOf.get(url.origin);
      if (!state) {
        await pace.turn();
        const robotsUrl = `${url.origin}/robots.txt`;
        try {
          const response = await fetch(robotsUrl, { headers, signal: AbortSignal.timeout(options.timeoutMs) });
          const text = await response.text();
          if (response.status >= 500)
            state = {
              failure: {
                status: 'error',
                http_status: response.status,
                target: null,
                detail: `robots.txt answered HTTP ${response.status}: the site counts as disallowing every path (RFC 9309); not checked`,
              },
            };
          else state = { robots: response.ok ? robotsParser(robotsUrl, text) : null };
        } catch (error) {
          const f = failure(error, options.timeoutMs);
          state = { failure: { ...f, detail: `robots.txt: ${f.detail}` } };
        }
        robotsOf.set(url.origin, state);
        if ('robots' in state) crawlDelayMs = 1000 * (state.robots?.getCrawlDelay(options.userAgent) ?? 0);
      }
      if ('failure' in state) {
        results[index] = { ...link, ...state.failure };
        continue;
      }
      if (state.robots?.isDisallowed(url.href, options.userAgent)) {
        results[index] = { ...link, status: 'skipped', http_status: null, target: null, detail: 'robots.txt disallows this path for our user agent' };
        continue;
      }
      await pace.turn();
      results[index] = { ...link, ...(await request(url.href)) };
    }
  };
  const hosts = [...byHost.values()];
  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency, hosts.length)) }, async () => {
    for (let next = hosts.shift(); next; next = hosts.shift()) await checkHost(next);
  });
  await Promise.all(workers);
  return results;
}

/** Order of statuses in the report: what needs an editor first. */
const STATUS_ORDER: readonly LinkStatus[] = ['dead', 'error', 'timeout', 'redirect', 'skipped', 'ok'];

/** Counts of each status. */
export function linkCounts(results: readonly LinkResult[]): Record<LinkStatus, number> {
  const counts = Object.fromEntries(STATUS_ORDER.map((s) => [s, 0])) as Record<LinkStatus, number>;
  for (const r of results) counts[r.status]++;
  return counts;
}

/**
 * The results as Markdown: the counts, then every URL that is not ok (dead first) with its detail,
 * redirect target and where it is cited.
 */
export function formatLinkReport(results: readonly LinkResult[]): string {
  const counts = linkCounts(results);
  const lines = [`# Link check: ${results.length} URLs`, '', STATUS_ORDER.map((s) => `${s} ${counts[s]}`).join(', '), ''];
  const shown = STATUS_ORDER.filter((s) => s !== 'ok').flatMap((s) => results.filter((r) => r.status === s));
  if (shown.length) {
    lines.push('| status | URL | detail | cited by |', '|---|---|---|---|');
    for (const r of shown) lines.push(`| ${r.status} | ${r.url} | ${r.detail.replace(/\|/g, '\\|')} | ${r.cited_by.join('; ') || '—'} |`);
  } else lines.push('Every URL answered 2xx.');
  return lines.join('\n');
}
