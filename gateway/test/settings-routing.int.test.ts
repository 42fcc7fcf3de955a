// /settings/notifications is answered by notifications, every other /settings path by auth: the more specific prefix wins.
import { createLogger, type TokenVerifier } from '@akhada/kit';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/build-app.ts';
import { routeTable } from '../src/route-table.ts';

const verifier: TokenVerifier = {
  verify: async () => ({ sub: 'u', org: 'o', role: 'owner', locs: [], sid: 's', name: 'n', iat: 0, exp: 0 }) as never,
};

let app: FastifyInstance;
const servers: Server[] = [];
const tagged = async (tag: string): Promise<number> => {
  const s = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tag, url: req.url })));
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
};

beforeAll(async () => {
  const auth = await tagged('auth');
  const notifications = await tagged('notifications');
  app = await buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    verifier,
    routes: routeTable({ AUTH_URL: `http://127.0.0.1:${auth}`, NOTIFICATIONS_URL: `http://127.0.0.1:${notifications}` }),
    authRateLimitPerMinute: 1000,
    rateLimitPerMinute: 1000,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

describe('gateway: /settings split between auth and notifications', () => {
  it.each([
    ['GET', '/api/settings/notifications', 'notifications', '/settings/notifications'],
    ['PUT', '/api/settings/notifications', 'notifications', '/settings/notifications'],
    ['GET', '/api/settings/plan', 'auth', '/settings/plan'],
  ] as const)('%s %s → %s', async (method, url, tag, upstreamUrl) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      payload: method === 'PUT' ? '{}' : undefined,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tag, url: upstreamUrl });
  });
});
