/**
 * Issue 40 over a real socket: a request that carries a body is answered without reading it
 * (only POST /mcp reads one) and its connection closed; MAX_CONNECTIONS closes the connections
 * past the cap as they arrive; HEAD of every error page answers its status without a body.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, http, startServer, type RunningServer } from './helpers.js';

let dist: string;
let server: RunningServer;
const others: RunningServer[] = [];
beforeAll(async () => {
  dist = await buildInto(FIXTURE_SOURCES);
  server = await startServer(dist, { rateLimit: { freePerMinute: 1000, keys: new Map() } });
});
afterAll(async () => {
  await Promise.all([server, ...others].map((s) => s.close()));
});

/** A connected socket to `target`. */
function open(target: RunningServer): Promise<Socket> {
  const { hostname, port } = new URL(target.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Writes `request` and resolves with the response head, or with null when the server closes the connection without answering. */
function exchange(socket: Socket, request: string): Promise<string | null> {
  return new Promise((resolve) => {
    let head = '';
    const onData = (data: Buffer) => {
      head += data.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      resolve(head);
    };
    socket.on('data', onData);
    socket.once('close', () => resolve(head || null));
    socket.once('error', () => undefined);
    socket.write(request);
  });
}

describe('a request that carries a body', () => {
  it.each([
    ['POST', '/v1/categories', 405],
    ['PUT', '/v1/compare?platforms=alpha-exchange,beta-exchange', 405],
    ['POST', '/nope', 404],
    ['POST', '/healthz', 405],
    ['GET', '/v1/categories', 200],
  ])('%s %s is answered %d before its body is sent, and its connection closed', async (method, target, status) => {
    const socket = await open(server);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const head = await exchange(socket, `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500000\r\n\r\n`);
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head!.toLowerCase()).toContain('connection: close');
    await closed; // the server closes it: the 500,000 bytes are never read
  });

  it('keeps the connection of a request without a body open', async () => {
    const socket = await open(server);
    const head = await exchange(socket, 'GET /v1/categories HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(head!.toLowerCase()).toContain('connection: keep-alive');
    socket.destroy();
  });
});

describe('MAX_CONNECTIONS', () => {
  it('closes a connection past the cap without answering it, and serves the others', async () => {
    const capped = await startServer(dist, { maxConnections: 2 });
    others.push(capped);
    const [a, b] = [await open(capped), await open(capped)];
    expect(await exchange(a, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    expect(await exchange(b, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    const third = await open(capped);
    expect(await exchange(third, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')).toBeNull();
    expect(await exchange(a, 'GET /v1/categories HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    a.destroy();
    b.destroy();
  });
});

describe('HEAD of an error page', () => {
  it.each([
    ['/nope', '/nope', 404],
    ['/platforms/no-such-platform', '/platforms/no-such-platform', 404],
    ['/compare/alpha-exchange-vs-no-such-platform', '/compare/alpha-exchange-vs-no-such-platform', 404],
    ['/v1/nope', '/v1/nope', 404],
    ['/categories/nope?x=1', '/categories/nope?x=1', 404],
    ['/savings?balance=abc', '/savings?balance=abc', 400],
    ['a 5,000-character path', `/${'x'.repeat(5000)}`, 414],
  ])('HEAD %s with Accept: text/html answers its status with no body', async (_label, path, status) => {
    const res = await http(server, path, { method: 'HEAD', headers: { accept: 'text/html' } });
    expect(res.status).toBe(status);
    expect(res.text).toBe('');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const get = await http(server, path, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(get.text)));
  });
});
