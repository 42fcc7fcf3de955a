import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which peers may set X-Forwarded-For for a service: only the gateway's own addresses (TRUSTED_GATEWAYS: IPs, CIDRs
 * or host names, comma-separated; default 127.0.0.1). Anyone else who reaches a service port gets its socket address
 * as `req.ip`, whatever headers it sends, so per-address limits cannot be dodged by picking an address.
 */
export interface TrustedGateways {
  /** Fastify's `trustProxy` function. */
  trust(address: string, hop: number): boolean;
  /** Resolves the host names among the entries (called before the app is ready; again to follow a moved gateway). */
  resolve(): Promise<void>;
  /** Whether any entry is a host name (then createService re-resolves every RESOLVE_EVERY_MS). */
  hasHostNames: boolean;
}

/** A gateway container may start after the service or move: host names are looked up again this often. */
export const RESOLVE_EVERY_MS = 30_000;

const unmapped = (address: string) => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

export const trustedGateways = (spec: string): TrustedGateways => {
  const list = new BlockList();
  const hosts: string[] = [];
  let resolved = new Set<string>();
  for (const raw of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [net, prefix] = raw.split('/');
    const family = isIP(net ?? '');
    if (family && prefix !== undefined) list.addSubnet(net!, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    else if (family) list.addAddress(net!, family === 4 ? 'ipv4' : 'ipv6');
    else hosts.push(raw);
  }
  return {
    hasHostNames: hosts.length > 0,
    trust(address) {
      if (!address) return false;
      const a = unmapped(address);
      const family = isIP(a);
      if (!family) return false;
      return list.check(a, family === 4 ? 'ipv4' : 'ipv6') || resolved.has(a);
    },
    async resolve() {
      if (hosts.length === 0) return;
      const found = await Promise.all(hosts.map((h) => lookup(h, { all: true }).catch(() => [])));
      resolved = new Set(found.flat().map((f) => unmapped(f.address)));
    },
  };
};
