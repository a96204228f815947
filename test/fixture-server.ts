/**
 * The fixture sources built and served over a real socket for the tests of one file: the
 * beforeAll and afterAll of the API, MCP and site tests that share one server.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { buildInto, FIXTURE_SOURCES, http, startServer, type RunningServer } from './helpers.js';
import { openApiValidator } from './openapi-checker.js';

/** The published address of the fixtures (their site.yaml), which every absolute URL they answer names. */
export const BASE = 'http://localhost:3000';

/**
 * Builds the fixture sources into a new dist and serves it for the tests of the calling file
 * (beforeAll), closing it after them (afterAll). The server is filled in by beforeAll: its url, close and dist.
 */
export function serveFixtures(): RunningServer {
  const server = {} as RunningServer;
  beforeAll(async () => {
    Object.assign(server, await startServer(await buildInto(FIXTURE_SOURCES)));
  });
  afterAll(() => server.close?.());
  return server;
}

/**
 * serveFixtures, with `get`: GETs a path, checks the body against the OpenAPI schema of its
 * operation and status, and returns it.
 */
export function serveFixtureApi() {
  const server = serveFixtures();
  let validate: Awaited<ReturnType<typeof openApiValidator>>;
  beforeAll(async () => {
    validate = await openApiValidator(server.dist!);
  });

  /** GET a path, check the body against the OpenAPI schema of its operation and status, return it. */
  async function get(path: string, template: string, status = 200) {
    const res = await http(server, path);
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get('content-type')).toBe(status === 200 ? 'application/json; charset=utf-8' : 'application/problem+json');
    expect(validate(template, status, res.json)).toEqual([]);
    return res.json;
  }

  return { server, get };
}

/**
 * Builds the fixture sources once for the tests of the calling file (beforeAll) and returns a
 * function that serves that dist with the options a test gives; every server is closed after them (afterAll).
 */
export function fixtureServers(): (options?: Parameters<typeof startServer>[1]) => Promise<RunningServer> {
  let dist: string;
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    dist = await buildInto(FIXTURE_SOURCES);
  });
  afterAll(() => Promise.all(servers.map((s) => s.close())));
  return async (options) => {
    const server = await startServer(dist, options);
    servers.push(server);
    return server;
  };
}
