import {
  AuthEvents,
  ErrorBody,
  FeedbackEvents,
  MemberEvents,
  PaymentEvents,
  SchedulingEvents,
  topicOf,
  topicSpecs,
  trainersRoutes,
  TrainerEvents,
  type EventEnvelope,
  type Role,
  type RouteContract,
} from '@akhada/contracts';
import { createEventBus, createLogger, makeEnvelope, newId, type EventBus } from '@akhada/kit';
import { bootServiceForTest, testInfra, type TestService } from '@akhada/kit/testing';
import { approvePendingTrainer, trainerByEmail } from '@akhada/test-support/trainers';
import type { Kysely } from 'kysely';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TrainersDeps } from '../src/app/deps.ts';
import { flagExpiringCertifications } from '../src/app/flag-expiring-certifications.ts';
import { buildApp } from '../src/build-app.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { migrations } from '../src/db/migrations.ts';
import { rebuild } from '../src/projections/rebuild.ts';
import type { TrainersDb } from '../src/db/schema.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// ---------- fixtures: gym A (plan pro, two locations), gym B, and organizations for the plan tests ----------
interface User {
  id: string;
  role: Role;
  locs: string[];
  orgId: string;
}
const orgA = newId();
const [L1, L2] = [newId(), newId()];
const ownerA: User = { id: newId(), role: 'owner', locs: [L1, L2], orgId: orgA };
const adminL2: User = { id: newId(), role: 'admin', locs: [L2], orgId: orgA };
const memberA: User = { id: newId(), role: 'member', locs: [L1], orgId: orgA };
const orgB = newId();
const ownerB: User = { id: newId(), role: 'owner', locs: [newId()], orgId: orgB };

let svc: TestService<TrainersDb, TrainersDeps, ReturnType<typeof buildApp>>;
let db: Kysely<TrainersDb>;
let app: ReturnType<typeof buildApp>;
let producer: EventBus;
let now = new Date('2026-03-10T04:30:00.000Z');
const clock = () => now;

// ---------- helpers ----------
const tokenOf = (u: User) => svc.keys.sign({ userId: u.id, orgId: u.orgId, role: u.role, locationIds: u.locs });
const call = async (u: User | null, method: RouteContract['method'], url: string, body?: unknown) => {
  const res = await app.inject({
    method,
    url,
    headers: u ? { authorization: `Bearer ${await tokenOf(u)}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { data?: unknown; code?: string; message?: string } };
};
const meta = (aggregateId: string, orgId: string) => ({
  aggregateId,
  orgId,
  correlationId: newId(),
  causationId: newId(),
  occurredAt: new Date().toISOString(),
});
const produce = async (topic: string, env: EventEnvelope<unknown>) =>
  producer.publish([{ topic, key: env.aggregateId, value: JSON.stringify(env), headers: { 'event-id': env.eventId, 'event-type': env.type } }]);
const outboxOf = async (type: string, aggregateId?: string) =>
  (await db.selectFrom('outbox').select('payload').where('topic', '=', topicOf('trainers')).orderBy('id').execute())
    .map((r) => r.payload as EventEnvelope<Record<string, unknown>>)
    .filter((p) => p.type === type && (aggregateId === undefined || p.aggregateId === aggregateId));

let seq = 0;
const trainerBody = (over: Record<string, unknown> = {}) => {
  seq++;
  return {
    firstName: 'Arjun',
    lastName: `Nair${seq}`,
    email: `trainer${seq}.${newId().slice(-8)}@example.in`,
    phone: `+91 98220 ${String(30000 + seq).padStart(5, '0')}`,
    specialization: ['yoga'],
    experience: 4,
    hourlyRate: 800.5,
    locationId: L1,
    ...over,
  };
};
const create = async (u: User, over: Record<string, unknown> = {}) => {
  const res = await call(u, 'POST', '/trainers', trainerBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return trainersRoutes.create.responses[201].parse(res.body).data;
};
const trainerUser = (id: string, locs = [L1]): User => ({ id, role: 'trainer', locs, orgId: orgA });

const memberRegistered = (memberId: string, locationId: string, orgId = orgA) =>
  makeEnvelope(MemberEvents.MemberRegistered, {
    ...meta(memberId, orgId),
    locationId,
    data: {
      memberId,
      locationId,
      firstName: 'Priya',
      lastName: 'Sharma',
      email: `${memberId}@example.in`,
      phone: '+919876543210',
      membershipType: 'premium',
      paymentFrequency: 'monthly',
      feePaise: 150_000,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    },
  });
/** Scheduling's appointment events, each carrying the whole appointment (an hour long, at L1). */
const appointment = (
  type: 'AppointmentBooked' | 'AppointmentCancelled' | 'AppointmentAttended' | 'AppointmentNoShow',
  appointmentId: string,
  trainerId: string,
  memberId: string,
  startsAt: string,
  occurredAt = new Date().toISOString(),
) => {
  const facts = {
    appointmentId,
    locationId: L1,
    memberId,
    trainerId,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    bookedBy: memberId,
  };
  const base = { ...meta(appointmentId, orgA), occurredAt, locationId: L1 };
  return type === 'AppointmentCancelled'
    ? makeEnvelope(SchedulingEvents.AppointmentCancelled, { ...base, data: { ...facts, late: false, cancelledBy: memberId } })
    : makeEnvelope(SchedulingEvents[type], { ...base, data: facts });
};
const assigned = (memberId: string, trainerId: string) =>
  makeEnvelope(MemberEvents.MemberTrainerAssigned, { ...meta(memberId, orgA), data: { memberId, trainerId, previousTrainerId: null } });

beforeAll(async () => {
  const { brokers } = await testInfra();
  producer = createEventBus({ clientId: `test-producer-${newId()}`, brokers, logger: createLogger('trainers-test', 'warn') });
  await producer.ensureTopics(
    topicSpecs().filter((t) =>
      [topicOf('auth'), topicOf('members'), topicOf('trainers'), topicOf('payments'), topicOf('feedback'), topicOf('scheduling')].includes(t.topic),
    ),
  );
  svc = await bootServiceForTest<TrainersDb, TrainersDeps, ReturnType<typeof buildApp>>({
    name: 'trainers',
    migrations,
    // Gym A is on the enterprise plan (no trainer cap).
    directory: { orgs: [{ orgId: orgA, plan: 'enterprise' }], locations: [{ locationId: L1, orgId: orgA, name: 'Koregaon Park' }] },
    deps: async ({ db, schema, runtime, logger, onClose }) => {
      const consumers = await startConsumers({
        bus: runtime!.bus,
        db,
        logger,
        groups: {
          auth: `${schema}.auth`,
          members: `${schema}.members`,
          payments: `${schema}.payments`,
          feedback: `${schema}.feedback`,
          scheduling: `${schema}.scheduling`,
        },
        startAt: 'now',
      });
      onClose(async () => {
        for (const c of consumers) await c.stop();
        await producer.deleteGroups((g) => g.includes(schema));
      });
      return { db, clock };
    },
    buildApp,
  });
  ({ db, app } = svc);
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await producer?.disconnect();
}, 60_000);

// ---------- the routes ----------
const routeList = Object.values(trainersRoutes) as RouteContract[];
const urlOf = (path: string, id: string) => path.replace(':id', id).replace(':certificationId', newId());
const bodyFor = (r: RouteContract) => (r.method === 'GET' || r.method === 'DELETE' ? undefined : {});

describe('authorization', () => {
  it('asks for a token', async () => {
    const res = await call(null, 'GET', '/trainers');
    expect(res.status).toBe(401);
    expect(ErrorBody.parse(res.body).code).toBe('UNAUTHENTICATED');
  });

  it('answers 403 to a member on every trainers route, and changes nothing', async () => {
    const t = await create(ownerA);
    const eventsBefore = await db.selectFrom('events').select('global_position').execute();
    for (const r of routeList) {
      const res = await call(memberA, r.method, urlOf(r.path, t._id), bodyFor(r));
      // Routes with a body answer 400 for an empty one before the role check; every other answer is 403.
      if (res.status === 400) {
        const valid = r.path.endsWith('/schedule')
          ? { weeklySlots: [] }
          : r.path.endsWith('/certifications')
            ? { name: 'X', issuingOrganization: 'Y', issueDate: '2024-01-01' }
            : r.method === 'PUT'
              ? { ...trainerBody(), maxClients: 10, bio: '', isAvailable: true }
              : trainerBody();
        const again = await call(memberA, r.method, urlOf(r.path, t._id), valid);
        expect(again.status, `${r.method} ${r.path}: ${JSON.stringify(again.body)}`).toBe(403);
      } else {
        expect(res.status, `${r.method} ${r.path}: ${JSON.stringify(res.body)}`).toBe(403);
      }
    }
    expect(await db.selectFrom('events').select('global_position').execute()).toHaveLength(eventsBefore.length);
  });

  it('answers 404 to gym B’s owner for gym A’s trainer on every route that takes an id', async () => {
    const t = await create(ownerA);
    const idRoutes = routeList.filter((r) => r.path.includes(':id'));
    const bodies: Record<string, unknown> = {
      '/trainers/:id': { ...trainerBody(), maxClients: 10, bio: '', isAvailable: true },
      '/trainers/:id/schedule': { weeklySlots: [] },
      '/trainers/:id/certifications': { name: 'X', issuingOrganization: 'Y', issueDate: '2024-01-01' },
    };
    for (const r of idRoutes) {
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : (bodies[r.path] ?? {});
      const res = await call(ownerB, r.method, urlOf(r.path, t._id), body);
      expect(res.status, `${r.method} ${r.path}: ${JSON.stringify(res.body)}`).toBe(404);
    }
    // And gym A's trainer is untouched.
    const after = await call(ownerA, 'GET', `/trainers/${t._id}`);
    expect(after.status).toBe(200);
    expect((after.body.data as { version: number }).version).toBe(t.version);
  });

  it('answers 404 to an admin of another location of the same gym', async () => {
    const t = await create(ownerA, { locationId: L1 });
    expect((await call(adminL2, 'GET', `/trainers/${t._id}`)).status).toBe(404);
    expect((await call(adminL2, 'PUT', `/trainers/${t._id}`, { ...trainerBody(), maxClients: 10, bio: '', isAvailable: true })).status).toBe(404);
    expect((await call(adminL2, 'DELETE', `/trainers/${t._id}`)).status).toBe(404);
    // Nor may they add a trainer to a location they do not run.
    expect((await call(adminL2, 'POST', '/trainers', trainerBody({ locationId: L1 }))).status).toBe(403);
  });

  it('lets a trainer read the trainers of their location, but not delete or edit others, and edit only their own schedule', async () => {
    const me = await create(ownerA);
    const other = await create(ownerA);
    const tMe = trainerUser(me._id);
    expect((await call(tMe, 'GET', '/trainers')).status).toBe(200);
    expect((await call(tMe, 'GET', `/trainers/${other._id}`)).status).toBe(200);
    expect((await call(tMe, 'DELETE', `/trainers/${other._id}`)).status).toBe(403);
    expect((await call(tMe, 'DELETE', `/trainers/${me._id}`)).status).toBe(403);
    expect((await call(tMe, 'POST', '/trainers', trainerBody())).status).toBe(403);
    expect((await call(tMe, 'PUT', `/trainers/${other._id}`, { ...trainerBody(), maxClients: 10, bio: '', isAvailable: true })).status).toBe(403);
    expect((await call(tMe, 'GET', '/trainers/stats/overview')).status).toBe(403);
    const slots = { weeklySlots: [{ dayOfWeek: 1, startTime: '06:00', endTime: '09:00' }] };
    expect((await call(tMe, 'PUT', `/trainers/${other._id}/schedule`, slots)).status).toBe(403);
    expect((await call(tMe, 'POST', `/trainers/${other._id}/certifications`, { name: 'X', issuingOrganization: 'Y', issueDate: '2024-01-01' })).status).toBe(
      403,
    );
    expect((await call(tMe, 'GET', `/trainers/${other._id}/members`)).status).toBe(403);
    expect((await call(tMe, 'GET', `/trainers/${other._id}/earnings`)).status).toBe(403);
    const own = await call(tMe, 'PUT', `/trainers/${me._id}/schedule`, slots);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(trainersRoutes.updateSchedule.responses[200].parse(own.body).data).toMatchObject({
      timezone: 'Asia/Kolkata',
      weeklySlots: slots.weeklySlots,
      sessions: [],
    });
    // Scheduling books appointments inside these hours: the change is published with the trainer's location.
    expect((await outboxOf(TrainerEvents.TrainerScheduleChanged.type, me._id)).map((e) => e.data)).toEqual([
      { trainerId: me._id, locationId: L1, weeklySlots: slots.weeklySlots },
    ]);
    expect((await call(tMe, 'GET', `/trainers/${me._id}/members`)).status).toBe(200);
    const mine = await call(tMe, 'GET', '/trainers/me');
    expect(mine.status).toBe(200);
    expect((mine.body.data as { _id: string })._id).toBe(me._id);
    expect((await call(ownerA, 'GET', '/trainers/me')).status).toBe(403);
  });
});

describe('bad input', () => {
  it('answers every route’s broken fields with a 4xx and the error body, never a 5xx, and writes nothing', async () => {
    const t = await create(ownerA);
    const valid: Record<string, Record<string, unknown>> = {
      'POST /trainers': trainerBody(),
      'PUT /trainers/:id': { ...trainerBody(), maxClients: 10, bio: '', isAvailable: true },
      'PUT /trainers/:id/schedule': { weeklySlots: [{ dayOfWeek: 1, startTime: '06:00', endTime: '09:00' }] },
      'POST /trainers/:id/certifications': { name: 'X', issuingOrganization: 'Y', issueDate: '2024-01-01', expiryDate: '2025-01-01' },
      'GET /trainers': { search: 'a', specialization: 'yoga', availability: 'available', status: 'active', locationId: L1, page: 1, limit: 10 },
      'GET /trainers/:id/members': { page: 1, limit: 10 },
      'GET /trainers/:id/earnings': { startDate: '2026-03-01', endDate: '2026-03-31' },
    };
    const badValues: unknown[] = [null, 12345, -1, 1e308, 'x'.repeat(5000), 'a\u0000b', '\u202Eevil', '', [], {}, true, '2026-02-30', 'not-a-uuid'];
    const events = async () => (await db.selectFrom('events').select('global_position').execute()).length;
    let calls = 0;
    for (const r of routeList) {
      const key = `${r.method} ${r.path}`;
      const sample = valid[key];
      if (!sample) continue;
      for (const field of Object.keys(sample)) {
        for (const bad of badValues) {
          const broken = { ...sample, [field]: bad };
          const url = urlOf(r.path, t._id);
          const before = await events();
          const res =
            r.method === 'GET'
              ? await call(
                  ownerA,
                  'GET',
                  `${url}?${new URLSearchParams(Object.entries(broken).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()}`,
                )
              : await call(ownerA, r.method, url, broken);
          calls++;
          expect(res.status, `${key} ${field}=${JSON.stringify(bad).slice(0, 40)}: ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(ErrorBody.safeParse(res.body).success, `${key} ${field}: error body`).toBe(true);
          if (r.method !== 'GET' && res.status >= 400) expect(await events(), `${key} ${field}=${JSON.stringify(bad).slice(0, 40)} wrote`).toBe(before);
        }
      }
    }
    expect(calls).toBeGreaterThan(300);
  });
});

describe('POST /trainers and PUT /trainers/:id', () => {
  it('adds a trainer in the contract’s shape, with derived availability, capacity and certification states, and announces it', async () => {
    const body = trainerBody({
      maxClients: 15,
      specialization: ['strength_training', 'nutrition'],
      certifications: [
        { name: 'ACE CPT', issuingOrganization: 'ACE', issueDate: '2024-01-01', expiryDate: '2026-03-25' },
        { name: 'Yoga Alliance RYT 200', issuingOrganization: 'Yoga Alliance', issueDate: '2023-06-01' },
      ],
    });
    const res = await call(ownerA, 'POST', '/trainers', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const t = trainersRoutes.create.responses[201].parse(res.body).data;
    expect(t).toMatchObject({
      fullName: `${body.firstName} ${body.lastName}`,
      locationId: L1,
      hourlyRate: 800.5,
      maxClients: 15,
      currentClients: 0,
      availabilityStatus: 'available',
      clientCapacity: '0/15',
      rating: { average: 0, count: 0 },
      status: 'active',
      accountStatus: 'invited',
      joinedWithCode: false,
    });
    expect(t.certifications.map((c) => [c.name, c.expiryState])).toEqual([
      ['Yoga Alliance RYT 200', 'valid'],
      ['ACE CPT', 'expiring'],
    ]);
    const [announced] = await outboxOf('trainers.trainer_created', t._id);
    const data = TrainerEvents.TrainerCreated.data.parse(announced?.data);
    expect(data).toMatchObject({ trainerId: t._id, source: 'staff', status: 'active', hourlyRatePaise: 80050, locationId: L1 });
  });

  it('defaults maxClients to 10 and refuses bad input with 400, writing nothing', async () => {
    const t = await create(ownerA);
    expect(t.maxClients).toBe(10);
    const before = (await db.selectFrom('trainers').select('id').execute()).length;
    for (const bad of [
      trainerBody({ maxClients: 51 }),
      trainerBody({ maxClients: 0 }),
      trainerBody({ specialization: [] }),
      trainerBody({ email: 'not-an-email' }),
      trainerBody({ experience: 1.5 }),
      trainerBody({ hourlyRate: -1 }),
      trainerBody({ certifications: [{ name: 'X', issuingOrganization: 'Y', issueDate: '2025-01-01', expiryDate: '2024-01-01' }] }),
    ]) {
      const res = await call(ownerA, 'POST', '/trainers', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await db.selectFrom('trainers').select('id').execute()).length).toBe(before);
  });

  it('refuses a second trainer with the same email in the gym (any case) with 409 EMAIL_TAKEN', async () => {
    const t = await create(ownerA);
    const res = await call(ownerA, 'POST', '/trainers', trainerBody({ email: t.user.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    // Another gym may have a trainer with that email.
    await create(ownerB, { email: t.user.email, locationId: ownerB.locs[0] });
  });

  it('updates details and availability; a stale expectedVersion is refused with 409', async () => {
    const t = await create(ownerA);
    const edit = { ...trainerBody(), maxClients: 20, bio: 'Morning batches', isAvailable: false, expectedVersion: t.version };
    const res = await call(ownerA, 'PUT', `/trainers/${t._id}`, edit);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = trainersRoutes.update.responses[200].parse(res.body).data;
    expect(updated).toMatchObject({ maxClients: 20, bio: 'Morning batches', isAvailable: false, availabilityStatus: 'unavailable', version: t.version + 1 });
    const stale = await call(ownerA, 'PUT', `/trainers/${t._id}`, { ...edit, bio: 'Evening' });
    expect(stale.status).toBe(409);
    expect((await call(ownerA, 'GET', `/trainers/${t._id}`)).body.data).toMatchObject({ bio: 'Morning batches' });
    const [snap] = await outboxOf('trainers.trainer_updated', t._id);
    expect(TrainerEvents.TrainerUpdated.data.parse(snap?.data)).toMatchObject({ isAvailable: false, maxClients: 20, locationId: L1 });
    expect((await call(ownerA, 'PUT', `/trainers/${t._id}`, { ...edit, maxClients: 51, expectedVersion: undefined })).status).toBe(400);
  });
});

describe('the plan’s trainer allowance', () => {
  it('refuses a 3rd approved trainer on the free plan with 409 PLAN_LIMIT', async () => {
    const org = newId();
    const owner: User = { id: newId(), role: 'owner', locs: [newId()], orgId: org };
    await create(owner, { locationId: owner.locs[0] });
    await create(owner, { locationId: owner.locs[0] });
    const third = await call(owner, 'POST', '/trainers', trainerBody({ locationId: owner.locs[0] }));
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ code: 'PLAN_LIMIT', message: 'Your Free plan allows 2 trainers. Choose a bigger plan to add more.' });
    const stats = await call(owner, 'GET', '/trainers/stats/overview');
    expect((stats.body.data as { plan: unknown }).plan).toEqual({ limit: 2, used: 2 });
  });

  it('never lets concurrent creates exceed the plan', async () => {
    const org = newId();
    const owner: User = { id: newId(), role: 'owner', locs: [newId()], orgId: org };
    const results = await Promise.all(Array.from({ length: 6 }, () => call(owner, 'POST', '/trainers', trainerBody({ locationId: owner.locs[0] }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const active = await db.selectFrom('trainers').select('id').where('org_id', '=', org).where('status', '=', 'active').execute();
    expect(active).toHaveLength(2);
  });

  it('follows the plan auth announces: a change to pro makes room', async () => {
    const org = newId();
    const owner: User = { id: newId(), role: 'owner', locs: [newId()], orgId: org };
    await create(owner, { locationId: owner.locs[0] });
    await create(owner, { locationId: owner.locs[0] });
    await produce(
      topicOf('auth'),
      makeEnvelope(AuthEvents.OrganizationPlanChanged, { ...meta(org, org), data: { orgId: org, plan: 'pro', trialEndsAt: null } }),
    );
    await vi.waitFor(async () => expect((await call(owner, 'GET', '/trainers/stats/overview')).body.data).toMatchObject({ plan: { limit: 5, used: 2 } }), {
      timeout: 30_000,
      interval: 100,
    });
    await create(owner, { locationId: owner.locs[0] });
  });
});

describe('trainers who joined with the code', () => {
  const joinCode = (userId: string, orgId: string, locationId: string) =>
    makeEnvelope(AuthEvents.UserRegistered, {
      ...meta(userId, orgId),
      data: { userId, orgId, role: 'trainer', firstName: 'Kiran', lastName: 'Rao', email: `${userId}@example.in`, locationIds: [locationId], via: 'join_code' },
    });

  it('become pending trainers (listed only when asked for), approved by staff, counting against the plan; idempotent', async () => {
    const userId = newId();
    const env = joinCode(userId, orgA, L1);
    await produce(topicOf('auth'), env);
    await produce(topicOf('auth'), env); // redelivered
    const pending = await vi.waitFor(
      async () => {
        const res = await call(ownerA, 'GET', '/trainers?status=pending');
        const found = (res.body.data as { _id: string }[]).find((t) => t._id === userId);
        expect(found).toBeTruthy();
        return found as unknown as { status: string; joinedWithCode: boolean; accountStatus: string };
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(pending).toMatchObject({ status: 'pending', joinedWithCode: true, accountStatus: 'active' });
    expect(((await call(ownerA, 'GET', '/trainers?limit=100')).body.data as { _id: string }[]).some((t) => t._id === userId)).toBe(false);
    // A trainer colleague does not see them.
    const colleague = await create(ownerA);
    expect((await call(trainerUser(colleague._id), 'GET', `/trainers/${userId}`)).status).toBe(404);
    const [createdEvent] = await outboxOf('trainers.trainer_created', userId);
    expect(createdEvent?.data).toMatchObject({ source: 'join_code', status: 'pending' });
    expect(await outboxOf('trainers.trainer_created', userId)).toHaveLength(1);

    const approved = await call(ownerA, 'POST', `/trainers/${userId}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body.data as { status: string }).status).toBe('active');
    expect(await outboxOf('trainers.trainer_approved', userId)).toHaveLength(1);
  });

  it('are refused approval when the plan is full', async () => {
    const org = newId();
    const loc = newId();
    const owner: User = { id: newId(), role: 'owner', locs: [loc], orgId: org };
    const first = await create(owner, { locationId: loc });
    await create(owner, { locationId: loc });
    // Approving a trainer who is active already takes no new place.
    expect((await call(owner, 'POST', `/trainers/${first._id}/approve`)).status).toBe(200);
    const userId = newId();
    await produce(topicOf('auth'), joinCode(userId, org, loc));
    await vi.waitFor(async () => expect((await call(owner, 'GET', `/trainers/${userId}`)).status).toBe(200), { timeout: 30_000, interval: 100 });
    const res = await call(owner, 'POST', `/trainers/${userId}/approve`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PLAN_LIMIT');
    // Refusing the pending one (archive) is still possible.
    expect((await call(owner, 'DELETE', `/trainers/${userId}`)).status).toBe(200);
  });

  it('follow auth’s invitation events in accountStatus', async () => {
    const t = await create(ownerA);
    await produce(topicOf('auth'), makeEnvelope(AuthEvents.InvitationAccepted, { ...meta(t._id, orgA), data: { userId: t._id, role: 'trainer' } }));
    await vi.waitFor(async () => expect((await call(ownerA, 'GET', `/trainers/${t._id}`)).body.data).toMatchObject({ accountStatus: 'active' }), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await call(ownerA, 'POST', `/trainers/${t._id}/resend-invitation`)).status).toBe(409);
    const t2 = await create(ownerA);
    await produce(
      topicOf('auth'),
      makeEnvelope(AuthEvents.InvitationFailed, { ...meta(t2._id, orgA), data: { userId: t2._id, role: 'trainer', reason: 'email_in_use' } }),
    );
    await vi.waitFor(async () => expect((await call(ownerA, 'GET', `/trainers/${t2._id}`)).body.data).toMatchObject({ accountStatus: 'failed' }), {
      timeout: 30_000,
      interval: 100,
    });
    const resend = await call(ownerA, 'POST', `/trainers/${t2._id}/resend-invitation`);
    expect(resend.status, JSON.stringify(resend.body)).toBe(200);
    expect(await outboxOf('trainers.invitation_resend_requested', t2._id)).toHaveLength(1);
  });
});

describe('clients, sessions and availability', () => {
  it('counts clients from the members service’s events, lists them, books sessions without overlap and derives availability', async () => {
    const t = await create(ownerA, { maxClients: 2 });
    const [m1, m2, stranger] = [newId(), newId(), newId()];
    for (const m of [m1, m2, stranger]) await produce(topicOf('members'), memberRegistered(m, L1));
    await produce(topicOf('members'), assigned(m1, t._id));
    await produce(topicOf('members'), assigned(m2, t._id));
    const full = await vi.waitFor(
      async () => {
        const res = await call(ownerA, 'GET', `/trainers/${t._id}`);
        expect(res.body.data).toMatchObject({ currentClients: 2 });
        return res.body.data;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(full).toMatchObject({ availabilityStatus: 'fully_booked', clientCapacity: '2/2' });
    const fullyBooked = await call(ownerA, 'GET', '/trainers?availability=fully_booked&limit=100');
    expect((fullyBooked.body.data as { _id: string }[]).map((x) => x._id)).toContain(t._id);

    const clients = await call(trainerUser(t._id), 'GET', `/trainers/${t._id}/members?limit=1`);
    expect(clients.status).toBe(200);
    const page = trainersRoutes.members.responses[200].parse(clients.body);
    expect(page.totalCount).toBe(2);
    expect(page.data).toHaveLength(1);
    expect(page.pagination).toEqual({ page: 1, limit: 1, totalPages: 2 });

    // Sessions are scheduling's appointments: the schedule shows the booked ones that have not ended, with the member's name.
    const [a1, a2] = [newId(), newId()];
    await produce(topicOf('scheduling'), appointment('AppointmentBooked', a1, t._id, m1, '2026-03-11T01:00:00.000Z'));
    await produce(topicOf('scheduling'), appointment('AppointmentBooked', a2, t._id, m2, '2026-03-12T01:00:00.000Z', '2026-03-10T03:00:00.000Z'));
    const sessions = async () =>
      trainersRoutes.schedule.responses[200].parse((await call(trainerUser(t._id), 'GET', `/trainers/${t._id}/schedule`)).body).data.sessions;
    await vi.waitFor(async () => expect((await sessions()).map((x) => x._id)).toEqual([a1, a2]), { timeout: 30_000, interval: 100 });
    expect((await sessions())[0]).toEqual({
      _id: a1,
      member: { _id: m1, fullName: 'Priya Sharma' },
      startsAt: '2026-03-11T01:00:00.000Z',
      durationMinutes: 60,
      notes: null,
    });
    // Cancelled: gone; an older event arriving late (the booking again) changes nothing.
    const cancelled = appointment('AppointmentCancelled', a2, t._id, m2, '2026-03-12T01:00:00.000Z', '2026-03-10T05:00:00.000Z');
    await produce(topicOf('scheduling'), cancelled);
    await produce(topicOf('scheduling'), appointment('AppointmentBooked', a2, t._id, m2, '2026-03-12T01:00:00.000Z', '2026-03-10T04:00:00.000Z'));
    // The barrier: a third appointment on the same partition (same key as a2) arrives after both.
    const barrier = newId();
    const barrierEnv = appointment('AppointmentBooked', barrier, t._id, m1, '2026-03-13T01:00:00.000Z');
    await producer.publish([
      { topic: topicOf('scheduling'), key: a2, value: JSON.stringify(barrierEnv), headers: { 'event-id': barrierEnv.eventId, 'event-type': barrierEnv.type } },
    ]);
    await vi.waitFor(async () => expect((await sessions()).map((x) => x._id)).toEqual([a1, barrier]), { timeout: 30_000, interval: 100 });

    // Unassigned and archived members leave the count.
    await produce(
      topicOf('members'),
      makeEnvelope(MemberEvents.MemberTrainerUnassigned, { ...meta(m1, orgA), data: { memberId: m1, trainerId: t._id, reason: 'staff' } }),
    );
    await produce(topicOf('members'), makeEnvelope(MemberEvents.MemberArchived, { ...meta(m2, orgA), data: { memberId: m2 } }));
    await vi.waitFor(
      async () =>
        expect((await call(ownerA, 'GET', `/trainers/${t._id}`)).body.data).toMatchObject({
          currentClients: 0,
          availabilityStatus: 'available',
          clientCapacity: '0/2',
        }),
      { timeout: 30_000, interval: 100 },
    );
  });

  it("answers earnings from payments' events: zeros before any, then what was paid net of refunds, this month by default", async () => {
    const t = await create(ownerA);
    const res = await call(ownerA, 'GET', `/trainers/${t._id}/earnings`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31', total: 0, sessions: 0, byType: [], sourceAvailable: true });
    expect((await call(ownerA, 'GET', `/trainers/${t._id}/earnings?startDate=2026-03-10&endDate=2026-03-01`)).status).toBe(400);

    const paymentId = newId();
    const facts = {
      paymentId,
      organizationId: orgA,
      locationId: L1,
      category: 'trainer' as const,
      type: 'salary',
      memberId: null,
      memberName: '',
      trainerId: t._id,
      trainerName: 'Arjun',
      amountPaise: 3_000_000,
      gstPaise: 0,
      totalPaise: 3_000_000,
      method: 'netbanking' as const,
      description: 'Salary for March 2026',
      membershipType: null,
      membershipPeriod: null,
      paymentFrequency: null,
      salaryPeriod: { month: 3, year: 2026 },
      dueDate: null,
      source: 'staff' as const,
      sourceId: null,
    };
    const paidAt = '2026-03-05T06:00:00.000Z';
    const completed = makeEnvelope(PaymentEvents.PaymentCompleted, {
      ...meta(paymentId, orgA),
      occurredAt: paidAt,
      data: {
        ...facts,
        status: 'completed',
        refundedPaise: 0,
        occurredAt: paidAt,
        paidAt,
        completedVia: 'recorded',
        razorpayPaymentId: null,
        razorpayOrderId: null,
      },
    });
    const refundedAt = '2026-03-06T06:00:00.000Z';
    const refunded = makeEnvelope(PaymentEvents.PaymentRefunded, {
      ...meta(paymentId, orgA),
      occurredAt: refundedAt,
      data: {
        ...facts,
        status: 'partially_refunded',
        refundedPaise: 500_000,
        occurredAt: refundedAt,
        refundId: newId(),
        refundPaise: 500_000,
        fully: false,
        reason: 'advance adjusted',
        refundedAt,
        refundedBy: null,
      },
    });
    // Delivered sessions: attended appointments of the period (a no-show and one in April do not count in March).
    await produce(topicOf('scheduling'), appointment('AppointmentAttended', newId(), t._id, newId(), '2026-03-04T18:45:00.000Z')); // 5 March in Kolkata
    await produce(topicOf('scheduling'), appointment('AppointmentNoShow', newId(), t._id, newId(), '2026-03-06T04:30:00.000Z'));
    await produce(topicOf('scheduling'), appointment('AppointmentAttended', newId(), t._id, newId(), '2026-03-31T18:45:00.000Z')); // 1 April
    await produce(topicOf('payments'), completed);
    await produce(topicOf('payments'), refunded);
    await produce(topicOf('payments'), completed); // a redelivery of the older event changes nothing
    await vi.waitFor(
      async () =>
        expect((await call(ownerA, 'GET', `/trainers/${t._id}/earnings`)).body.data).toEqual({
          startDate: '2026-03-01',
          endDate: '2026-03-31',
          total: 25000,
          sessions: 1,
          byType: [{ type: 'salary', amount: 25000, count: 1 }],
          sourceAvailable: true,
        }),
      { timeout: 30_000, interval: 100 },
    );
    const april = await call(ownerA, 'GET', `/trainers/${t._id}/earnings?startDate=2026-04-01&endDate=2026-04-30`);
    expect(april.body).toMatchObject({ data: { total: 0, sessions: 1 } });
  });
});

describe('lists, search and stats', () => {
  it('searches by name, email, phone and specialization, filters, pages (limit ≤ 100)', async () => {
    const unique = `Zorawar${seq}`;
    const t = await create(ownerA, { firstName: unique, specialization: ['pilates'], phone: '+91 90000 12345', locationId: L2 });
    const ids = async (q: string) => ((await call(ownerA, 'GET', `/trainers?${q}`)).body.data as { _id: string }[]).map((x) => x._id);
    expect(await ids(`search=${unique.toLowerCase()}`)).toEqual([t._id]);
    expect(await ids(`search=${encodeURIComponent(t.user.email)}`)).toEqual([t._id]);
    expect(await ids('search=90000%2012345')).toEqual([t._id]);
    expect(await ids('specialization=pilates&limit=100')).toContain(t._id);
    expect(await ids('search=pilates&limit=100')).toContain(t._id);
    expect(await ids('specialization=crossfit&limit=100')).not.toContain(t._id);
    expect(await ids(`locationId=${L1}&limit=100`)).not.toContain(t._id);
    expect((await call(ownerA, 'GET', '/trainers?limit=101')).status).toBe(400);
    expect((await call(adminL2, 'GET', `/trainers?locationId=${L1}`)).status).toBe(403);
    const page = trainersRoutes.list.responses[200].parse((await call(ownerA, 'GET', '/trainers?limit=2&page=1')).body);
    expect(page.data).toHaveLength(2);
    expect(page.pagination.totalPages).toBe(Math.ceil(page.totalCount / 2));
    // Gym B sees none of gym A's trainers.
    expect(await (async () => ((await call(ownerB, 'GET', '/trainers?limit=100')).body.data as { _id: string }[]).some((x) => x._id === t._id))()).toBe(false);
  });

  it('answers stats over the caller’s locations', async () => {
    const res = await call(ownerA, 'GET', '/trainers/stats/overview');
    expect(res.status).toBe(200);
    const s = trainersRoutes.stats.responses[200].parse(res.body).data;
    const active = await db.selectFrom('trainers').select('id').where('org_id', '=', orgA).where('status', '=', 'active').execute();
    expect(s.total).toBe(active.length);
    expect(s.available + s.fullyBooked + s.unavailable).toBe(s.total);
    expect(s.plan).toEqual({ limit: null, used: active.length });
    expect(s.certificationsExpiringIn30Days).toBeGreaterThanOrEqual(1);
  });
});

describe('certifications and archive', () => {
  it('adds and removes certifications (staff or the trainer themself)', async () => {
    const t = await create(ownerA);
    const added = await call(trainerUser(t._id), 'POST', `/trainers/${t._id}/certifications`, {
      name: 'CrossFit L1',
      issuingOrganization: 'CrossFit',
      issueDate: '2025-01-01',
      expiryDate: '2027-01-01',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const cert = trainersRoutes.addCertification.responses[201].parse(added.body).data.certifications[0];
    expect(cert).toMatchObject({ name: 'CrossFit L1', expiryState: 'valid' });
    const removed = await call(ownerA, 'DELETE', `/trainers/${t._id}/certifications/${cert?._id}`);
    expect(removed.status).toBe(200);
    expect((removed.body.data as { certifications: unknown[] }).certifications).toEqual([]);
    expect((await call(ownerA, 'DELETE', `/trainers/${t._id}/certifications/${cert?._id}`)).status).toBe(404);
  });

  it('archives a trainer: announced, gone from the list, no more changes', async () => {
    const t = await create(ownerA);
    const res = await call(ownerA, 'DELETE', `/trainers/${t._id}`);
    expect(res.status).toBe(200);
    expect(await outboxOf('trainers.trainer_archived', t._id)).toHaveLength(1);
    expect(((await call(ownerA, 'GET', '/trainers?limit=100')).body.data as { _id: string }[]).some((x) => x._id === t._id)).toBe(false);
    expect((await call(ownerA, 'PUT', `/trainers/${t._id}`, { ...trainerBody(), maxClients: 10, bio: '', isAvailable: true })).status).toBe(409);
    // Its email is free again.
    await create(ownerA, { email: t.user.email });
  });
});

describe('certification expiry job', () => {
  it('raises trainers.certification_expiring once per certification and expiry date, even when runs overlap', async () => {
    now = new Date('2026-06-01T04:30:00.000Z');
    const t = await create(ownerA, {
      certifications: [
        { name: 'First Aid', issuingOrganization: 'Red Cross', issueDate: '2024-06-01', expiryDate: '2026-06-20' },
        { name: 'Far away', issuingOrganization: 'ACE', issueDate: '2024-06-01', expiryDate: '2027-06-20' },
      ],
    });
    const job = { db: db, clock };
    const runs = await Promise.all([flagExpiringCertifications(job), flagExpiringCertifications(job), flagExpiringCertifications(job)]);
    await flagExpiringCertifications(job);
    const raised = await outboxOf('trainers.certification_expiring', t._id);
    expect(raised).toHaveLength(1);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(TrainerEvents.CertificationExpiring.data.parse(raised[0]?.data)).toMatchObject({ trainerId: t._id, name: 'First Aid', expiryDate: '2026-06-20' });
    // A month later the far one is still far; nothing new for this trainer.
    now = new Date('2026-06-15T04:30:00.000Z');
    await flagExpiringCertifications(job);
    expect(await outboxOf('trainers.certification_expiring', t._id)).toHaveLength(1);
  });
});

describe('the paths the demo seed and the browser tests take, through the gateway', () => {
  // The demo seed (infra/seed) and test-support's trainer helpers speak to the gateway (`/api/trainers…`); a small
  // stand-in forwards to this app without the /api prefix.
  let gateway: Server;
  let gatewayUrl: string;
  beforeAll(async () => {
    gateway = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void app
          .inject({
            method: req.method as RouteContract['method'],
            url: (req.url ?? '/').replace(/^\/api/, ''),
            headers: req.headers,
            ...(chunks.length ? { payload: Buffer.concat(chunks) } : {}),
          })
          .then((r) => {
            res.writeHead(r.statusCode, { 'content-type': 'application/json' });
            res.end(r.body);
          });
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const addr = gateway.address();
    gatewayUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => new Promise<void>((resolve) => gateway.close(() => resolve())));

  it('keeps trainers added at both locations with certifications, weekly slots and one marked away; finds each again by email', async () => {
    // What the demo seed does for its trainers, with this test's own: a re-run of the seed skips a trainer it finds by email.
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const cert = (name: string, expiresInDays: number | null) => ({
      name,
      issuingOrganization: 'Yoga Alliance',
      issueDate: day(-365),
      expiryDate: expiresInDays === null ? null : day(expiresInDays),
    });
    const slots = (days: number[], startTime: string, endTime: string) => days.map((dayOfWeek) => ({ dayOfWeek, startTime, endTime }));
    const wanted = [
      {
        body: trainerBody({ locationId: L1, certifications: [cert('Expiring soon', 20), cert('Good for long', 400)] }),
        slots: slots([1, 3, 5], '06:00', '10:00'),
      },
      {
        body: trainerBody({
          locationId: L2,
          maxClients: 8,
          bio: 'Rehabilitation and mobility; on leave this month.',
          certifications: [cert('No expiry', null)],
        }),
        slots: slots([0, 6], '08:00', '12:00'),
        away: true,
      },
    ];
    const ids: string[] = [];
    for (const t of wanted) {
      const created = await call(ownerA, 'POST', '/trainers', t.body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = trainersRoutes.create.responses[201].parse(created.body).data._id;
      expect((await call(ownerA, 'PUT', `/trainers/${id}/schedule`, { weeklySlots: t.slots })).status).toBe(200);
      if (t.away) {
        const { certifications: _c, locationId: _l, ...details } = t.body as Record<string, unknown>;
        const away = await call(ownerA, 'PUT', `/trainers/${id}`, { ...details, isAvailable: false });
        expect(away.status, JSON.stringify(away.body)).toBe(200);
      }
      ids.push(id);
    }
    const token = await tokenOf(ownerA);
    const found = await Promise.all(wanted.map(async (t) => (await trainerByEmail(gatewayUrl, token, t.body.email as string, 'active'))?._id));
    expect(found).toEqual(ids);
    const rows = await db.selectFrom('trainers').selectAll().where('id', 'in', ids).execute();
    expect(rows).toHaveLength(wanted.length);
    expect(new Set(rows.map((r) => r.location_id))).toEqual(new Set([L1, L2]));
    expect(rows.every((r) => r.weekly_slots.length > 0)).toBe(true);
    expect(rows.filter((r) => !r.is_available)).toHaveLength(1);
    const soon = day(30);
    const certs = await db.selectFrom('trainer_certifications').selectAll().where('trainer_id', 'in', ids).execute();
    expect(certs).toHaveLength(3);
    expect(certs.filter((c) => c.expiry_date !== null && c.expiry_date <= soon)).toHaveLength(1);
  });

  it('approves the trainer who joined with the code, and fills in their profile', async () => {
    const userId = newId();
    const email = `demo.${userId.slice(-8)}@example.in`;
    await produce(
      topicOf('auth'),
      makeEnvelope(AuthEvents.UserRegistered, {
        ...meta(userId, orgA),
        data: { userId, orgId: orgA, role: 'trainer', firstName: 'Arjun', lastName: 'Nair', email, locationIds: [L1], via: 'join_code' },
      }),
    );
    const token = await tokenOf(ownerA);
    const id = await approvePendingTrainer(gatewayUrl, token, { email, firstName: 'Arjun', lastName: 'Nair', phone: '+91 98220 33333' });
    expect(id).toBe(userId);
    expect((await call(ownerA, 'GET', `/trainers/${id}`)).body.data).toMatchObject({ status: 'active', specialization: ['strength_training', 'cardio'] });
    expect(await approvePendingTrainer(gatewayUrl, token, { email, firstName: 'Arjun', lastName: 'Nair', phone: '+91 98220 33333' })).toBe(userId);
  });
});

describe('ratings from the feedback service', () => {
  it('shows the newest { average, count } published for the trainer; an older figure arriving late changes nothing', async () => {
    const t = await create(ownerA);
    const rating = (average: number, count: number, asOfVersion: number) =>
      makeEnvelope(FeedbackEvents.TrainerRatingChanged, { ...meta(t._id, orgA), data: { trainerId: t._id, average, count, asOfVersion } });
    await produce(topicOf('feedback'), rating(4.5, 2, 2));
    await produce(topicOf('feedback'), rating(4, 1, 1));
    await vi.waitFor(
      async () =>
        expect(trainersRoutes.get.responses[200].parse((await call(ownerA, 'GET', `/trainers/${t._id}`)).body).data.rating).toEqual({ average: 4.5, count: 2 }),
      { message: 'rating applied', timeout: 60_000, interval: 100 },
    );
    await produce(topicOf('feedback'), rating(3.67, 3, 3));
    await vi.waitFor(
      async () =>
        expect(trainersRoutes.get.responses[200].parse((await call(ownerA, 'GET', `/trainers/${t._id}`)).body).data.rating).toEqual({
          average: 3.67,
          count: 3,
        }),
      { message: 'newer rating applied', timeout: 60_000, interval: 100 },
    );
  });
});

describe('profile pictures from auth', () => {
  const picture = (userId: string) => `/api/auth/avatars/${userId}?v=${newId()}`;
  const avatar = (userId: string, avatarUrl: string | null, orgId = orgA, key = userId) =>
    makeEnvelope(AuthEvents.UserAvatarChanged, { ...meta(key, orgId), data: { userId, avatarUrl } });
  const detail = async (id: string) => trainersRoutes.get.responses[200].parse((await call(ownerA, 'GET', `/trainers/${id}`)).body).data;

  it('set and clear the trainer’s picture in the list and on the record; another organization’s event changes nothing', async () => {
    const t = await create(ownerA, { firstName: 'Pictured' });
    const sentinelTrainer = await create(ownerA);
    const url = picture(t._id);
    await produce(topicOf('auth'), avatar(t._id, url));
    await vi.waitFor(async () => expect((await detail(t._id)).avatarUrl).toBe(url), { timeout: 30_000, interval: 100 });
    const list = trainersRoutes.list.responses[200].parse((await call(ownerA, 'GET', '/trainers?search=Pictured')).body);
    expect(list.data.map((x) => [x._id, x.avatarUrl])).toEqual([[t._id, url]]);

    // The same user id under another organization, then (same partition) a sentinel of ours: once the sentinel shows,
    // the foreign event was handled and left the picture alone.
    const sentinel = picture(sentinelTrainer._id);
    await produce(topicOf('auth'), avatar(t._id, picture(t._id), newId()));
    await produce(topicOf('auth'), avatar(sentinelTrainer._id, sentinel, orgA, t._id));
    await vi.waitFor(async () => expect((await detail(sentinelTrainer._id)).avatarUrl).toBe(sentinel), { timeout: 30_000, interval: 100 });
    expect((await detail(t._id)).avatarUrl).toBe(url);

    await produce(topicOf('auth'), avatar(t._id, null));
    await vi.waitFor(async () => expect((await detail(t._id)).avatarUrl).toBeNull(), { timeout: 30_000, interval: 100 });
  });
});

describe('rebuild', () => {
  it('replays the event store into the same read tables (account statuses and pictures kept)', async () => {
    const snapshot = async () => ({
      trainers: await db.selectFrom('trainers').selectAll().orderBy('id').execute(),
      certifications: await db.selectFrom('trainer_certifications').selectAll().orderBy('id').execute(),
    });
    const before = await snapshot();
    expect(before.trainers.some((t) => t.account_status === 'failed')).toBe(true);
    expect(before.trainers.some((t) => t.avatar_url !== null)).toBe(true);
    const { rows } = await rebuild(db, 'trainers');
    expect(rows).toBe(before.trainers.length);
    expect(await snapshot()).toEqual(before);
  });
});
