/**
 * What the registrations of tools, resources and prompts (./tools.ts, ./resources.ts,
 * ./prompts.ts) need from an MCP SDK, so one definition serves both protocol eras: the
 * 2025-11-25 era through @modelcontextprotocol/sdk 1.x (./server.ts) and the 2026-07-28 era
 * through @modelcontextprotocol/server 2.x (./modern.ts), whose McpServer, ResourceTemplate and
 * completable have the same shapes. Types only: each era passes its own SDK's values.
 */

/** The registration methods of an SDK's McpServer (both SDKs' McpServer satisfy it). */
export interface McpRegistry {
  registerTool(name: string, config: any, callback: (args: any) => any): unknown;
  registerResource(name: string, uriOrTemplate: any, config: any, read: (uri: URL, variables: Record<string, string | string[]>) => any): unknown;
  registerPrompt(name: string, config: any, callback: (args: any) => any): unknown;
}

/** An SDK's McpServer as ./registrations.ts uses it: the registration methods, and the low-level server's capabilities. */
export interface McpServerLike extends McpRegistry {
  server: { registerCapabilities(capabilities: Record<string, unknown>): void };
}

/** An SDK's classes and helpers the registrations use. */
export interface McpKit {
  /** The SDK's ResourceTemplate class. */
  ResourceTemplate: new (
    uriTemplate: string,
    callbacks: { list: (() => { resources: object[] }) | undefined; complete?: Record<string, (value: string) => string[]> },
  ) => unknown;
  /** The SDK's completable(schema, complete). */
  completable: <S>(schema: S, complete: (value: string) => string[]) => S;
  /** The SDK's protocol error (a JSON-RPC error with this code, message and data). */
  error: (code: number, message: string, data?: unknown) => Error;
}
