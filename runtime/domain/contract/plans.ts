/**
 * The plans and their limits (README "Configuration" API_KEYS and "REST API" limits): one definition used
 * by the rate limiter (runtime/server/http/rate-limit.ts), the configuration defaults, and the OpenAPI
 * document and manifests the build writes.
 */

export type PlanName = 'free' | 'developer' | 'business';

/** The free plan (README "REST API", limits): 60 requests a minute per IP, REST and MCP together (default of RATE_LIMIT_PER_MINUTE). */
export const FREE_REQUESTS_PER_MINUTE = 60;

/** Requests per minute and per calendar month (UTC) of each paid plan; the free per-minute limit is configured. */
export const PAID_PLANS = {
  developer: { perMinute: 600, perMonth: 250_000 },
  business: { perMinute: 3_000, perMonth: 2_000_000 },
} as const;

/**
 * Failed API key attempts allowed per client IP in a window: past it, every request from that IP
 * that carries a key is refused with 429 until the window ends (requests without a key keep the
 * free plan). 10 in 15 minutes leaves room for a mistyped key and stops guessing.
 */
export const FAILED_KEY_ATTEMPTS = { points: 10, durationSeconds: 900 } as const;
