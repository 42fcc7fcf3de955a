import dns from 'node:dns';
import net from 'node:net';

/**
 * Where the service may connect on an organization's behalf (its webhooks, its own mail server). In production a
 * target on a loopback, private, link-local (cloud metadata), CGNAT, multicast or reserved address is refused, and is
 * checked on the address actually connected to (a name that resolves to 127.0.0.1, or rebinds between checks, is
 * refused too). `allowPrivate` (development and tests) lets the local stand-ins through.
 */
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

/** A host given as an address literal (`[::1]` too) that is refused; a name is checked when it resolves. */
export const isBlockedLiteral = (host: string): boolean => {
  const bare = host.replace(/^\[|\]$/g, '');
  return net.isIP(bare) !== 0 && isBlockedAddress(bare);
};

export class BlockedAddressError extends Error {}

/** A `lookup` for http(s).request and net.connect that refuses a name resolving to a blocked address (unless allowPrivate). */
export const guardedLookup =
  (allowPrivate: boolean): net.LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: false }, (err, address, family) => {
      if (err) return callback(err, address, family);
      if (!allowPrivate && isBlockedAddress(address))
        return callback(new BlockedAddressError(`${hostname} resolves to a private or internal address`), address, family);
      callback(null, address, family);
    });
  };

/** The ports an organization's mail server may be on in production: SMTP, SMTPS, submission and the common alternative. */
export const MAIL_PORTS: readonly number[] = [25, 465, 587, 2525];

/**
 * A TCP connection to an organization's mail server: in production only to a mail port on a public address (the name
 * is resolved here and the checked address is the one connected to). Refused targets fail before any packet is sent.
 */
export const connectMailServer = (o: { host: string; port: number; allowPrivate: boolean; timeoutMs: number }): Promise<net.Socket> =>
  new Promise((resolve, reject) => {
    if (!o.allowPrivate && !MAIL_PORTS.includes(o.port)) {
      reject(new BlockedAddressError(`Port ${o.port} is not a mail port`));
      return;
    }
    if (!o.allowPrivate && isBlockedLiteral(o.host)) {
      reject(new BlockedAddressError(`${o.host} is a private or internal address`));
      return;
    }
    const socket = net.connect({ host: o.host.replace(/^\[|\]$/g, ''), port: o.port, lookup: guardedLookup(o.allowPrivate), autoSelectFamily: false });
    socket.setTimeout(o.timeoutMs, () => socket.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })));
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
