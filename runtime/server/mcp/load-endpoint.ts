/**
 * The lazy loader of the MCP endpoint module: importing the MCP SDK took about 150 ms of
 * every start, so ./endpoint.ts (and the SDK with it) is loaded on the first POST /mcp and kept.
 */

let endpoint: Promise<typeof import('./endpoint.js')> | undefined;

/** The endpoint module (./endpoint.ts), imported on first use and kept. */
export const loadMcpEndpoint = () => (endpoint ??= import('./endpoint.js'));
