// The gateway's own behaviour, with a stand-in upstream: forwarded headers, rate limits, the edge token check and the
// answers for a service that is down or an address that tries to choose its own IP.
import { ErrorBody } from '@akhada/contracts';
import { createLogger, type TokenVerifier } from '@akhada/kit';
import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/build-app.ts';
import { routeTable } from '../src/route-table.ts';

const GOOD = 'good-token';
const verifier: TokenVerifier = {
  verify: async (token) => {
    if (token !== GOOD) throw Object.assign(new Error('Your session is not valid. Please sign in again.'), { status: 401, code: 'UNAUTHENTICATED' });
    return { sub: 'u', org: 'o', role: 'owner', locs: [], sid: 's', name: 'n', iat: 0, exp: 0 } as never;
  },
};

let app: FastifyInstance;
let upstream: Server;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const port = (upstream.address() as AddressInfo).port;
  app = await buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    verifier,
    // members and auth answer; trainers points at a closed port.
    routes: routeTable({ MEMBERS_URL: `http://127.0.0.1:${port}`, AUTH_URL: `http://127.0.0.1:${port}`, TRAINERS_URL: 'http://127.0.0.1:9' }),
    authRateLimitPerMinute: 5,
    rateLimitPerMinute: 1000,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await new Promise((r) => upstream?.close(r));
});

describe('gateway edge', () => {
  it('forwards to the owning service with a request id and the client address, and never trusts a client-sent address', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/members?limit=1',
      headers: { authorization: `Bearer ${GOOD}`, 'x-forwarded-for': '6.6.6.6' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    const last = seen.at(-1)!;
    expect(last.url).toBe('/members?limit=1');
    expect(last.headers['x-request-id']).toBe(res.headers['x-request-id']);
    expect(last.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('checks the bearer token before the request leaves the edge', async () => {
    const before = seen.length;
    const none = await app.inject({ method: 'GET', url: '/api/members' });
    const bad = await app.inject({ method: 'GET', url: '/api/members', headers: { authorization: 'Bearer forged' } });
    expect(none.statusCode).toBe(401);
    expect(bad.statusCode).toBe(401);
    expect(ErrorBody.parse(bad.json()).message).toMatch(/not valid/);
    expect(seen.length).toBe(before);
  });

  it('answers 503 with the error body at once when a service is down', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/trainers', headers: { authorization: `Bearer ${GOOD}` } });
    expect(res.statusCode).toBe(503);
    expect(ErrorBody.parse(res.json())).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('trainers') });
  });

  it('limits sign-in attempts per address with a clear 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.in', password: 'x' }, remoteAddress: '198.51.100.7' });
      codes.push(r.statusCode);
      if (r.statusCode === 429) expect(ErrorBody.parse(r.json()).message).toMatch(/Too many requests/);
    }
    expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429]);
    // Another address is not affected.
    const other = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.in', password: 'x' }, remoteAddress: '198.51.100.8' });
    expect(other.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
