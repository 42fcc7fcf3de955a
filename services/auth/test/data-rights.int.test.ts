import { authRoutes, dataRightsRoutes, DataRightsEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personErasedHandler } from '../src/consumers/person-erased.ts';
import { onMessagingConsentChanged } from '../src/consumers/messaging-consent.ts';
import { startAuth } from './setup.ts';

let auth: Awaited<ReturnType<typeof startAuth>>;
const password = 'correct horse battery';
const uniq = randomUUID().slice(0, 8);
let n = 0;

beforeAll(async () => {
  auth = await startAuth();
});
afterAll(async () => auth?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, payload?: object, token?: string) =>
  auth.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': `10.41.${n % 200}.1` },
  });
const signIn = async (email: string) => {
  const res = await inject('POST', '/auth/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return authRoutes.login.responses[200].parse(res.json()).data;
};
const newGym = async (label: string) => {
  n++;
  const email = `${label}-${n}-${uniq}@example.in`;
  const reg = await inject('POST', '/auth/register', {
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    phone: '+91 98765 43210',
    password,
    role: 'admin',
    gymName: 'Iron Temple',
    city: 'Pune',
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const { token, user } = await signIn(email);
  const org = await auth.runtime.dbh.db.selectFrom('organizations').select('join_code').where('id', '=', user.organization._id).executeTakeFirstOrThrow();
  return { token, ownerId: user._id, orgId: user.organization._id, joinCode: org.join_code };
};
const joinAsMember = async (gymCode: string) => {
  n++;
  const email = `member-${n}-${uniq}@example.in`;
  const reg = await inject('POST', '/auth/register', { firstName: 'Meera', lastName: 'Shah', email, phone: '9812345678', password, role: 'member', gymCode });
  expect(reg.statusCode, reg.body).toBe(201);
  const { token, user } = await signIn(email);
  return { token, id: user._id, email };
};
const eventsOf = async (aggregateId: string) =>
  (await auth.runtime.dbh.db.selectFrom('outbox').select(['payload', 'id']).where('key', '=', aggregateId).orderBy('id').execute()).map(
    (r) => r.payload as EventEnvelope<Record<string, unknown>>,
  );
const handle = (handler: ReturnType<typeof personErasedHandler>, env: EventEnvelope) =>
  auth.runtime.dbh.db.transaction().execute((trx) => handler.handle(trx, env as EventEnvelope<unknown>));
const envelope = <T>(def: { type: string; version: number; data: import('zod').ZodType<T> }, orgId: string, data: T) =>
  makeEnvelope(
    def as never,
    { orgId, aggregateId: randomUUID(), correlationId: randomUUID(), causationId: randomUUID(), occurredAt: new Date().toISOString(), data } as never,
  ) as EventEnvelope;

describe('consent ledger', () => {
  it('records terms at sign-up, the marketing choice and WhatsApp consent from notifications; the member and staff see it', async () => {
    const gym = await newGym('ledger');
    const member = await joinAsMember(gym.joinCode);
    expect((await inject('PUT', '/settings/preferences', { marketingConsent: true }, member.token)).statusCode).toBe(200);
    expect((await inject('PUT', '/settings/preferences', { marketingConsent: false }, member.token)).statusCode).toBe(200);
    const msg = envelope(DataRightsEvents.MessagingConsentChanged, gym.orgId, { userId: member.id, granted: true, channel: 'settings' });
    await handle(onMessagingConsentChanged, msg);
    await handle(onMessagingConsentChanged, msg); // a redelivery adds nothing

    const mine = dataRightsRoutes.myConsents.responses[200].parse((await inject('GET', '/settings/consents', undefined, member.token)).json()).data.records;
    expect(mine.map((r) => [r.purpose, r.granted, r.channel]).sort()).toEqual(
      [
        ['marketing_email', false, 'settings'],
        ['marketing_email', true, 'settings'],
        ['messaging', true, 'settings'],
        ['terms', true, 'sign_up'],
      ].sort(),
    );
    const staffView = await inject('GET', `/settings/consents/${member.id}`, undefined, gym.token);
    expect(staffView.statusCode).toBe(200);
    expect(staffView.json().data.records).toHaveLength(4);
    // Another gym's owner: not found; a member cannot read another's history: 403.
    const other = await newGym('ledger-other');
    expect((await inject('GET', `/settings/consents/${member.id}`, undefined, other.token)).statusCode).toBe(404);
    expect((await inject('GET', `/settings/consents/${gym.ownerId}`, undefined, member.token)).statusCode).toBe(403);
  });
});

describe('data-rights desk', () => {
  it('keeps requests to their member and gym, and lets only staff act', async () => {
    const gym = await newGym('desk');
    const other = await newGym('desk-other');
    const member = await joinAsMember(gym.joinCode);
    const second = await joinAsMember(gym.joinCode);
    const res = await inject('POST', '/settings/data-requests', { type: 'access', details: 'A copy of everything, please' }, member.token);
    expect(res.statusCode, res.body).toBe(201);
    const request = dataRightsRoutes.createRequest.responses[201].parse(res.json()).data;
    expect(request.status).toBe('open');
    expect(Date.parse(request.dueAt) - Date.parse(request.createdAt)).toBe(30 * 86_400_000);
    // One open request per kind.
    expect((await inject('POST', '/settings/data-requests', { type: 'access' }, member.token)).statusCode).toBe(409);
    // Bad input is a 400.
    expect((await inject('POST', '/settings/data-requests', { type: 'delete-everything' }, member.token)).statusCode).toBe(400);

    // The member sees their own; another member of the same gym sees none of it.
    expect((await inject('GET', '/settings/data-requests/mine', undefined, member.token)).json().data.requests).toHaveLength(1);
    expect((await inject('GET', '/settings/data-requests/mine', undefined, second.token)).json().data.requests).toHaveLength(0);
    expect((await inject('GET', `/settings/data-requests/${request.id}`, undefined, second.token)).statusCode).toBe(404);
    expect((await inject('GET', `/settings/data-requests/${request.id}`, undefined, member.token)).statusCode).toBe(200);
    // Members cannot see or work the queue.
    expect((await inject('GET', '/settings/data-requests', undefined, member.token)).statusCode).toBe(403);
    expect((await inject('POST', `/settings/data-requests/${request.id}/decision`, { decision: 'approve', note: 'x' }, member.token)).statusCode).toBe(403);
    // Staff see their gym's queue; another gym's staff get 404 on the request and an empty queue.
    const queue = (await inject('GET', '/settings/data-requests', undefined, gym.token)).json().data.requests as { id: string; overdue: boolean }[];
    expect(queue.map((r) => r.id)).toEqual([request.id]);
    expect(queue[0]!.overdue).toBe(false);
    expect((await inject('GET', '/settings/data-requests', undefined, other.token)).json().data.requests).toHaveLength(0);
    expect((await inject('GET', `/settings/data-requests/${request.id}`, undefined, other.token)).statusCode).toBe(404);
    expect((await inject('POST', `/settings/data-requests/${request.id}/decision`, { decision: 'approve', note: 'Sent' }, other.token)).statusCode).toBe(404);
    // A note is required.
    expect((await inject('POST', `/settings/data-requests/${request.id}/decision`, { decision: 'approve', note: '' }, gym.token)).statusCode).toBe(400);

    const done = await inject(
      'POST',
      `/settings/data-requests/${request.id}/decision`,
      { decision: 'approve', note: 'Download it under Settings → Data' },
      gym.token,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'completed', note: 'Download it under Settings → Data' });
    expect((await inject('POST', `/settings/data-requests/${request.id}/decision`, { decision: 'reject', note: 'again' }, gym.token)).statusCode).toBe(409);
    // The member is told at each step (notifications reads auth.data_request_changed).
    expect((await eventsOf(request.id)).map((e) => [e.type, (e.data as { status: string }).status])).toEqual([
      ['auth.data_request_changed', 'open'],
      ['auth.data_request_changed', 'completed'],
    ]);
  });

  it('carries out an erasure: publishes it, counts every service’s answer, then erases the account and completes', async () => {
    const gym = await newGym('erase');
    const member = await joinAsMember(gym.joinCode);
    // The member has a profile picture, whose address is public.
    const boundary = `----akhada${randomUUID()}`;
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3b82f6' } })
      .jpeg()
      .toBuffer();
    const uploaded = await auth.app.inject({
      method: 'POST',
      url: '/settings/profile/picture',
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { authorization: `Bearer ${member.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const pictureUrl = (uploaded.json() as { data: { avatarUrl: string } }).data.avatarUrl.replace(/^\/api/, '');
    expect((await inject('GET', pictureUrl)).statusCode).toBe(200);
    // …and a linked Google account (its email is personal data, and a way to sign in).
    await auth.runtime.dbh.db
      .insertInto('user_identities')
      .values({ provider: 'google', subject: `erase-${member.id}`, user_id: member.id, email: member.email, created_at: new Date() })
      .execute();
    const made = await inject('POST', '/settings/data-requests', { type: 'erasure', details: 'I have moved city' }, member.token);
    const request = dataRightsRoutes.createRequest.responses[201].parse(made.json()).data;
    const approved = await inject('POST', `/settings/data-requests/${request.id}/decision`, { decision: 'approve', note: 'Erasing now' }, gym.token);
    expect(approved.json().data.status).toBe('erasing');
    const published = (await eventsOf(member.id)).find((e) => e.type === 'auth.person_erasure_requested');
    expect(published?.data).toEqual({ requestId: request.id, organizationId: gym.orgId, userId: member.id, memberId: member.id, trainerId: null });
    // The picture is gone at once, and every service that shows it is told.
    expect((await inject('GET', pictureUrl)).statusCode).toBe(404);
    const avatarEvents = (await eventsOf(member.id)).filter((e) => e.type === 'auth.user_avatar_changed').map((e) => e.data.avatarUrl);
    expect(avatarEvents.at(-1)).toBeNull();

    const { ERASING_SERVICES, PersonErased } = DataRightsEvents;
    const answer = (s: (typeof ERASING_SERVICES)[number], orgId = gym.orgId) =>
      handle(personErasedHandler(s), envelope(PersonErased[s], orgId, { requestId: request.id, organizationId: orgId, userId: member.id, service: s }));
    // An answer claiming another organization changes nothing.
    await answer('members', randomUUID());
    for (const s of ERASING_SERVICES.slice(0, -1)) await answer(s);
    await answer('members'); // a repeat counts once
    const partway = (await inject('GET', `/settings/data-requests/${request.id}`, undefined, gym.token)).json().data;
    expect(partway.status).toBe('erasing');
    expect(partway.erasedBy).toHaveLength(ERASING_SERVICES.length - 1);
    await answer(ERASING_SERVICES[ERASING_SERVICES.length - 1]!);

    const after = (await inject('GET', `/settings/data-requests/${request.id}`, undefined, gym.token)).json().data;
    expect(after).toMatchObject({ status: 'completed', requesterName: 'Erased' });
    const user = await auth.runtime.dbh.db.selectFrom('users').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(user)).not.toMatch(/Meera|Shah|9812345678|example\.in/);
    expect(await auth.runtime.dbh.db.selectFrom('user_identities').selectAll().where('user_id', '=', member.id).execute()).toEqual([]);
    // The member can no longer sign in.
    expect((await inject('POST', '/auth/login', { email: member.email, password })).statusCode).toBe(401);
    expect((await eventsOf(request.id)).map((e) => (e.data as { status: string }).status)).toEqual(['open', 'erasing', 'completed']);
  });
});
