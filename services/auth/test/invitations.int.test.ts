import { AuthEvents, ErrorBody, MemberEvents, PaymentEvents, TrainerEvents, topicOf, topicSpecs, type EventEnvelope } from '@akhada/contracts';
import { createEventBus, createLogger, makeEnvelope, newId, type EventBus, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../src/adapters/mailer.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { joinBody, startAuth, type TestAuth } from './setup.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

type Mail = Parameters<Mailer['send']>[0];

const uniq = randomUUID().slice(0, 8);
const password = 'correct horse 1';
const delivered: Mail[] = [];
/** How many of the next sends the fake mail server refuses. */
let refuseNext = 0;
const capturing: Mailer = {
  async send(mail) {
    if (refuseNext > 0) {
      refuseNext--;
      throw new Error('421 try again later');
    }
    delivered.push(mail);
  },
};
/** The service's clock, moved forward when a link has to expire. */
let offsetMs = 0;

let auth: TestAuth;
let producer: EventBus;
let consumers: RunningConsumer[] = [];

/** Two gyms: A (where everything happens) and B (whose events and owner must never touch A). */
interface Gym {
  orgId: string;
  locationId: string;
  joinCode: string;
  ownerToken: string;
  ownerEmail: string;
}
let gymA: Gym;
let gymB: Gym;

// ---------- helpers ----------
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const db = () => auth.runtime.dbh.db;

const openGym = async (label: string): Promise<Gym> => {
  const ownerEmail = `owner-${label}-${uniq}@example.in`;
  const reg = await auth.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: {
      firstName: 'Asha',
      lastName: 'Verma',
      email: ownerEmail,
      phone: '+91 98765 43210',
      password,
      role: 'admin',
      gymName: `Iron Temple ${label}`,
      city: 'Pune',
    },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const session = await login(ownerEmail);
  const user = session.json().data.user;
  return {
    orgId: user.organization._id,
    locationId: user.locations[0]._id,
    joinCode: user.organization.joinCode,
    ownerToken: session.json().data.token,
    ownerEmail,
  };
};

const login = (email: string, pw = password) => auth.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: pw } });
const accept = (token: string, pw = password) => auth.app.inject({ method: 'POST', url: '/auth/invitations/accept', payload: { token, password: pw } });
const preview = (token: string) => auth.app.inject({ method: 'POST', url: '/auth/invitations/preview', payload: { token } });

const meta = (aggregateId: string, orgId: string, locationId?: string) => ({
  aggregateId,
  orgId,
  correlationId: newId(),
  causationId: newId(),
  occurredAt: new Date(Date.now() + offsetMs).toISOString(),
  ...(locationId ? { locationId } : {}),
});

const produce = async (topic: string, ...envs: EventEnvelope<unknown>[]) =>
  producer.publish(
    envs.map((env) => ({ topic, key: env.aggregateId, value: JSON.stringify(env), headers: { 'event-id': env.eventId, 'event-type': env.type } })),
  );

const memberRegistered = (gym: Gym, person: { id?: string; email: string; firstName?: string }) => {
  const memberId = person.id ?? newId();
  return makeEnvelope(MemberEvents.MemberRegistered, {
    ...meta(memberId, gym.orgId, gym.locationId),
    data: {
      memberId,
      locationId: gym.locationId,
      firstName: person.firstName ?? 'Priya',
      lastName: 'Sharma',
      email: person.email,
      phone: '+919876543210',
      membershipType: 'premium',
      paymentFrequency: 'monthly',
      feePaise: 150_000,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    },
  });
};

const trainerCreated = (gym: Gym, email: string, source: 'staff' | 'join_code', trainerId = newId()) =>
  makeEnvelope(TrainerEvents.TrainerCreated, {
    ...meta(trainerId, gym.orgId, gym.locationId),
    data: {
      trainerId,
      locationId: gym.locationId,
      firstName: 'Vikram',
      lastName: 'Singh',
      email,
      phone: '+919812345678',
      specialization: ['yoga'],
      maxClients: 10,
      isAvailable: true,
      hourlyRatePaise: 50_000,
      status: source === 'staff' ? 'active' : 'pending',
      source,
    },
  });

const userRow = (id: string) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
const mailRows = (userId: string) => db().selectFrom('invitation_mails').selectAll().where('user_id', '=', userId).orderBy('requested_at').execute();
const mailsTo = (email: string) => delivered.filter((m) => m.to === email);
const tokenIn = (mail: Mail) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
/** The auth events of one aggregate in the outbox, in the order they were written. */
const eventsOf = async (aggregateId: string) =>
  (await db().selectFrom('outbox').select(['payload', 'id']).where('key', '=', aggregateId).orderBy('id').execute()).map(
    (r) => r.payload as EventEnvelope<Record<string, unknown>>,
  );
const typesOf = async (aggregateId: string) => (await eventsOf(aggregateId)).map((e) => e.type);

/** The consumers handled everything up to this point: a sentinel produced after the events under test has arrived. */
const barrier = async (topic: string, key: string) => {
  const sentinel =
    topic === topicOf('members')
      ? memberRegistered(gymB, { id: newId(), email: `sentinel-${newId()}@example.in` })
      : trainerCreated(gymB, `sentinel-${newId()}@example.in`, 'staff');
  const sentinelId = sentinel.aggregateId;
  // Same key as the events under test: the same partition, so it is handled after them.
  await producer.publish([{ topic, key, value: JSON.stringify(sentinel), headers: { 'event-id': sentinel.eventId, 'event-type': sentinel.type } }]);
  await expect.poll(async () => (await userRow(sentinelId)) !== undefined, { timeout: 30_000 }).toBe(true);
};

/**
 * The sender's transaction commits just after the mail server took the mail (the link's hash is stored in it): a test
 * that follows a link at once waits for that commit, as a person reading their mail always does.
 */
const linksStored = async (userId: string) =>
  expect.poll(async () => (await mailRows(userId)).every((r) => r.sent_at !== null || r.cancelled_at !== null), { timeout: 30_000 }).toBe(true);

/** Invites a member through Kafka and returns their id, email and the token of the mail they received. */
const inviteMember = async (gym: Gym, label: string) => {
  const email = `member-${label}-${uniq}@example.in`;
  const env = memberRegistered(gym, { email });
  await produce(topicOf('members'), env);
  await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1);
  await linksStored(env.aggregateId);
  return { id: env.aggregateId, email, token: tokenIn(mailsTo(email)[0]!)! };
};

beforeAll(async () => {
  auth = await startAuth({ mailer: capturing, clock: () => new Date(Date.now() + offsetMs) });
  producer = createEventBus({
    clientId: `auth-invitations-test-${uniq}`,
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(','),
    logger: createLogger('auth-test', 'warn'),
  });
  await producer.ensureTopics(topicSpecs().filter((t) => [topicOf('auth'), topicOf('members'), topicOf('trainers'), topicOf('payments')].includes(t.topic)));
  const schema = auth.runtime.dbh.schema;
  consumers = await startConsumers({
    bus: auth.runtime.bus,
    db: db(),
    logger: auth.runtime.logger,
    clock: () => new Date(Date.now() + offsetMs),
    groups: { members: `${schema}.members`, trainers: `${schema}.trainers`, payments: `${schema}.payments` },
    startAt: 'now',
  });
  [gymA, gymB] = [await openGym('a'), await openGym('b')];
}, 120_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await producer?.disconnect();
  await auth?.close();
});

describe('invitations of members added by staff', () => {
  it('makes an invited account with the member id, queues the mail, and announces it', async () => {
    const email = `member-new-${uniq}@example.in`;
    const env = memberRegistered(gymA, { email, firstName: 'Priya' });
    await produce(topicOf('members'), env);
    await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1);
    await linksStored(env.data.memberId);

    const user = await userRow(env.data.memberId);
    expect(user).toMatchObject({ org_id: gymA.orgId, role: 'member', status: 'invited', password_hash: null, email, first_name: 'Priya' });
    const locs = await db().selectFrom('user_locations').select('location_id').where('user_id', '=', env.data.memberId).execute();
    expect(locs.map((l) => l.location_id)).toEqual([gymA.locationId]);

    const [row] = await mailRows(env.data.memberId);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.expires_at.toISOString()).toBe(new Date(Date.parse(env.occurredAt) + 7 * 86_400_000).toISOString());
    const mail = mailsTo(email)[0]!;
    expect(mail.subject).toBe('Iron Temple a invited you to Akhada');
    expect(mail.text).toContain('Hello Priya');
    expect(mail.text).toContain('http://localhost:8080/accept-invitation?token=');
    expect(mail.text).toMatch(/नमस्ते Priya/);

    const events = await eventsOf(env.data.memberId);
    expect(events.map((e) => e.type)).toEqual(['auth.user_registered', 'auth.invitation_sent']);
    expect(events[0]!.data).toMatchObject({ userId: env.data.memberId, orgId: gymA.orgId, role: 'member', via: 'invitation', locationIds: [gymA.locationId] });
    expect(events[1]!.data).toEqual({ userId: env.data.memberId, role: 'member', email, expiresAt: row!.expires_at.toISOString() });
    // Caused by the members event, in its conversation.
    expect(events[0]).toMatchObject({ causationId: env.eventId, correlationId: env.correlationId, orgId: gymA.orgId });

    // No password yet: sign-in says where the invitation is, whatever was typed.
    const refused = await login(email, 'anything at all');
    expect(refused.statusCode).toBe(403);
    expect(ErrorBody.parse(refused.json())).toMatchObject({
      code: 'INVITATION_PENDING',
      message: 'Your invitation is waiting: open the link in your email to set a password.',
    });
    // …and no reset link either: the invitation sets the first password.
    await auth.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const resets = await db().selectFrom('password_reset_mails').select('id').where('user_id', '=', env.data.memberId).execute();
    expect(resets).toHaveLength(0);
  });

  it('greets by first name and gym only, then sets the password, signs in, and works once', async () => {
    const m = await inviteMember(gymA, 'accept');
    const greeting = await preview(m.token);
    expect(greeting.statusCode, greeting.body).toBe(200);
    expect(greeting.json().data).toEqual({ firstName: 'Priya', gymName: 'Iron Temple a' });

    const accepted = await accept(m.token, 'my own password 1');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const data = accepted.json().data;
    expect(data.user).toMatchObject({ _id: m.id, role: 'member', email: m.email, pending: false });
    expect(claimsOf(data.token)).toMatchObject({ sub: m.id, org: gymA.orgId, role: 'member', locs: [gymA.locationId] });
    expect(claimsOf(data.token).pending).toBeUndefined();
    const me = await auth.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(data.token) });
    expect(me.statusCode, me.body).toBe(200);
    expect((await userRow(m.id))!.status).toBe('active');
    expect(await typesOf(m.id)).toContain('auth.invitation_accepted');

    const signIn = await login(m.email, 'my own password 1');
    expect(signIn.statusCode, signIn.body).toBe(200);

    const again = await accept(m.token, 'another password 2');
    expect(again.statusCode).toBe(400);
    expect(ErrorBody.parse(again.json())).toMatchObject({
      code: 'INVALID_INVITATION',
      message: 'This invitation has already been used. Sign in with your email and password.',
    });
    expect((await preview(m.token)).statusCode).toBe(400);
    // The second try changed nothing: the first password still works.
    expect((await login(m.email, 'my own password 1')).statusCode).toBe(200);
  });

  it('refuses unknown and malformed links with a clear 400, changing nothing', async () => {
    const unknown = await accept('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_INVITATION', message: 'This invitation link is not valid. Ask your gym to send a new one.' });
    const short = await accept('abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION_FAILED');
    const weak = await accept('x'.repeat(43), 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('Password must be at least 8 characters long');
  });

  it('refuses an expired link', async () => {
    const m = await inviteMember(gymA, 'expired');
    offsetMs = 7 * 86_400_000 + 60_000;
    try {
      const late = await accept(m.token);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: 'INVALID_INVITATION', message: 'This invitation link has expired. Ask your gym to send a new one.' });
    } finally {
      offsetMs = 0;
    }
    expect((await userRow(m.id))!.status).toBe('invited');
  });

  it('tries a refused mail again later; only the link that left works', async () => {
    const email = `member-retry-${uniq}@example.in`;
    refuseNext = 1;
    const env = memberRegistered(gymA, { email });
    await produce(topicOf('members'), env);
    await expect.poll(async () => (await mailRows(env.aggregateId))[0]?.attempts, { timeout: 30_000 }).toBe(1);
    const [failed] = await mailRows(env.aggregateId);
    expect(failed).toMatchObject({ sent_at: null, failed_at: null, last_error: '421 try again later' });
    const stored = () => db().selectFrom('invitations').select('token_hash').where('user_id', '=', env.aggregateId).execute();
    expect(await stored()).toHaveLength(0);
    offsetMs = 20_000; // the retry (15 s later) is due
    try {
      await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1);
    } finally {
      offsetMs = 0;
    }
    await linksStored(env.aggregateId);
    expect(await stored()).toHaveLength(1);
    expect((await mailRows(env.aggregateId))[0]).toMatchObject({ attempts: 2, last_error: null });
    expect((await accept(tokenIn(mailsTo(email)[0]!)!)).statusCode).toBe(200);
  });

  it('does nothing more when the same event arrives twice', async () => {
    const email = `member-twice-${uniq}@example.in`;
    const env = memberRegistered(gymA, { email });
    await produce(topicOf('members'), env, env);
    await barrier(topicOf('members'), env.aggregateId);
    await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1);
    expect(await mailRows(env.aggregateId)).toHaveLength(1);
    expect(await typesOf(env.aggregateId)).toEqual(['auth.user_registered', 'auth.invitation_sent']);
  });

  it('fails the invitation, and only that, when the email is another account’s', async () => {
    const env = memberRegistered(gymA, { email: gymB.ownerEmail });
    await produce(topicOf('members'), env);
    await expect.poll(() => typesOf(env.aggregateId), { timeout: 30_000 }).toEqual(['auth.invitation_failed']);
    expect((await eventsOf(env.aggregateId))[0]!.data).toEqual({ userId: env.aggregateId, role: 'member', reason: 'email_in_use' });
    expect(await userRow(env.aggregateId)).toBeUndefined();
    expect(await mailRows(env.aggregateId)).toHaveLength(0);
    // The other account is untouched.
    expect((await login(gymB.ownerEmail)).statusCode).toBe(200);
  });
});

describe('invitations of trainers added by staff, and resending', () => {
  it('invites a trainer added by staff, but not one who joined by code', async () => {
    const email = `trainer-code-${uniq}@example.in`;
    const byCode = trainerCreated(gymA, email, 'join_code');
    await produce(topicOf('trainers'), byCode);
    await barrier(topicOf('trainers'), byCode.aggregateId);
    expect(await userRow(byCode.aggregateId)).toBeUndefined();
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('sends a new link on request (the old one stops working), to the email staff changed', async () => {
    const email = `trainer-${uniq}@example.in`;
    const created = trainerCreated(gymA, email, 'staff');
    const trainerId = created.aggregateId;
    await produce(topicOf('trainers'), created);
    await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1);
    expect(mailsTo(email)[0]!.text).toContain('as a trainer');
    const oldToken = tokenIn(mailsTo(email)[0]!)!;
    expect(await userRow(trainerId)).toMatchObject({ role: 'trainer', status: 'invited' });

    const newEmail = `trainer-fixed-${uniq}@example.in`;
    const resend = makeEnvelope(TrainerEvents.TrainerInvitationResendRequested, {
      ...meta(trainerId, gymA.orgId),
      data: { trainerId, email: newEmail, firstName: 'Vikram', lastName: 'Singh' },
    });
    await produce(topicOf('trainers'), resend);
    await expect.poll(() => mailsTo(newEmail).length, { timeout: 30_000 }).toBe(1);
    await linksStored(trainerId);
    const newToken = tokenIn(mailsTo(newEmail)[0]!)!;
    expect(newToken).not.toBe(oldToken);
    expect((await userRow(trainerId))!.email).toBe(newEmail);
    const sent = (await eventsOf(trainerId)).filter((e) => e.type === 'auth.invitation_sent');
    expect(sent.map((e) => e.data.email)).toEqual([email, newEmail]);

    const old = await accept(oldToken);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('A newer invitation was sent to you: open the link in the latest email.');
    const ok = await accept(newToken);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.user).toMatchObject({ _id: trainerId, role: 'trainer', email: newEmail });

    // Once active, a resend request changes nothing.
    const late = makeEnvelope(TrainerEvents.TrainerInvitationResendRequested, {
      ...meta(trainerId, gymA.orgId),
      data: { trainerId, email: newEmail, firstName: 'Vikram', lastName: 'Singh' },
    });
    await produce(topicOf('trainers'), late);
    await barrier(topicOf('trainers'), trainerId);
    expect(mailsTo(newEmail)).toHaveLength(1);
    expect(await mailRows(trainerId)).toHaveLength(2);
  });

  it('refuses a resend to an email that is another account’s, and ignores one from another gym', async () => {
    const m = await inviteMember(gymA, 'resend-taken');
    const taken = makeEnvelope(MemberEvents.MemberInvitationResendRequested, {
      ...meta(m.id, gymA.orgId),
      data: { memberId: m.id, email: gymA.ownerEmail, firstName: 'Priya', lastName: 'Sharma' },
    });
    const foreign = makeEnvelope(MemberEvents.MemberInvitationResendRequested, {
      ...meta(m.id, gymB.orgId),
      data: { memberId: m.id, email: `elsewhere-${uniq}@example.in`, firstName: 'Priya', lastName: 'Sharma' },
    });
    await produce(topicOf('members'), taken, foreign);
    await barrier(topicOf('members'), m.id);
    expect(await typesOf(m.id)).toEqual(['auth.user_registered', 'auth.invitation_sent', 'auth.invitation_failed']);
    expect((await userRow(m.id))!.email).toBe(m.email);
    expect(await mailRows(m.id)).toHaveLength(1);
    // The first link still works.
    expect((await accept(m.token)).statusCode).toBe(200);
  });
});

describe('trainers who join by code', () => {
  it('are pending (the token says so) until approved; members who join by code are not', async () => {
    const email = `pending-${uniq}@example.in`;
    const reg = await auth.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: joinBody({ firstName: 'Ravi', email, password, role: 'trainer', gymCode: gymA.joinCode }),
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const trainerId = reg.json().data.user._id as string;
    expect(reg.json().data.user.pending).toBe(true);
    const registered = (await eventsOf(trainerId)).find((e) => e.type === 'auth.user_registered')!;
    expect(registered.data).toMatchObject({ role: 'trainer', via: 'join_code' });

    const session = await login(email);
    expect(session.statusCode, session.body).toBe(200);
    expect(claimsOf(session.json().data.token).pending).toBe(true);
    expect(session.json().data.user.pending).toBe(true);

    const memberEmail = `joined-member-${uniq}@example.in`;
    const member = await auth.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: joinBody({ firstName: 'Meera', email: memberEmail, password, role: 'member', gymCode: gymA.joinCode }),
    });
    expect(member.json().data.user.pending).toBe(false);
    const memberSession = await login(memberEmail);
    expect(claimsOf(memberSession.json().data.token).pending).toBeUndefined();
    expect((await eventsOf(member.json().data.user._id)).find((e) => e.type === 'auth.user_registered')!.data.via).toBe('join_code');

    // Approval in another gym's name changes nothing; the gym's own approval activates the account.
    await produce(topicOf('trainers'), makeEnvelope(TrainerEvents.TrainerApproved, { ...meta(trainerId, gymB.orgId), data: { trainerId } }));
    await barrier(topicOf('trainers'), trainerId);
    expect((await userRow(trainerId))!.status).toBe('pending');
    await produce(topicOf('trainers'), makeEnvelope(TrainerEvents.TrainerApproved, { ...meta(trainerId, gymA.orgId), data: { trainerId } }));
    await expect.poll(async () => (await userRow(trainerId))!.status, { timeout: 30_000 }).toBe('active');

    // The same session's next refresh is a normal token.
    const refreshed = await auth.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(session.json().data.token) });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(claimsOf(refreshed.json().data.token).pending).toBeUndefined();
    expect(refreshed.json().data.user.pending).toBe(false);
  });

  it('tags the owner’s and staff’s registrations too', async () => {
    const owner = await auth.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(gymA.ownerToken) });
    const ownerId = owner.json().data.user._id as string;
    expect((await eventsOf(ownerId)).find((e) => e.type === 'auth.user_registered')!.data.via).toBe('gym_owner');
    const staff = await auth.app.inject({
      method: 'POST',
      url: '/auth/staff',
      headers: bearer(gymA.ownerToken),
      payload: {
        firstName: 'Anil',
        lastName: 'K',
        email: `admin-${uniq}@example.in`,
        phone: '9876543210',
        role: 'admin',
        locationIds: [gymA.locationId],
        password,
      },
    });
    expect(staff.statusCode, staff.body).toBe(201);
    expect((await eventsOf(staff.json().data.user._id)).find((e) => e.type === 'auth.user_registered')!.data.via).toBe('staff');
  });
});

describe('archived members and trainers', () => {
  it('deactivates the account: every session ends, sign-in is refused, and it is announced', async () => {
    const m = await inviteMember(gymA, 'archived');
    const first = await accept(m.token);
    expect(first.statusCode).toBe(200);
    const second = await login(m.email);
    expect(second.statusCode).toBe(200);
    const tokens = [first.json().data.token as string, second.json().data.token as string];

    for (const t of tokens) {
      const before = await auth.app.inject({ method: 'PUT', url: '/auth/profile', headers: bearer(t), payload: { phone: '9876500000' } });
      expect(before.statusCode, before.body).toBe(200);
    }

    // Another gym's archive of this id changes nothing.
    await produce(topicOf('members'), makeEnvelope(MemberEvents.MemberArchived, { ...meta(m.id, gymB.orgId), data: { memberId: m.id } }));
    await barrier(topicOf('members'), m.id);
    expect((await userRow(m.id))!.status).toBe('active');

    const archived = makeEnvelope(MemberEvents.MemberArchived, { ...meta(m.id, gymA.orgId), data: { memberId: m.id } });
    await produce(topicOf('members'), archived, archived);
    await expect.poll(async () => (await userRow(m.id))!.status, { timeout: 30_000 }).toBe('deactivated');
    await barrier(topicOf('members'), m.id);

    const sessions = await db().selectFrom('sessions').select(['revoked_at']).where('user_id', '=', m.id).execute();
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    const events = await eventsOf(m.id);
    expect(events.filter((e) => e.type === 'auth.user_sessions_revoked')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'auth.user_deactivated')).toHaveLength(1);
    const revoked = events.find((e) => e.type === 'auth.user_sessions_revoked')!;
    expect(revoked.data).toMatchObject({ userId: m.id, exceptSessionId: null });
    for (const t of tokens) expect(claimsOf(t).iat as number).toBeLessThan(Date.parse(revoked.data.before as string) / 1000);

    const refused = await login(m.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED', message: 'This account is no longer active. Ask your gym.' });
    // A wrong password learns nothing about the account.
    expect((await login(m.email, 'a wrong password')).statusCode).toBe(401);
    // Routes that do not look at the session table refuse the tokens too, once auth.user_sessions_revoked came back
    // through Kafka to the verifier (as it reaches every service).
    for (const t of tokens) {
      await expect
        .poll(async () => (await auth.app.inject({ method: 'PUT', url: '/auth/profile', headers: bearer(t), payload: { firstName: 'Changed' } })).statusCode, {
          timeout: 30_000,
        })
        .toBe(401);
    }
    expect((await userRow(m.id))!.first_name).toBe('Priya');
    for (const t of tokens) {
      expect((await auth.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(t) })).statusCode).toBe(401);
      expect((await auth.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(t) })).statusCode).toBe(401);
    }
  });

  it('deactivates an archived trainer, and stops an invitation not yet accepted', async () => {
    const email = `trainer-gone-${uniq}@example.in`;
    const created = trainerCreated(gymA, email, 'staff');
    await produce(topicOf('trainers'), created);
    await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1);
    const token = tokenIn(mailsTo(email)[0]!)!;
    await produce(
      topicOf('trainers'),
      makeEnvelope(TrainerEvents.TrainerArchived, { ...meta(created.aggregateId, gymA.orgId), data: { trainerId: created.aggregateId } }),
    );
    await expect.poll(async () => (await userRow(created.aggregateId))!.status, { timeout: 30_000 }).toBe('deactivated');
    const late = await accept(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_INVITATION');
    expect((await login(email)).statusCode).toBe(401);
  });
});

describe('payments.subscription_paid', () => {
  it('puts the organization on the plan it paid for (the trial ends) once, announced once; another gym is untouched', async () => {
    const gymC = await openGym('c');
    const paid = makeEnvelope(PaymentEvents.SubscriptionPaid, {
      ...meta(`order_${uniq}`, gymC.orgId),
      data: {
        organizationId: gymC.orgId,
        plan: 'starter',
        orderId: `order_${uniq}`,
        razorpayPaymentId: `pay_${uniq}`,
        invoiceNumber: 'AKH/2026-27/000001',
        totalPaise: 235_882,
        paidAt: new Date().toISOString(),
      },
    });
    await produce(topicOf('payments'), paid, paid);
    const orgRow = () => db().selectFrom('organizations').select(['plan', 'trial_ends_at']).where('id', '=', gymC.orgId).executeTakeFirstOrThrow();
    await expect.poll(async () => (await orgRow()).plan, { timeout: 30_000 }).toBe('starter');
    expect((await orgRow()).trial_ends_at).toBeNull();
    const changed = () => eventsOf(gymC.orgId).then((es) => es.filter((e) => e.type === AuthEvents.OrganizationPlanChanged.type));
    await expect.poll(async () => (await changed()).length, { timeout: 30_000 }).toBe(1);
    expect((await changed())[0]!.data).toEqual({ orgId: gymC.orgId, plan: 'starter', trialEndsAt: null });
    // An event naming another organization than its envelope's changes nothing.
    const forged = makeEnvelope(PaymentEvents.SubscriptionPaid, {
      ...meta(`order2_${uniq}`, gymC.orgId),
      data: { ...paid.data, organizationId: gymB.orgId, plan: 'pro' },
    });
    const barrier = makeEnvelope(PaymentEvents.SubscriptionPaid, { ...meta(`order2_${uniq}`, gymC.orgId), data: { ...paid.data, plan: 'pro' } });
    await produce(topicOf('payments'), forged, barrier);
    await expect.poll(async () => (await orgRow()).plan, { timeout: 30_000 }).toBe('pro');
    const other = await db().selectFrom('organizations').select(['plan']).where('id', '=', gymB.orgId).executeTakeFirstOrThrow();
    expect(other.plan).toBe('free');
  });
});
