import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Addresses a webhook may not reach in production: loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved. */
const BLOCKED = (() => {
  const list = new net.BlockList();
  for (const [a, p] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(a, p, 'ipv4');
  for (const [a, p] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(a, p, 'ipv6');
  return list;
})();

export const isBlockedAddress = (address: string): boolean => {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  return BLOCKED.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
};

/** `Akhada-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's secret. */
export const signWebhook = (secret: string, timestamp: number, body: string): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export interface WebhookAttempt {
  /** The receiver's HTTP status, or null when there was no answer. */
  responseCode: number | null;
  ok: boolean;
  error: string | null;
}

export class BlockedAddressError extends Error {}

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
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: false }, (err, address, family) => {
        if (err) return callback(err, address, family);
        if (!o.allowPrivate && isBlockedAddress(address))
          return callback(new BlockedAddressError(`${hostname} resolves to a private or internal address`), address, family);
        callback(null, address, family);
      });
    };
    const hostIsIp = net.isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
    if (hostIsIp && !o.allowPrivate && isBlockedAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
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
