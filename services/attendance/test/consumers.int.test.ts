import { MemberEvents, topicOf, topicSpecs, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { bootAttendance } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
let t: Awaited<ReturnType<typeof bootAttendance>>;
let consumers: RunningConsumer[] = [];
let owner: string;

beforeAll(async () => {
  t = await bootAttendance('attendance_cons');
  await t.org(orgA, [L1]);
  const { bus } = t.runtime;
  await bus.ensureTopics(topicSpecs().filter((s) => [topicOf('members'), topicOf('trainers'), topicOf('attendance')].includes(s.topic)));
  consumers = await startConsumers({
    bus,
    db: t.db,
    logger: t.runtime.logger,
    groups: { members: `${t.schema}.members`, trainers: `${t.schema}.trainers` },
    startAt: 'now',
  });
  owner = await t.sign(orgA, 'owner', [L1]);
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
const publish = (topic: 'members' | 'trainers', ...envs: EventEnvelope[]) =>
  t.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const status = (id: string, want: string) => async () => {
  const r = await t.db.selectFrom('members').select('status').where('id', '=', id).executeTakeFirst();
  return r?.status === want ? r : undefined;
};
const checkIn = (memberId: string) =>
  t.app.inject({ method: 'POST', url: '/attendance/check-in', headers: { authorization: `Bearer ${owner}` }, payload: { memberId } });

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
