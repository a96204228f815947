/**
 * Host and Origin validation against DNS rebinding (runtime/server/http/host-check.ts, README
 * "Configuration"): requests over a real socket with the Host and Origin headers a rebinding page
 * would send, to a server on loopback, to one bound to every interface, and with ALLOWED_HOSTS.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInto, FIXTURE_SOURCES, startServer, type RunningServer } from './helpers.js';
import { documentChecker } from './openapi-checker.js';
import { serveOptionsFromEnv } from '../runtime/server/config.js';
import { createLogger } from '../runtime/server/log.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: any;
}

/** A request with the given headers (Host included: fetch does not let a caller set it). */
function send(url: string, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const TOOLS_CALL = JSON.stringify({ jsonrpc: '2.0', id: 41, method: 'tools/call', params: { name: 'list_categories', arguments: {} } });
const mcp = (url: string, headers: Record<string, string>) => send(url, '/mcp', { 'content-type': 'application/json', ...headers }, 'POST', TOOLS_CALL);

let dist: string;
const servers: RunningServer[] = [];
beforeAll(async () => {
  dist = await buildInto(FIXTURE_SOURCES, { BASE_URL: 'https://data.example.org' });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('a server bound to loopback', () => {
  let url: string;
  beforeAll(async () => {
    const server = await startServer(dist);
    servers.push(server);
    url = server.url;
  });

  it.each(['localhost', '127.0.0.1', '[::1]', 'data.example.org', 'LOCALHOST:8080'])('answers Host %s', async (host) => {
    expect((await send(url, '/v1/categories', { host })).status).toBe(200);
    expect((await mcp(url, { host, origin: `http://${host}` })).status).toBe(200);
  });

  it('refuses a REST request for Host evil.example with 403 problem+json naming the header, as openapi.json documents', async () => {
    const res = await send(url, '/v1/categories', { host: 'evil.example:3000' });
    expect(res.status).toBe(403);
    const check = await documentChecker(dist);
    expect(check('GET', '/v1/categories', { status: res.status, headers: new Headers(res.headers as Record<string, string>), json: res.json })).toEqual([]);
    const mcpRefusal = await mcp(url, { host: 'evil.example' });
    expect(
      check('POST', '/mcp', { status: mcpRefusal.status, headers: new Headers(mcpRefusal.headers as Record<string, string>), json: mcpRefusal.json }),
    ).toEqual([]);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.json).toMatchObject({ status: 403, title: 'Host not allowed', type: 'https://data.example.org/problems/host-not-allowed' });
    expect(res.json.detail).toContain('The Host header names "evil.example"');
    expect(res.json.detail).toContain('localhost, 127.0.0.1, [::1]');
  });

  it('refuses /mcp for a rebinding Host or Origin with a 403 JSON-RPC error naming the header, before reading the body', async () => {
    const byHost = await mcp(url, { host: 'evil.example', origin: 'http://evil.example' });
    expect(byHost.status).toBe(403);
    expect(byHost.headers.connection).toBe('close');
    expect(byHost.json).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: expect.stringContaining('The Host header names "evil.example"') },
    });
    const byOrigin = await mcp(url, { host: '127.0.0.1', origin: 'http://evil.example:8000' });
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.json.error.message).toContain('The Origin header names "evil.example"');
    const nullOrigin = await mcp(url, { host: '127.0.0.1', origin: 'null' });
    expect(nullOrigin.json.error.message).toContain('The Origin header names "null"');
  });

  it('lets a REST request from a page of another origin through (CORS-open public data)', async () => {
    const res = await send(url, '/v1/categories', { host: '127.0.0.1', origin: 'https://someone-else.example' });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('a server bound to every interface', () => {
  let url: string;
  beforeAll(async () => {
    const options = serveOptionsFromEnv({ HOST: '0.0.0.0', PORT: '0', ALLOWED_HOSTS: 'api.example.net, 10.0.0.5' }, dist, createLogger('silent'));
    const server = await startServer(dist, { hostname: options.hostname, allowedHosts: options.allowedHosts! });
    servers.push(server);
    url = server.url;
  });

  it('answers the BASE_URL host and the ALLOWED_HOSTS names, and refuses loopback names and others', async () => {
    expect((await send(url, '/v1/categories', { host: 'data.example.org' })).status).toBe(200);
    expect((await send(url, '/v1/categories', { host: 'api.example.net:443' })).status).toBe(200);
    expect((await mcp(url, { host: '10.0.0.5', origin: 'https://api.example.net' })).status).toBe(200);
    const loopback = await send(url, '/v1/categories', { host: 'localhost:3000' });
    expect(loopback.status).toBe(403);
    expect(loopback.json.detail).toContain('allowed hosts: data.example.org, api.example.net, 10.0.0.5');
    expect((await mcp(url, { host: 'evil.example' })).status).toBe(403);
  });

  it('still answers the probes under any Host (orchestrators probe by address)', async () => {
    expect((await send(url, '/healthz', { host: '172.17.0.2:8080' })).status).toBe(200);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('refuses a value that is not a host name, naming the variable', () => {
    expect(() => serveOptionsFromEnv({ ALLOWED_HOSTS: 'https://api.example.net' }, dist, createLogger('silent'))).toThrow(
      /ALLOWED_HOSTS must be comma-separated host names/,
    );
  });
});
