/**
 * What a server of either protocol era offers, registered the same way on the 1.x SDK's McpServer
 * (./server.ts, 2025-11-25 and before) and the 2.x SDK's (./modern.ts, 2026-07-28): the tools of
 * ./tools.ts, the resources of ./resources.ts, the prompts of ./prompts.ts, and capabilities that
 * say the lists never change.
 */
import type { Served } from '../served.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { registerTools } from './tools.js';
import type { McpKit, McpServerLike } from './sdk-kit.js';

/** Registers every tool, resource and prompt of the served dist on `server`, with `kit` the server's SDK (./sdk-kit.ts). */
export function registerEverything(server: McpServerLike, served: Served, kit: McpKit): void {
  registerTools(server, served);
  registerResources(server, served, kit);
  registerPrompts(server, served, kit);
  // The lists never change while a dist is served (a reload builds new servers), so no list_changed
  // notification is ever sent, and nothing is subscribed to (no subscriptions/listen stream carries a
  // change): say so (the SDK advertises listChanged true on registration).
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false, subscribe: false }, prompts: { listChanged: false } });
}
