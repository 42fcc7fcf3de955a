// Every 503 the gateway gives for a service it cannot reach tells the client when to try again (Retry-After, seconds)
// and carries the standard error body: a proxied route, a service with several instances all down, the real-time hub's
// long polling, the data export, and the edge's own sign-in check.
import { ErrorBody } from '@akhada/contracts';
import { createLogger, type TokenVerifier } from '@akhada/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/build-app.ts';
import { routeTable } from '../src/route-table.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../src/unavailable.ts';

// Nothing listens on these (the discard and echo ports): every connection is refused.
const DOWN = 'http://127.0.0.1:9';
const verifier: TokenVerifier = {
  verify: async (token) => {
    if (token === 'keys-unreachable') throw new Error('the signing keys could not be fetched');
    if (token !== 'good') throw Object.assign(new Error('Your session is not valid. Please sign in again.'), { status: 401, code: 'UNAUTHENTICATED' });
    return { sub: 'u', org: 'o', role: 'owner', locs: [], sid: 's', name: 'n', iat: 0, exp: 0 } as never;
  },
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    verifier,
    routes: routeTable({ MEMBERS_URL: DOWN, ATTENDANCE_URL: `${DOWN},http://127.0.0.1:7`, NOTIFICATIONS_URL: DOWN }),
    hubUpstream: DOWN,
    rateLimitPerMinute: 10_000,
    authRateLimitPerMinute: 10_000,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const expectUnavailable = (res: Awaited<ReturnType<FastifyInstance['inject']>>) => {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  const body = ErrorBody.parse(res.json());
  expect(body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  return body;
};
const auth = { authorization: 'Bearer good' };

describe('the gateway’s 503 for a service it cannot reach', () => {
  it('says when to try again for a proxied route', async () => {
    const body = expectUnavailable(await app.inject({ method: 'GET', url: '/api/members', headers: auth }));
    expect(body.message).toMatch(/members service is not available/);
    expectUnavailable(await app.inject({ method: 'POST', url: '/api/members', headers: { ...auth, 'content-type': 'application/json' }, payload: {} }));
  });

  it('says when to try again when every instance of a service is down', async () => {
    const body = expectUnavailable(await app.inject({ method: 'POST', url: '/api/attendance/check-in', headers: auth, payload: { memberId: 'm' } }));
    expect(body.message).toMatch(/attendance service/);
  });

  it('says when to try again for the real-time hub’s long polling', async () => {
    const body = expectUnavailable(await app.inject({ method: 'GET', url: '/socket.io/?EIO=4&transport=polling' }));
    expect(body.message).toMatch(/real-time hub/);
  });

  it('says when to try again for the data export', async () => {
    const body = expectUnavailable(await app.inject({ method: 'GET', url: '/api/settings/export?dataType=members&format=csv', headers: auth }));
    expect(body.message).toMatch(/members export/);
  });

  it('says when to try again when the sign-in cannot be checked', async () => {
    const body = expectUnavailable(await app.inject({ method: 'GET', url: '/api/members', headers: { authorization: 'Bearer keys-unreachable' } }));
    expect(body.message).toMatch(/Sign-in cannot be checked/);
  });

  it('does not tell a caller refused for their own reasons to try again', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/members', headers: { authorization: 'Bearer forged' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
