/**
 * The MCP endpoint over HTTP: raw JSON-RPC posts as README "MCP endpoint for AI agents" describes
 * them (no prior initialize, shared ids, the answer cache, errors), bodies over
 * the limit (the conformance suite: test/mcp-conformance.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { http, responseHead } from './helpers.js';
import { connectMcpClient } from './mcp-client.js';

const { server, rest, rawPost } = connectMcpClient();

describe('the HTTP endpoint', () => {
  it('answers a raw tools/call with only Content-Type: application/json, without a prior initialize', async () => {
    const res = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_platform', arguments: { name: 'hw-one' } } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json.id).toBe(7);
    expect(res.json.result.structuredContent.slug).toBe('hw-one');
    expect(res.json.result.structuredContent.cap.cap).toBe(85);
  });

  it('answers concurrent tools/calls that share a request id each with its own result and id', async () => {
    const names = ['alpha-exchange', 'beta-exchange', 'hw-one', 'gamma-exchange'];
    const answers = await Promise.all(
      names.map((name, i) =>
        rawPost(JSON.stringify({ jsonrpc: '2.0', id: i % 2 ? 'same' : 1, method: 'tools/call', params: { name: 'get_platform', arguments: { name } } })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.json.id)).toEqual([1, 'same', 1, 'same']);
    expect(answers.map((a) => a.json.jsonrpc)).toEqual(['2.0', '2.0', '2.0', '2.0']);
    expect(answers.map((a) => a.json.result.structuredContent.slug)).toEqual(names);
  });

  it('answers the same tools/call again (from the answer cache) with the same result under the new id', async () => {
    const params = { name: 'compare_platforms', arguments: { platforms: ['alpha-exchange', 'beta-exchange'], weights: 'fees:9' } };
    const first = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call', params }));
    const again = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 'again', method: 'tools/call', params }));
    expect([first.json.id, again.json.id]).toEqual([10, 'again']);
    expect(again.json.result).toEqual(first.json.result);
    expect(again.json.result.structuredContent).toEqual((await rest('/v1/compare?platforms=alpha-exchange,beta-exchange&weights=fees:9')).body);
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown tool with the protocol error -32602 (MCP 2025-11-25 "Tools", error handling), and an unsupported protocol version with 400', async () => {
    const unknown = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }));
    expect(unknown.json).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: expect.stringContaining('Unknown tool "no_such_tool"') } });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_categories', arguments: {} } });
    const old = await http(server, '/mcp', { method: 'POST', headers: { 'content-type': 'application/json', 'mcp-protocol-version': '1999-01-01' }, body });
    expect(old.status).toBe(400);
    expect(old.json.error.message).toContain('Unsupported protocol version');
    expect(old.json.id).toBe(4); // the request's id, not null
  });

  it('answers malformed JSON with the JSON-RPC parse error', async () => {
    const res = await rawPost('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(res.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
  });

  it('answers GET and DELETE with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await http(server, '/mcp', { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('answers a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1_048_576) } });
    const res = await rawPost(big);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ status: 413, title: 'Payload too large' });
  });
});

describe('request bodies over the limit', () => {
  /**
   * Sends a chunked POST over a raw socket: 64 KiB chunks, 2 MiB in all, the final chunk never sent,
   * and resolves with the first response bytes. An answer can only come before the body ends.
   */
  function chunkedPostNeverEnding(target: string): Promise<string> {
    return responseHead(server, (socket) => {
      socket.write(`POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = Buffer.alloc(65_536, 'x');
      for (let i = 0; i < 32 && !socket.destroyed; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    });
  }

  it.each(['/mcp', '/mcp?x', '/mcp?session=1&trace=abc'])(
    'answers a chunked body over 1 MiB to %s with 413 and Connection: close before the body ends',
    async (target) => {
      const head = await chunkedPostNeverEnding(target);
      expect(head).toMatch(/^HTTP\/1\.1 413 /);
      expect(head.toLowerCase()).toContain('connection: close');
      expect(head.toLowerCase()).toContain('content-type: application/problem+json');
    },
  );

  it('answers a JSON-RPC call to /mcp with a query string like /mcp', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_platform', arguments: { name: 'hw-one' } } });
    const plain = await http(server, '/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const withQuery = await http(server, '/mcp?utm_source=test', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(withQuery.status).toBe(200);
    expect(withQuery.json).toEqual(plain.json);
    expect(withQuery.json.result.structuredContent.slug).toBe('hw-one');
  });
});
