import { AuthEvents, authRoutes, ErrorBody } from '@akhada/contracts';
import { randomJoinCode } from '../src/adapters/join-codes.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinBody, startAuth, type TestAuth } from './setup.ts';

let auth: TestAuth;
const uniq = randomUUID().slice(0, 8);
const password = 'correct horse 1';
/** Join codes the service will hand out next, before it falls back to random ones; every call is counted. */
const nextCodes: string[] = [];
let codesDrawn = 0;

const post = (url: string, payload: object, headers: Record<string, string> = {}) => auth.app.inject({ method: 'POST', url, payload, headers });
const registerOwner = (email: string, headers: Record<string, string> = {}) =>
  post(
    '/auth/register',
    { firstName: 'Asha', lastName: 'Verma', email, phone: '+91 98765 43210', password, role: 'admin', gymName: 'Iron Temple', city: 'Pune' },
    headers,
  );
const userOf = (res: { json(): unknown }) => authRoutes.register.responses[201].parse(res.json()).data.user;

beforeAll(async () => {
  auth = await startAuth({
    newJoinCode: () => {
      codesDrawn++;
      return nextCodes.shift() ?? randomJoinCode();
    },
  });
});

afterAll(async () => {
  await auth?.close();
});

describe('registration and unique keys', () => {
  it('retries a join code that another gym already has, and still opens the gym', async () => {
    nextCodes.push('HHHHHH');
    const first = await registerOwner(`first-${uniq}@example.in`);
    expect(first.statusCode, first.body).toBe(201);
    expect(userOf(first).organization.joinCode).toBe('HHHHHH');

    // The next gym draws the same code first: a clash on organizations.join_code, not on the email.
    nextCodes.push('HHHHHH', 'JJJJJJ');
    codesDrawn = 0;
    const second = await registerOwner(`second-${uniq}@example.in`);
    expect(second.statusCode, second.body).toBe(201);
    const user = userOf(second);
    expect(user.organization.joinCode).toBe('JJJJJJ');
    expect(user.organization._id).not.toBe(userOf(first).organization._id);
    expect(codesDrawn).toBe(2);

    // Both codes lead to their own gym.
    const joinFirst = await post(
      '/auth/register',
      joinBody({ firstName: 'Ravi', email: `ravi-${uniq}@example.in`, password, role: 'member', gymCode: 'HHHHHH' }),
    );
    expect(joinFirst.statusCode, joinFirst.body).toBe(201);
    expect(userOf(joinFirst).organization._id).toBe(userOf(first).organization._id);
    const joinSecond = await post(
      '/auth/register',
      joinBody({ firstName: 'Meera', email: `meera-${uniq}@example.in`, password, role: 'member', gymCode: 'JJJJJJ' }),
    );
    expect(joinSecond.statusCode, joinSecond.body).toBe(201);
    expect(userOf(joinSecond).organization._id).toBe(user.organization._id);
  });

  it('answers "email taken" for the same email, also when two registrations race', async () => {
    const email = `race-${uniq}@example.in`;
    const results = await Promise.all([registerOwner(email), registerOwner(email.toUpperCase()), registerOwner(email)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(ErrorBody.parse(res.json())).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
    }
    const owners = await auth.runtime.dbh.db.selectFrom('users').select('id').where('email', 'in', [email, email.toUpperCase()]).execute();
    expect(owners).toHaveLength(1);
  });

  it('answers "email taken" when staff are added with an email that has an account', async () => {
    const email = `staff-owner-${uniq}@example.in`;
    const owner = userOf(await registerOwner(email));
    const login = await post('/auth/login', { email, password });
    const { token } = authRoutes.login.responses[200].parse(login.json()).data;
    const res = await post(
      '/auth/staff',
      {
        firstName: 'T',
        lastName: 'B',
        email: `first-${uniq}@example.in`,
        phone: '9876501236',
        role: 'trainer',
        locationIds: [owner.locations[0]!._id],
        password,
      },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(ErrorBody.parse(res.json()).code).toBe('EMAIL_TAKEN');
  });

  it("stamps the gateway's conversation id as correlationId and the request id as causationId on its events", async () => {
    const correlationId = `conv-${randomUUID()}`;
    const requestId = `req-${randomUUID()}`;
    const res = await registerOwner(`meta-${uniq}@example.in`, { 'x-correlation-id': correlationId, 'x-request-id': requestId });
    expect(res.statusCode, res.body).toBe(201);
    const orgId = userOf(res).organization._id;
    const rows = await auth.runtime.dbh.db.selectFrom('outbox').select('payload').execute();
    const envelopes = rows
      .map(
        (r) =>
          (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as {
            type: string;
            orgId: string;
            correlationId: string;
            causationId: string;
            actorId?: string;
          },
      )
      .filter((e) => e.orgId === orgId);
    expect(envelopes.map((e) => e.type).sort()).toEqual(['auth.location_created', 'auth.organization_created', 'auth.user_registered']);
    for (const e of envelopes) expect(e).toMatchObject({ correlationId, causationId: requestId, actorId: userOf(res)._id });
  });

  it('announces the phone of a member who joins with the gym code, so their member record has it (issue 31)', async () => {
    const owner = userOf(await registerOwner(`phone-owner-${uniq}@example.in`));
    const joined = await post('/auth/register', {
      ...joinBody({ firstName: 'Kiran', email: `kiran-${uniq}@example.in`, password, role: 'member', gymCode: owner.organization.joinCode! }),
      phone: '+91 91234 56789',
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const userId = userOf(joined)._id;
    const rows = await auth.runtime.dbh.db.selectFrom('outbox').select('payload').execute();
    const registered = rows
      .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { type: string; data: Record<string, unknown> })
      .filter((e) => e.type === 'auth.user_registered' && e.data['userId'] === userId);
    expect(registered).toHaveLength(1);
    expect(AuthEvents.UserRegistered.data.parse(registered[0]!.data)).toMatchObject({ via: 'join_code', role: 'member', phone: '+91 91234 56789' });
  });
});
