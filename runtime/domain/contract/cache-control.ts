/**
 * The Cache-Control policy of each kind of response: the server sends it and the OpenAPI
 * document describes it (RFC 9111 5.2.2).
 */

/** How long a precomputed body stays fresh, seconds: the max-age of CACHE_CONTROL.precomputed (and the MCP caching hint, runtime/server/mcp/modern.ts). */
export const PRECOMPUTED_MAX_AGE_SECONDS = 300;

/** Cache-Control values: precomputed bodies change only with a new build; computed ones are cheap to redo; errors, JSON-RPC answers (POST) and health probes are not stored. */
export const CACHE_CONTROL = {
  precomputed: `public, max-age=${PRECOMPUTED_MAX_AGE_SECONDS}, must-revalidate`,
  computed: 'public, max-age=60',
  error: 'no-store',
  jsonRpc: 'no-store',
  probe: 'no-store',
  /** CORS preflight answers (204): browsers cache them by Access-Control-Max-Age, shared caches keep none. */
  preflight: 'no-store',
  /** Assets whose names carry their content's hash (assets/site.<hash>.css, ...): a new content is a new name (RFC 8246). */
  immutable: 'public, max-age=31536000, immutable',
} as const;
