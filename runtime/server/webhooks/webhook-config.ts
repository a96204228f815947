/**
 * Change webhooks for Business keys, registered in a configuration file (WEBHOOKS_FILE, JSON;
 * docs/webhooks.md) while plans are not on sale. Each webhook names the SHA-256 of a Business
 * API key (API_KEYS / API_KEYS_FILE), a public http(s) URL, a Standard Webhooks secret
 * (`whsec_` + base64, at least 24 bytes) and the change kinds (and optionally categories) it wants.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CATEGORY_IDS } from '../../domain/contract/categories.js';
import { CHANGE_KINDS } from '../../domain/contract/history-schemas.js';
import type { PlanName } from '../../domain/contract/plans.js';

/**
 * Default waits before the second, third, ... attempt of a delivery, ms: 5 s, 30 s, 2 min, 10 min,
 * 30 min, 1 h, 2 h (about 3 h 43 min in all, then the delivery is given up). The Standard
 * Webhooks guidance is exponential backoff over hours; a receiver down longer reads GET /v1/changes.
 */
const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000];

const secret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+=*$/, { message: 'expected whsec_ followed by base64 (Standard Webhooks secret)' })
  .refine((s) => Buffer.from(s.slice('whsec_'.length), 'base64').length >= 24, { message: 'the secret must hold at least 24 random bytes' });

const WebhookSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { message: 'lowercase letters, digits and hyphens, at most 63' }),
  api_key_sha256: z.string().regex(/^[0-9a-f]{64}$/, { message: 'the SHA-256 hex digest of a Business API key' }),
  url: z.url({ protocol: /^https?$/, message: 'an absolute http(s) URL' }),
  secret,
  kinds: z.array(z.enum(CHANGE_KINDS)).min(1).optional(),
  categories: z.array(z.enum(CATEGORY_IDS)).min(1).optional(),
});
export type WebhookTarget = z.infer<typeof WebhookSchema>;

const WebhooksFileSchema = z.strictObject({
  webhooks: z.array(WebhookSchema),
  retry_delays_ms: z.array(z.number().int().min(1).max(86_400_000)).min(1).max(20).optional(),
  request_timeout_ms: z.number().int().min(100).max(60_000).optional(),
  allow_private_networks: z
    .boolean()
    .optional()
    .meta({ description: 'Deliver to loopback, private and link-local addresses too: for a local test receiver only, never in production' }),
});

/** The webhooks a runtime delivers to, and how. */
export interface WebhookSettings {
  targets: WebhookTarget[];
  retryDelaysMs: number[];
  requestTimeoutMs: number;
  allowPrivateNetworks: boolean;
}

/**
 * Where a JSON syntax error is, without any of the text: V8's message quotes the text around the
 * error, which in this file may be a secret (issue 40: a broken file printed part of one at start).
 */
function jsonErrorWithoutText(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const at = /position \d+(?: \(line \d+ column \d+\))?/.exec(message)?.[0];
  return `not valid JSON${at ? ` (at ${at})` : ''}; the file's text is not shown, as it holds secrets`;
}

/**
 * Reads and checks the webhooks file.
 * @param keys the configured API keys (SHA-256 -> plan)
 * @throws Error naming the file and each bad field, or a webhook whose key is not a configured Business key
 */
export function loadWebhookSettings(file: string, keys: ReadonlyMap<string, Exclude<PlanName, 'free'>>): WebhookSettings {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`WEBHOOKS_FILE ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`WEBHOOKS_FILE ${file}: ${jsonErrorWithoutText(error)}`);
  }
  const parsed = WebhooksFileSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`WEBHOOKS_FILE ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
  const ids = new Set<string>();
  for (const [i, w] of parsed.data.webhooks.entries()) {
    if (keys.get(w.api_key_sha256) !== 'business')
      throw new Error(`WEBHOOKS_FILE ${file}: webhooks.${i}.api_key_sha256: not a configured Business key (webhooks are a Business plan feature)`);
    if (ids.has(w.id)) throw new Error(`WEBHOOKS_FILE ${file}: webhooks.${i}.id: "${w.id}" is used twice`);
    ids.add(w.id);
  }
  return {
    // stored as validated, normalised (scheme and host in lower case: `HTTPS://` passed the check and then crashed the delivery, issue 40)
    targets: parsed.data.webhooks.map((w) => ({ ...w, url: new URL(w.url).href })),
    retryDelaysMs: parsed.data.retry_delays_ms ?? DEFAULT_RETRY_DELAYS_MS,
    requestTimeoutMs: parsed.data.request_timeout_ms ?? 10_000,
    allowPrivateNetworks: parsed.data.allow_private_networks ?? false,
  };
}
