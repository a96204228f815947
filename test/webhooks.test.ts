/**
 * Change webhooks end to end (docs/webhooks.md): a runtime serving a dist built from a throwaway
 * git repository reloads a dist with a new commit and delivers the change, signed per Standard
 * Webhooks, to a real receiving HTTP server that fails twice before accepting; a runtime that
 * may not reach private addresses refuses the same receiver; bad configuration is refused at start.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningRuntime } from '../runtime/server/server.js';
import { createLogger } from '../runtime/server/log.js';
import { serveOptionsFromEnv } from '../runtime/server/config.js';
import { loadServed } from '../runtime/server/served.js';
import type { DeliveryEvent } from '../runtime/server/webhooks/webhook-dispatcher.js';
import type { WebhookSettings, WebhookTarget } from '../runtime/server/webhooks/webhook-config.js';
import { runCli, tempDir } from './helpers.js';
import { newSourceRepo, type SourceRepo } from './source-repo.js';

const EPOCH = String(Date.UTC(2026, 7, 1) / 1000);
const SECRET = `whsec_${Buffer.from('a test secret of 32 bytes, ok!!!').toString('base64')}`;
const KEY = 'business-key-for-the-webhook-test';
const KEY_SHA256 = createHash('sha256').update(KEY).digest('hex');

/** A receiver that answers 500 to its first `failures` requests, then verifies the signature and answers 204. */
function flakyReceiver(failures: number) {
  const received: Array<{ headers: IncomingHttpHeaders; body: string; verified: unknown }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (received.length < failures) {
        received.push({ headers: req.headers, body, verified: null });
        return void res.writeHead(500).end('not yet');
      }
      let verified: unknown = null;
      try {
        verified = new Webhook(SECRET).verify(body, req.headers as Record<string, string>);
      } catch (error) {
        verified = { error: String(error) };
      }
      received.push({ headers: req.headers, body, verified });
      res.writeHead(204).end();
    });
  });
  return { server, received };
}

let source: SourceRepo;
let dist: string;
const receiver = flakyReceiver(2);
let receiverUrl: string;
const runtimes: RunningRuntime[] = [];

/** Serves the dist with one webhook (`acme`, the Business key, SECRET) and the given delivery settings. */
async function serveWithWebhook(target: Partial<WebhookTarget> & { url: string }, settings: Omit<WebhookSettings, 'targets'>): Promise<RunningRuntime> {
  const runtime = await serve({
    distDir: dist,
    port: 0,
    hostname: '127.0.0.1',
    rateLimit: { freePerMinute: 0, keys: new Map([[KEY_SHA256, 'business']]) },
    trustProxy: 0,
    logger: createLogger('silent'),
    metrics: { port: 0, hostname: '127.0.0.1' },
    webhooks: { targets: [{ id: 'acme', api_key_sha256: KEY_SHA256, secret: SECRET, ...target }], ...settings },
  });
  runtimes.push(runtime);
  return runtime;
}

const start = (allowPrivateNetworks: boolean) =>
  serveWithWebhook(
    { url: receiverUrl, kinds: ['fact_changed', 'fact_corrected'], categories: ['high-yield-savings'] },
    { retryDelaysMs: [10, 10, 10], requestTimeoutMs: 5000, allowPrivateNetworks },
  );

beforeAll(async () => {
  receiver.server.listen(0, '127.0.0.1');
  await once(receiver.server, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks/ocd`;
  source = await newSourceRepo('webhook-repo', '2026-06-30T10:00:00Z');
  dist = path.join(await tempDir('webhook-dist'), 'dist');
  const built = await runCli(['build', '--sources', source.sources, '--dist', dist], { SOURCE_DATE_EPOCH: EPOCH, HISTORY_CACHE_DIR: 'none' });
  if (built.code !== 0) throw new Error(built.stderr);
}, 60_000);

afterAll(async () => {
  for (const r of runtimes) await r.close();
  receiver.server.close();
});

describe('change webhooks', () => {
  it('delivers the changes a reload brings, signed, retrying a receiver that fails twice; refuses a private address unless allowed', async () => {
    const allowed = await start(true);
    const guarded = await start(false);
    const events: Array<[string, DeliveryEvent]> = [];
    for (const kind of ['retrying', 'delivered', 'gave-up', 'refused']) allowed.webhooks!.on(kind, (e: DeliveryEvent) => events.push([kind, e]));
    const delivered = once(allowed.webhooks!, 'delivered');
    const refused = once(guarded.webhooks!, 'refused');

    // a new commit: Save One's APY changes in the world; Beta's exchange fee is not what the webhook asked for
    await source.edit('platforms/high-yield-savings/save-one.yaml', 'apy_pct: 4.0 }], as_of: 2026-06-30', 'apy_pct: 3.6 }], as_of: 2026-07-10');
    await source.edit('platforms/high-yield-savings/save-one.yaml', 'as_of: 2026-06-30\nfacts:', 'as_of: 2026-07-10\nfacts:');
    const commit = await source.commit('Save One APY 4.0 -> 3.6', '2026-07-11T09:00:00Z');
    const rebuilt = await runCli(['build', '--sources', source.sources, '--dist', dist], { SOURCE_DATE_EPOCH: EPOCH, HISTORY_CACHE_DIR: 'none' });
    expect(rebuilt.code).toBe(0);
    await Promise.all([allowed.reload(), guarded.reload()]);

    const [done] = (await delivered) as [DeliveryEvent];
    expect(done).toMatchObject({ target: 'acme', attempts: 3, status: 204, error: null });
    expect(events.map(([kind, e]) => [kind, e.attempts, e.status])).toEqual([
      ['retrying', 1, 500],
      ['retrying', 2, 500],
      ['delivered', 3, 204],
    ]);

    // three attempts of one message: the same id and body each time, the last one verified by the receiver
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(receiver.received[0]!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const message = receiver.received[2]!.verified as any;
    expect(message.type).toBe('data.changed');
    expect(message.data).toMatchObject({ webhook: 'acme', commits: [commit], count: 1 });
    expect(message.data.changes).toEqual([
      expect.objectContaining({
        kind: 'fact_changed',
        slug: 'save-one',
        field: 'facts.apy.tiers.0.apy_pct',
        old_value: 4,
        new_value: 3.6,
        new_as_of: '2026-07-10',
        commit,
      }),
    ]);
    // a signature made with another secret does not verify
    const forged = new Webhook(`whsec_${Buffer.from('another secret, also 32 bytes!!!').toString('base64')}`);
    expect(() => forged.verify(receiver.received[2]!.body, receiver.received[2]!.headers as Record<string, string>)).toThrow();

    // the runtime without the allowance never connected to the loopback receiver
    const [refusal] = (await refused) as [DeliveryEvent];
    expect(refusal).toMatchObject({ target: 'acme', attempts: 1, status: null });
    expect(refusal.error).toContain('is not allowed');
    expect(receiver.received).toHaveLength(3);

    // each delivery event is counted on /metrics, by outcome
    const webhookCounts = async (runtime: RunningRuntime) =>
      (await (await fetch(`${runtime.metricsListener!.url}metrics`)).text()).split('\n').filter((l) => l.startsWith('ocd_webhook_events_total{'));
    expect(await webhookCounts(allowed)).toEqual(['ocd_webhook_events_total{outcome="retrying"} 2', 'ocd_webhook_events_total{outcome="delivered"} 1']);
    expect(await webhookCounts(guarded)).toEqual(['ocd_webhook_events_total{outcome="refused"} 1']);

    // the same dist again brings no new commit: no message
    const current = (await loadServed(dist)).model;
    expect(await allowed.webhooks!.changed(current, current)).toBe(0);
  });

  it('refuses at start a webhook whose key is not a Business key, and a bad URL or secret, naming the field', async () => {
    const dir = await tempDir('webhook-config');
    const file = path.join(dir, 'webhooks.json');
    const target = { id: 'acme', api_key_sha256: KEY_SHA256, url: 'https://hooks.example.org/ocd', secret: SECRET };
    const options = (env: Record<string, string>) => () => serveOptionsFromEnv({ WEBHOOKS_FILE: file, ...env }, dist, createLogger('silent'));
    await writeFile(file, JSON.stringify({ webhooks: [target] }));
    expect(options({ API_KEYS: `${KEY_SHA256}:developer` })).toThrow(
      `WEBHOOKS_FILE ${file}: webhooks.0.api_key_sha256: not a configured Business key (webhooks are a Business plan feature)`,
    );
    expect(options({ API_KEYS: `${KEY_SHA256}:business` })().webhooks?.targets).toEqual([target]);
    await writeFile(file, JSON.stringify({ webhooks: [{ ...target, url: 'ftp://hooks.example.org', secret: 'whsec_c2hvcnQ=' }] }));
    expect(options({ API_KEYS: `${KEY_SHA256}:business` })).toThrow(
      /webhooks\.0\.url: an absolute http\(s\) URL; webhooks\.0\.secret: the secret must hold at least 24 random bytes/,
    );
    // stored as validated, normalised: an upper-case scheme and host
    await writeFile(file, JSON.stringify({ webhooks: [{ ...target, url: 'HTTPS://Hooks.Example.ORG/ocd' }] }));
    expect(options({ API_KEYS: `${KEY_SHA256}:business` })().webhooks?.targets[0]?.url).toBe('https://hooks.example.org/ocd');
  });

  it('never prints any part of a secret for a broken webhooks file', async () => {
    const file = path.join(await tempDir('webhook-config'), 'webhooks.json');
    const secretText = SECRET.slice('whsec_'.length);
    await writeFile(file, `{"webhooks": [{"id": "acme", "secret": ${SECRET}}]}`); // the secret not quoted: V8 quotes the text around it
    let message = '';
    try {
      serveOptionsFromEnv({ WEBHOOKS_FILE: file, API_KEYS: `${KEY_SHA256}:business` }, dist, createLogger('silent'));
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain(`WEBHOOKS_FILE ${file}: not valid JSON`);
    for (let i = 0; i + 6 <= secretText.length; i++) expect(message).not.toContain(secretText.slice(i, i + 6));
    expect(message).not.toContain('whsec_');
  });
});

describe('a delivery', () => {
  /** Serves the dist with one webhook to `url` and queues a message for every change the dist lists (as if the build before had none). */
  async function deliverTo(url: string, settings: { requestTimeoutMs: number; allowPrivateNetworks: boolean }) {
    const runtime = await serveWithWebhook({ url }, { retryDelaysMs: [], ...settings });
    const current = (await loadServed(dist)).model;
    const ended = Promise.race(
      ['delivered', 'gave-up', 'refused'].map(async (kind) => [kind, ((await once(runtime.webhooks!, kind)) as [DeliveryEvent])[0]] as const),
    );
    expect(await runtime.webhooks!.changed({ ...current, changes: [] }, current)).toBe(1);
    return ended;
  }

  it('is not held past its deadline by a receiver that sends 102 Processing forever', async () => {
    const stalling = createServer((req, res) => {
      const interim = setInterval(() => res.writeProcessing(), 20);
      req.socket.once('close', () => clearInterval(interim));
    });
    stalling.listen(0, '127.0.0.1');
    await once(stalling, 'listening');
    try {
      const [kind, event] = await deliverTo(`http://127.0.0.1:${(stalling.address() as AddressInfo).port}/hooks`, {
        requestTimeoutMs: 200,
        allowPrivateNetworks: true,
      });
      expect(kind).toBe('gave-up');
      expect(event).toMatchObject({ attempts: 1, status: null, error: 'no complete answer within 200 ms' });
    } finally {
      stalling.closeAllConnections();
      stalling.close();
    }
  });

  it('to a URL with an upper-case scheme is attempted like any other (it crashed the process)', async () => {
    const [kind, event] = await deliverTo(`HTTPS://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks`, {
      requestTimeoutMs: 5000,
      allowPrivateNetworks: false,
    });
    expect(kind).toBe('refused');
    expect(event.error).toContain('is not allowed');
  });
});
