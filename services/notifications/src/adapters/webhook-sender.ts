import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { BlockedAddressError, guardedLookup, isBlockedLiteral } from './outbound-target.ts';

/** `Akhada-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's secret. */
export const signWebhook = (secret: string, timestamp: number, body: string): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export interface WebhookAttempt {
  /** The receiver's HTTP status, or null when there was no answer. */
  responseCode: number | null;
  ok: boolean;
  error: string | null;
}

/**
 * POSTs one signed delivery. The name is resolved by our own lookup, which refuses private and internal addresses
 * unless `allowPrivate` (development and tests): the check is on the address actually connected to, so a name that
 * resolves to 127.0.0.1 or the metadata service (or rebinds between checks) is refused too. Redirects are not followed.
 */
export const postWebhook = (o: {
  url: string;
  secret: string;
  body: string;
  deliveryId: string;
  eventType: string;
  now: Date;
  allowPrivate: boolean;
  timeoutMs: number;
}): Promise<WebhookAttempt> =>
  new Promise((resolve) => {
    const url = new URL(o.url);
    const timestamp = Math.floor(o.now.getTime() / 1000);
    const lookup = guardedLookup(o.allowPrivate);
    if (!o.allowPrivate && isBlockedLiteral(url.hostname)) {
      resolve({ responseCode: null, ok: false, error: 'The address is private or internal and may not be called' });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        timeout: o.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Akhada-Webhooks/1',
          'akhada-signature': signWebhook(o.secret, timestamp, o.body),
          'akhada-event': o.eventType,
          'akhada-delivery': o.deliveryId,
          'content-length': Buffer.byteLength(o.body),
        },
      },
      (res) => {
        res.resume();
        const code = res.statusCode ?? 0;
        res.on('end', () =>
          resolve({ responseCode: code, ok: code >= 200 && code < 300, error: code >= 200 && code < 300 ? null : `The receiver answered ${code}` }),
        );
        res.on('error', () => resolve({ responseCode: code, ok: false, error: 'The answer was cut off' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${Math.round(o.timeoutMs / 1000)} s`)));
    req.on('error', (err) => {
      const message =
        err instanceof BlockedAddressError
          ? 'The address is private or internal and may not be called'
          : (err as NodeJS.ErrnoException).code === 'ECONNREFUSED'
            ? 'The receiver refused the connection'
            : (err as NodeJS.ErrnoException).code === 'ENOTFOUND'
              ? 'The host name does not resolve'
              : err.message;
      resolve({ responseCode: null, ok: false, error: message });
    });
    req.end(o.body);
  });
