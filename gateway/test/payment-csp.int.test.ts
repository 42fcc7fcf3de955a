// The CSP lets the payment provider's Checkout in (script, API calls, frames) only from the configured origins.
import { createLogger, type TokenVerifier } from '@akhada/kit';
import { describe, expect, it } from 'vitest';
import { buildGateway } from '../src/build-app.ts';
import { loadGatewayConfig } from '../src/config.ts';
import { routeTable } from '../src/route-table.ts';

const verifier: TokenVerifier = {
  verify: async () => {
    throw Object.assign(new Error('no'), { status: 401, code: 'UNAUTHENTICATED' });
  },
};

const cspOf = async (paymentCheckoutOrigins?: string[]) => {
  const app = await buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    verifier,
    routes: routeTable({}),
    ...(paymentCheckoutOrigins ? { paymentCheckoutOrigins } : {}),
  });
  try {
    const res = await app.inject({ method: 'GET', url: '/health' });
    return Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[]>;
  } finally {
    await app.close();
  }
};

describe('payment checkout in the CSP', () => {
  it('allows the configured checkout origin for scripts, connections and frames, and nothing else new', async () => {
    const csp = await cspOf(['http://127.0.0.1:12526']);
    expect(csp['script-src']).toContain('http://127.0.0.1:12526');
    expect(csp['connect-src']).toContain('http://127.0.0.1:12526');
    expect(csp['frame-src']).toEqual(["'self'", 'http://127.0.0.1:12526']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('allows no outside origin when none is configured; production defaults to Razorpay’s own', async () => {
    const csp = await cspOf();
    expect(csp['script-src']!.some((v) => v.startsWith('http'))).toBe(false);
    expect(csp['frame-src']).toEqual(["'self'"]);
    const config = loadGatewayConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://akhada.in' });
    expect(config.PAYMENT_CHECKOUT_ORIGINS.split(',')).toContain('https://checkout.razorpay.com');
  });
});
