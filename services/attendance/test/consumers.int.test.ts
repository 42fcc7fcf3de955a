import { EnquiriesEvents, MemberEvents, topicOf, topicSpecs, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, rebuildProjection, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { PROJECTIONS } from '../src/projections/rebuild.ts';
import { bootAttendance } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
let t: Awaited<ReturnType<typeof bootAttendance>>;
let consumers: RunningConsumer[] = [];
let owner: string;
let adminB: string;

beforeAll(async () => {
  t = await bootAttendance('attendance_cons');
  await t.org(orgA, [L1, L2]);
  await t.org(orgB, [LB]);
  const { bus } = t.runtime;
  await bus.ensureTopics(topicSpecs().filter((s) => [topicOf('members'), topicOf('trainers'), topicOf('attendance'), topicOf('enquiries')].includes(s.topic)));
  consumers = await startConsumers({
    bus,
    db: t.db,
    logger: t.runtime.logger,
    groups: {
      members: `${t.schema}.members`,
      trainers: `${t.schema}.trainers`,
      enquiries: `${t.schema}.enquiries`,
      auth: `${t.schema}.auth`,
      payments: `${t.schema}.payments`,
    },
    startAt: 'now',
  });
  owner = await t.sign(orgA, 'owner', [L1, L2]);
  adminB = await t.sign(orgB, 'admin', [LB]);
}, 120_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await t?.runtime.bus.deleteGroups((g) => g.includes(t.schema)).catch(() => undefined);
  await t?.close();
});

let seconds = 0;
const meta = (aggregateId: string) => ({
  orgId: orgA,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date(Date.parse('2026-11-01T00:00:00Z') + seconds++ * 1000).toISOString(),
});
const publish = (topic: 'members' | 'trainers' | 'enquiries', ...envs: EventEnvelope[]) =>
  t.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const status = (id: string, want: string) => async () => {
  const r = await t.db.selectFrom('members').select('status').where('id', '=', id).executeTakeFirst();
  return r?.status === want ? r : undefined;
};
const checkIn = (memberId: string) =>
  t.app.inject({ method: 'POST', url: '/attendance/check-in', headers: { authorization: `Bearer ${owner}` }, payload: { memberId, locationId: L1 } });

describe("the members service's events", () => {
  it('a registered member may check in; frozen refused; unfrozen allowed again; expired refused with the date', async () => {
    const id = randomUUID();
    const registered = makeEnvelope(MemberEvents.MemberRegistered, {
      ...meta(id),
      data: {
        memberId: id,
        locationId: L1,
        firstName: 'Kafka',
        lastName: 'Member',
        email: `${id}@example.in`,
        phone: '9876543210',
        membershipType: 'basic',
        paymentFrequency: 'monthly',
        feePaise: 100000,
        startDate: '2026-01-01',
        endDate: '2099-12-31',
      },
    });
    await publish('members', registered, registered);
    await vi.waitUntil(status(id, 'active'), { message: 'registered', timeout: 20_000, interval: 100 });
    expect((await checkIn(id)).statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: '/attendance/check-out', headers: { authorization: `Bearer ${owner}` }, payload: { memberId: id } });

    await publish('members', makeEnvelope(MemberEvents.MembershipFrozen, { ...meta(id), data: { memberId: id, frozenFrom: '2026-11-01', reason: null } }));
    await vi.waitUntil(status(id, 'frozen'), { message: 'frozen', timeout: 20_000, interval: 100 });
    const frozen = await checkIn(id);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().code).toBe('MEMBERSHIP_INACTIVE');

    await publish('members', makeEnvelope(MemberEvents.MembershipUnfrozen, { ...meta(id), data: { memberId: id, daysFrozen: 3, endDate: '2099-12-31' } }));
    await vi.waitUntil(status(id, 'active'), { message: 'unfrozen', timeout: 20_000, interval: 100 });

    await publish('members', makeEnvelope(MemberEvents.MembershipExpired, { ...meta(id), data: { memberId: id, endDate: '2026-11-12' } }));
    await vi.waitUntil(status(id, 'expired'), { message: 'expired', timeout: 20_000, interval: 100 });
    const expired = await checkIn(id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('Membership expired on 12 Nov 2026');
  });

  it('renewing early keeps the current term valid: check-in is not refused with "Membership starts on" (the new term starts at the old end)', async () => {
    const id = randomUUID();
    const day = (days: number) => new Date(t.time.now + days * 86_400_000).toISOString().slice(0, 10);
    const term = (termNo: number, startDate: string, endDate: string) => ({
      termNo,
      membershipType: 'basic' as const,
      paymentFrequency: 'monthly' as const,
      feePaise: 100000,
      paymentMethod: 'cash' as const,
      startDate,
      endDate,
    });
    await publish(
      'members',
      makeEnvelope(MemberEvents.MemberRegistered, {
        ...meta(id),
        data: {
          memberId: id,
          locationId: L1,
          firstName: 'Early',
          lastName: 'Renewer',
          email: `${id}@example.in`,
          phone: '9876543210',
          membershipType: 'basic',
          paymentFrequency: 'monthly',
          feePaise: 100000,
          startDate: day(-330),
          endDate: day(30),
        },
      }),
      makeEnvelope(MemberEvents.MembershipRenewed, {
        ...meta(id),
        data: { memberId: id, locationId: L1, term: term(2, day(30), day(395)), renewedAt: new Date().toISOString() },
      }),
    );
    await vi.waitUntil(
      async () => {
        const r = await t.db.selectFrom('members').select(['terms']).where('id', '=', id).executeTakeFirst();
        return r && r.terms.length === 2 ? r : undefined;
      },
      { message: 'renewed', timeout: 20_000, interval: 100 },
    );
    const inside = await checkIn(id);
    expect(inside.statusCode).toBe(201);
  });

  it('a sign-up is pending until renewed; an archived member is refused', async () => {
    const id = randomUUID();
    await publish(
      'members',
      makeEnvelope(MemberEvents.MemberSignedUp, {
        ...meta(id),
        data: { memberId: id, locationId: L1, firstName: 'Join', lastName: 'Code', email: `${id}@example.in`, phone: '9876543210' },
      }),
    );
    await vi.waitUntil(status(id, 'pending'), { message: 'pending', timeout: 20_000, interval: 100 });
    expect((await checkIn(id)).statusCode).toBe(409);
    await publish(
      'members',
      makeEnvelope(MemberEvents.MembershipRenewed, {
        ...meta(id),
        data: {
          memberId: id,
          locationId: L1,
          term: {
            termNo: 1,
            membershipType: 'basic',
            paymentFrequency: 'monthly',
            feePaise: 0,
            paymentMethod: null,
            startDate: '2026-01-01',
            endDate: '2099-01-01',
          },
          renewedAt: new Date().toISOString(),
        },
      }),
    );
    await vi.waitUntil(status(id, 'active'), { message: 'renewed', timeout: 20_000, interval: 100 });
    await publish('members', makeEnvelope(MemberEvents.MemberArchived, { ...meta(id), data: { memberId: id } }));
    await vi.waitUntil(status(id, 'archived'), { message: 'archived', timeout: 20_000, interval: 100 });
    expect((await checkIn(id)).json().message).toBe('This member has been archived and cannot check in.');
  });

  it('a trainer created in the trainers service may check in for their own time', async () => {
    const trainerId = randomUUID();
    await publish(
      'trainers',
      makeEnvelope(TrainerEvents.TrainerCreated, {
        ...meta(trainerId),
        data: {
          trainerId,
          locationId: L1,
          firstName: 'Tara',
          lastName: 'Singh',
          email: `${trainerId}@example.in`,
          phone: '9876543210',
          specialization: ['yoga'],
          maxClients: 10,
          isAvailable: true,
          hourlyRatePaise: 50000,
          status: 'active',
          source: 'staff',
        },
      }),
    );
    await vi.waitUntil(async () => t.db.selectFrom('trainers').select('id').where('id', '=', trainerId).executeTakeFirst(), {
      message: 'trainer',
      timeout: 20_000,
      interval: 100,
    });
    const res = await t.app.inject({ method: 'POST', url: '/attendance/check-in', headers: { authorization: `Bearer ${owner}` }, payload: { trainerId } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.trainer.name).toBe('Tara Singh');
  });
});

describe("enquiries' trial passes", () => {
  it('checks the lead in by the pass code inside its days at its location only; refused after, elsewhere and by another gym', async () => {
    const passId = randomUUID();
    const leadId = randomUUID();
    const code = 'TP-ABCDE-FGH23';
    const from = t.time.now;
    const until = from + 2 * 86_400_000;
    const lastDay = new Date(until - 1).toISOString().slice(0, 10);
    await publish(
      'enquiries',
      makeEnvelope(EnquiriesEvents.TrialPassIssued, {
        ...meta(leadId),
        locationId: L1,
        data: {
          passId,
          leadId,
          locationId: L1,
          name: 'Kiran Shah',
          phone: '9876543210',
          code,
          days: 2,
          validFrom: new Date(from).toISOString(),
          validUntil: new Date(until).toISOString(),
          lastDay,
        },
      }),
    );
    await vi.waitUntil(async () => t.db.selectFrom('trial_passes').select('id').where('id', '=', passId).executeTakeFirst(), {
      message: 'pass',
      timeout: 20_000,
      interval: 100,
    });
    const trial = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/attendance/trial-check-in', headers: { authorization: `Bearer ${token}` }, payload });

    // At the other location of the gym, and by another gym (whose staff cannot find it): refused, nothing recorded.
    const elsewhere = await trial(owner, { passCode: code, locationId: L2 });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('TRIAL_PASS_OTHER_LOCATION');
    expect((await trial(adminB, { passCode: code, locationId: LB })).statusCode).toBe(404);
    expect((await trial(owner, { passCode: 'TP-ZZZZZ-ZZZZZ', locationId: L1 })).statusCode).toBe(404);
    expect((await trial(owner, { passCode: '', locationId: L1 })).statusCode).toBe(400);

    // Typed at the desk as printed, lower case and spaces alike.
    const ok = await trial(owner, { passCode: ' tp abcde fgh23 ', locationId: L1 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ passId, leadId, name: 'Kiran Shah', locationId: L1, visitNumber: 1, checkInMethod: 'manual' });
    expect((await trial(owner, { passCode: code, locationId: L1 })).json().code).toBe('ALREADY_CHECKED_IN');
    const outbox = await t.db.selectFrom('outbox').select('payload').where('key', '=', passId).execute();
    expect(outbox.map((r) => (r.payload as { type: string }).type)).toEqual(['attendance.trial_visit_recorded']);

    // The next day the QR scanner reads the code: a visit (no member session).
    t.time.now = from + 86_400_000;
    const scan = await t.app.inject({
      method: 'POST',
      url: '/attendance/scan-qr',
      headers: { authorization: `Bearer ${owner}` },
      payload: { qrCode: code, locationId: L1 },
    });
    expect(scan.statusCode, scan.body).toBe(201);
    expect(scan.json().data).toMatchObject({
      attendance: null,
      member: { _id: leadId, name: 'Kiran Shah' },
      trialVisit: { visitNumber: 2, checkInMethod: 'qr' },
    });
    expect(await t.db.selectFrom('sessions').select('id').where('person_id', '=', leadId).execute()).toEqual([]);

    // After its last day.
    t.time.now = until + 3_600_000;
    const expired = await trial(owner, { passCode: code, locationId: L1 });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'TRIAL_PASS_EXPIRED', message: `This trial pass expired on ${displayDay(lastDay)}.` });
    const visits = await t.db.selectFrom('trial_visits').select('visit_number').where('pass_id', '=', passId).orderBy('visit_number').execute();
    expect(visits.map((v) => v.visit_number)).toEqual([1, 2]);
    // The visits' read table replays from the pass's stream to the same rows.
    const read = () => t.db.selectFrom('trial_visits').selectAll().where('pass_id', '=', passId).orderBy('visit_number').execute();
    const before = await read();
    await rebuildProjection(t.db, PROJECTIONS.trial_visits);
    expect(await read()).toEqual(before);
    t.time.now = from;
  });
});

const displayDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${iso}T00:00:00Z`));
