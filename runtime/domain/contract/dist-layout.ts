/** Where each file of dist/ lies: the pipeline writes these paths and the server reads them. */
export const DIST_LAYOUT = {
  categories: 'api/v1/categories.json',
  platformsDir: 'api/v1/platforms',
  safetyDir: 'api/v1/safety',
  /** GET /v1/platforms/{slug}/history bodies, one file a platform. */
  historyDir: 'api/v1/history',
  verdictsDir: 'api/v1/verdicts',
  runtimeModel: 'runtime-model.json',
  openapi: 'openapi.json',
  mcpManifest: '.well-known/mcp.json',
  mcpServerCard: '.well-known/mcp/server-card.json',
  aiPluginManifest: '.well-known/ai-plugin.json',
  logo: 'logo.svg',
} as const;
