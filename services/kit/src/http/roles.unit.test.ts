// The contract's `roles` are enforced by addRoute itself, before the body is read or the handler runs: a role the
// contract does not list gets 403 FORBIDDEN with the one message, whatever the route does.
import { ErrorBody, ok, type RouteContract } from '@akhada/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TokenVerifier } from '../auth/verifier.ts';
import { unauthenticated } from '../errors.ts';
import { addRoute, createService, roleRefusedMessage } from './create-service.ts';

const UID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const ROLES = ['owner', 'admin', 'trainer', 'member'] as const;
/** The token is the role's name; any other token is not a session. */
const verifier: TokenVerifier = {
  verify: async (token) => {
    const role = ROLES.find((r) => r === token);
    if (!role) throw unauthenticated();
    return { sub: UID, org: UID, role, locs: [], sid: UID, name: 'Asha', iat: 0, exp: 0 };
  },
};

const staffOnly = {
  method: 'POST',
  path: '/staff-things',
  body: z.object({ name: z.string().min(1) }),
  responses: { 201: ok(z.object({ name: z.string() })), 400: ErrorBody, 403: ErrorBody },
  auth: true,
  roles: ['owner', 'admin'],
  summary: 'test route',
} as const satisfies RouteContract;

const { app, authenticate, admit } = createService({ name: 'roles-test', logger: pino({ level: 'silent' }), verifier, checkResponses: true });
let handled = 0;
addRoute({ app, authenticate, admit }, staffOnly, async ({ body }, _req, reply) => {
  handled += 1;
  return reply.status(201).send({ success: true, data: { name: body.name } });
});
// A service that registers without createService's `admit` is held to the roles all the same.
const bare = createService({ name: 'roles-test-bare', logger: pino({ level: 'silent' }), verifier, checkResponses: true });
addRoute({ app: bare.app, authenticate: bare.authenticate }, staffOnly, async ({ body }, _req, reply) => {
  handled += 1;
  return reply.status(201).send({ success: true, data: { name: body.name } });
});

beforeAll(async () => {
  await app.ready();
  await bare.app.ready();
});
afterAll(async () => {
  await app.close();
  await bare.app.close();
});

const post = (target: typeof app, token: string, payload: unknown) =>
  target.inject({
    method: 'POST',
    url: '/staff-things',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('addRoute enforces the contract’s roles', () => {
  it.each(['owner', 'admin'])('lets a listed role (%s) through to the handler', async (role) => {
    const before = handled;
    const res = await post(app, role, { name: 'mat' });
    expect(res.statusCode).toBe(201);
    expect(handled).toBe(before + 1);
  });

  it.each(['trainer', 'member'])('refuses an unlisted role (%s) with 403 and the one message, the handler never runs', async (role) => {
    const before = handled;
    for (const target of [app, bare.app]) {
      const res = await post(target, role, { name: 'mat' });
      expect(res.statusCode).toBe(403);
      const body = ErrorBody.parse(res.json());
      expect(body.code).toBe('FORBIDDEN');
      expect(body.message).toBe('Only gym owners and admins can do this');
    }
    expect(handled).toBe(before);
  });

  it('refuses the role before the body is read: a broken body from an unlisted role is still a 403, not a 400', async () => {
    const res = await post(app, 'member', { name: '' });
    expect(res.statusCode).toBe(403);
  });

  it('names who may, one message per role list', () => {
    expect(roleRefusedMessage(['owner'])).toBe('Only the gym owner can do this');
    expect(roleRefusedMessage(['admin', 'owner'])).toBe('Only gym owners and admins can do this');
    expect(roleRefusedMessage(['owner', 'admin', 'trainer'])).toBe('Only gym staff and trainers can do this');
    expect(roleRefusedMessage(['owner', 'member'])).toBe('You do not have permission to do this');
  });

  it('still answers 401 to no session at all', async () => {
    const res = await app.inject({ method: 'POST', url: '/staff-things', payload: { name: 'mat' } });
    expect(res.statusCode).toBe(401);
  });
});
