/**
 * One delivery attempt: the message signed per the Standard Webhooks specification (the
 * `standardwebhooks` library: webhook-id, webhook-timestamp, webhook-signature headers), POSTed
 * over node:http(s) through request-filtering-agent, which refuses to connect to loopback,
 * private, link-local and other non-public addresses after DNS resolution (no server-side request
 * forgery, DNS rebinding included), unless the configuration allows private networks (local tests).
 */
import { request as httpRequest, type Agent as HttpAgent, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { useAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';

/** What an attempt came to: delivered (2xx), failed (worth another attempt), or refused for good. */
export type AttemptResult =
  | { outcome: 'delivered'; status: number }
  | { outcome: 'failed'; status: number | null; error: string }
  | { outcome: 'refused'; status: number | null; error: string };

export interface SendOptions {
  secret: string;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** The time the signature states (webhook-timestamp). */
  now: Date;
}

/** Largest answer body read from a receiver, bytes (the rest is discarded). */
const MAX_ANSWER_BYTES = 4096;

/**
 * POSTs one signed message to `url`. Never throws: a network error, a timeout or a non-2xx status
 * is a failure to retry; 410 Gone and an address the filter refuses are refusals (no retry).
 * `timeoutMs` is an absolute deadline for the whole attempt, from the request to the end of the
 * answer: interim answers (a receiver sending `102 Processing` every second) or a trickled body
 * do not extend it (issue 40).
 */
export function sendSigned(url: string, id: string, payload: string, options: SendOptions): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const deadline = setTimeout(() => {
      req?.destroy(new Error(`no complete answer within ${options.timeoutMs} ms`));
      settle({ outcome: 'failed', status: null, error: `no complete answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    deadline.unref();
    let req: ClientRequest | undefined;
    try {
      const signature = new Webhook(options.secret).sign(id, options.now, payload);
      const target = new URL(url);
      const agent = options.allowPrivateNetworks ? undefined : (useAgent(target.href) as HttpAgent);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      req = send(
        target,
        {
          method: 'POST',
          ...(agent && { agent }),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'user-agent': 'open-comparison-data-webhooks/1',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(options.now.getTime() / 1000)),
            'webhook-signature': signature,
          },
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) res.destroy();
          });
          res.on('error', () => undefined); // the status is known: 'close' settles
          res.on('close', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) settle({ outcome: 'delivered', status });
            else if (status === 410) settle({ outcome: 'refused', status, error: 'the receiver answered 410 Gone' });
            else settle({ outcome: 'failed', status, error: `the receiver answered ${status}` });
          });
        },
      );
      req.on('error', (error) => {
        // request-filtering-agent's refusal: "DNS lookup <address>(...) is not allowed. Because, It is private IP address."
        const refused = !options.allowPrivateNetworks && /^DNS lookup .* is not allowed/.test(error.message);
        settle({ outcome: refused ? 'refused' : 'failed', status: null, error: error.message });
      });
      req.end(payload);
    } catch (error) {
      // thrown before the request went out (e.g. an agent of the wrong protocol): a failure like any other
      req?.destroy();
      settle({ outcome: 'failed', status: null, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
