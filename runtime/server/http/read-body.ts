/**
 * Reading a request body from node:http within a size bound (POST /mcp: LIMITS.mcpBodyMaxBytes).
 */
import type { IncomingMessage } from 'node:http';

/**
 * The request body as UTF-8 text, or null as soon as more than `maxBytes` have arrived (chunked or
 * not): nothing past the limit is kept, and the rest of the body is read and dropped without buffering.
 * @throws the request stream's error (a reset connection)
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      chunks.length = 0;
      req.off('data', onData);
      req.resume();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(size > maxBytes ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
