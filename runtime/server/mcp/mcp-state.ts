/**
 * What the MCP endpoint keeps for one served dist: the pool of idle servers, the long-lived
 * server's transport and the answer cache of plain tools/call requests, and what resources and
 * completions read. Part of the Served value (../served.ts), so a reload drops it with the old
 * dist. Only types of the MCP SDK are named here: the SDK itself is loaded on the first POST /mcp.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { LRUCache } from 'lru-cache';
import type { InProcessTransport } from './in-process-transport.js';

/** Bounds of the tools/call answer cache: entries, and total bytes of the answers. */
const TOOL_CALL_CACHE_LIMITS = { entries: 1_000, bytes: 16 * 1024 * 1024 } as const;

/** What resources and completions read from a served dist: worked out once, on first use. */
export interface ResourceIndex {
  /** Every platform slug, alphabetical. */
  slugs: string[];
  /** The open-data files an agent can read as text (JSON and CSV), from the manifest the build wrote (`file` relative to it). */
  openData: Array<{ file: string; description: string; media_type: string; bytes: number }>;
}

/** The MCP state of one served dist. */
export interface McpState {
  /** Idle, disconnected servers (./server.ts handleMcp); at most MCP_SERVER_POOL_MAX. */
  idleServers: McpServer[];
  /** The long-lived server's transport for plain tools/call requests (./tool-calls.ts), connected on first use. */
  toolCallTransport: InProcessTransport | undefined;
  /** JSON of a tools/call's params -> the response's `"result":...` or `"error":...` member, serialised (UTF-8 bytes). */
  toolCallAnswers: LRUCache<string, Buffer>;
  /** Made on the first resource or completion request (./resources.ts). */
  resourceIndex: ResourceIndex | undefined;
  /** Largest resource `resources/read` returns inline, bytes (MCP_RESOURCE_MAX_BYTES, README "Configuration"); larger ones are refused naming their URL. */
  resourceMaxBytes: number;
}

/** Default of MCP_RESOURCE_MAX_BYTES: 256 KiB (docs/mcp.md "Limits"); the real open-data platforms file, about 2 MB, is fetched by its URL instead. */
export const MCP_RESOURCE_MAX_BYTES_DEFAULT = 262_144;

/** An empty state for a newly loaded dist. @param resourceMaxBytes see McpState.resourceMaxBytes */
export function newMcpState(resourceMaxBytes = MCP_RESOURCE_MAX_BYTES_DEFAULT): McpState {
  return {
    idleServers: [],
    toolCallTransport: undefined,
    toolCallAnswers: new LRUCache<string, Buffer>({
      max: TOOL_CALL_CACHE_LIMITS.entries,
      maxSize: TOOL_CALL_CACHE_LIMITS.bytes,
      sizeCalculation: (member) => member.length || 1,
    }),
    resourceIndex: undefined,
    resourceMaxBytes,
  };
}
