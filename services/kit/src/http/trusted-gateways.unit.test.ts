import { describe, expect, it } from 'vitest';
import { trustedGateways } from './trusted-gateways.ts';

describe('trusted gateways (finding 7)', () => {
  it('trusts exactly the listed addresses and networks, IPv4-mapped forms included', () => {
    const t = trustedGateways('127.0.0.1, 10.20.0.0/16, fd00::1');
    expect(t.trust('127.0.0.1', 0)).toBe(true);
    expect(t.trust('::ffff:127.0.0.1', 0)).toBe(true);
    expect(t.trust('10.20.3.4', 0)).toBe(true);
    expect(t.trust('fd00::1', 0)).toBe(true);
    for (const other of ['127.0.0.2', '10.21.0.1', '192.168.1.1', '::1', 'fd00::2', '', 'not-an-ip']) expect(t.trust(other, 0), other).toBe(false);
    expect(t.hasHostNames).toBe(false);
  });
});
