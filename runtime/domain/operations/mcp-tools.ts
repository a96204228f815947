/**
 * The MCP tools: one per operation of the catalogue (./catalogue.ts), the six of the
 * interface spec ("MCP endpoint") and the calculators. Each tool runs the same operation
 * as its REST endpoint, so a tool's structuredContent equals the REST body for the same request.
 */
import type { z } from 'zod';
import type { Dataset } from '../dataset.js';
import { OPERATIONS, runTool } from './catalogue.js';
import type { OperationResult } from './result.js';

/** One tool: its MCP metadata and the operation it runs. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodRawShape;
  outputSchema: z.ZodObject;
  run: (dataset: Dataset, args: Record<string, unknown>) => OperationResult;
}

export const TOOLS: readonly ToolDefinition[] = OPERATIONS.map((operation) => ({
  name: operation.tool.name,
  title: operation.tool.title,
  description: operation.tool.description,
  inputSchema: operation.tool.inputSchema,
  outputSchema: operation.result.schema,
  run: (dataset, args) => runTool(operation, dataset, args),
}));
