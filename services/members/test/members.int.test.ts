import { ErrorBody, MemberEvents, memberRoutes, parseEvent, topicOf, type EventEnvelope } from '@akhada/contracts';
import { createEventBus, createLogger, type EventBus } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rebuild } from '../src/projections/rebuild.ts';
import { bootMembers } from './setup.ts';

// Two organizations: A with locations L1 and L2, B with its own location.
const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const ownerId = randomUUID();

// The clock starts at 06:00 IST on 11 March 2025 and moves one second per reading: "today" is always 2025-03-11
// in India, and each registration is newer than the one before.
const START = Date.parse('2025-03-11T00:30:00Z');
let ticks = 0;
const clock = () => new Date(START + ticks++ * 1000);

let svc: Awaited<ReturnType<typeof bootMembers>>;
let app: (typeof svc)['app'];
let token: Record<'ownerA' | 'adminL1' | 'trainerA' | 'memberA' | 'adminB' | 'adminBWithL1', string>;

let bus: EventBus;
const seen: EventEnvelope[] = [];

beforeAll(async () => {
  svc = await bootMembers('members', { clock });
  app = svc.app;
  token = {
    ownerA: await svc.sign(orgA, 'owner', [L1, L2], ownerId),
    adminL1: await svc.sign(orgA, 'admin', [L1]),
    trainerA: await svc.sign(orgA, 'trainer', [L1]),
    memberA: await svc.sign(orgA, 'member', [L1]),
    adminB: await svc.sign(orgB, 'admin', [LB]),
    // Location ids belong to one organization, but the organization is checked on its own: a token of B that names
    // A's location must still see nothing of A.
    adminBWithL1: await svc.sign(orgB, 'admin', [L1, LB]),
  };

  // Listen to the members topic from now on (resolves once the group has joined at the end of the topic), under a group
  // of our own, keeping only organization A's events. From the beginning it read every earlier run's events first.
  bus = createEventBus({ clientId: `${svc.schema}-test`, brokers: svc.brokers, logger: createLogger('members-test', 'silent') });
  svc.onClose(() => bus.disconnect());
  await bus.subscribe({
    groupId: `${svc.schema}-test-${randomUUID()}`,
    topics: [topicOf('members')],
    from: 'now',
    onMessage: async (message) => {
      const e = JSON.parse(message.value || 'null') as EventEnvelope | null;
      if (e?.orgId === orgA) seen.push(e);
    },
  });
});

afterAll(async () => svc?.close());

// ── helpers ─────────────────────────────────────────────────────────────────────────────────────────────────────

const create = (who: keyof typeof token, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/members', headers: { authorization: `Bearer ${token[who]}`, ...headers }, payload: body as object });
const get = (who: keyof typeof token, url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token[who]}` } });

let seq = 0;
const newMember = (overrides: Record<string, unknown> = {}) => {
  seq++;
  return { firstName: `Member${seq}`, lastName: 'Test', email: `member${seq}@example.in`, phone: `+91 90000 ${String(10000 + seq)}`, ...overrides };
};

const counts = async () => {
  const db = svc.db;
  const n = async (table: 'members' | 'events' | 'outbox') =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return { members: await n('members'), events: await n('events'), outbox: await n('outbox') };
};

const expectError = (res: { statusCode: number; json: () => unknown }, status: number, message: string | RegExp) => {
  expect(res.statusCode).toBe(status);
  const body = ErrorBody.parse(res.json());
  if (typeof message === 'string') expect(body.message).toContain(message);
  else expect(body.message).toMatch(message);
  return body;
};

// ── registration ────────────────────────────────────────────────────────────────────────────────────────────────

describe('POST /members', () => {
  let asha: { id: string; eventId: string };

  it('registers a member: 201 with the contract shape, paise stored, event and outbox written together', async () => {
    const res = await create(
      'ownerA',
      {
        firstName: ' Asha ',
        lastName: 'Verma',
        email: 'Asha.Verma@Example.in',
        phone: '+91 98765 43210',
        membershipType: 'premium',
        membershipFee: 1499.5,
        paymentFrequency: 'monthly',
      },
      { 'x-correlation-id': 'corr-members-int-1' },
    );
    expect(res.statusCode).toBe(201);
    const body = memberRoutes.create.responses[201].parse(res.json());
    expect(body.message).toBe('Member registered successfully');
    const m = body.data;
    expect(m).toMatchObject({
      user: { firstName: 'Asha', lastName: 'Verma', email: 'asha.verma@example.in', phone: '+91 98765 43210' },
      fullName: 'Asha Verma',
      locationId: L1, // the first of the caller's locations
      membershipType: 'premium',
      membershipStatus: 'active',
      status: 'active',
      membershipStartDate: '2025-03-11', // today in India
      membershipEndDate: '2025-04-11',
      daysRemaining: 31,
      membershipFee: 1499.5,
      paymentFrequency: 'monthly',
      trainer: null,
      lastCheckIn: null,
      totalWorkouts: 0,
      dateOfBirth: null,
      gender: null,
      version: 1,
    });

    const db = svc.db;
    const row = await db.selectFrom('members').selectAll().where('id', '=', m._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ org_id: orgA, location_id: L1, fee_paise: 149_950, start_date: '2025-03-11', end_date: '2025-04-11', version: 1 });

    const events = await db.selectFrom('events').selectAll().where('stream_id', '=', `member-${m._id}`).execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('MemberRegistered');
    const metadata = events[0]!.metadata as Record<string, string>;
    expect(metadata).toMatchObject({ orgId: orgA, locationId: L1, actorId: ownerId, correlationId: 'corr-members-int-1' });
    expect(metadata.causationId).toMatch(/^[0-9a-f-]{36}$/);

    const outbox = await db.selectFrom('outbox').selectAll().where('event_id', '=', metadata.eventId!).executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ topic: topicOf('members'), key: m._id });
    asha = { id: m._id, eventId: metadata.eventId! };
  });

  it('publishes members.member_registered on Kafka with a valid envelope, and marks the outbox row sent', async () => {
    const raw = await vi.waitUntil(() => seen.find((e) => e.aggregateId === asha.id), {
      message: 'the member_registered event on Kafka',
      timeout: 15_000,
      interval: 100,
    });
    const env = parseEvent(MemberEvents.MemberRegistered, raw);
    expect(env).toMatchObject({
      eventId: asha.eventId,
      type: 'members.member_registered',
      version: 1,
      orgId: orgA,
      locationId: L1,
      aggregateId: asha.id,
      actorId: ownerId,
      correlationId: 'corr-members-int-1',
    });
    expect(Date.parse(env.occurredAt)).toBeGreaterThanOrEqual(START);
    expect(env.data).toEqual({
      memberId: asha.id,
      locationId: L1,
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha.verma@example.in',
      phone: '+91 98765 43210',
      membershipType: 'premium',
      paymentFrequency: 'monthly',
      feePaise: 149_950,
      startDate: '2025-03-11',
      endDate: '2025-04-11',
      // As recorded at registration (none given here).
      dateOfBirth: null,
      gender: null,
    });
    const [stored] = await svc.db.selectFrom('events').select('metadata').where('stream_id', '=', `member-${asha.id}`).execute();
    expect(env.causationId).toBe((stored!.metadata as Record<string, string>).causationId);

    const sentAt = await vi.waitUntil(
      async () => {
        const row = await svc.db.selectFrom('outbox').select('sent_at').where('event_id', '=', asha.eventId).executeTakeFirstOrThrow();
        return row.sent_at ?? undefined;
      },
      { message: 'the outbox row to be marked sent', timeout: 15_000, interval: 100 },
    );
    expect(sentAt).toBeInstanceOf(Date);
  });

  it('records a converted enquiry (its id and source) on the member and publishes both on member_registered; bad values are 400', async () => {
    const enquiryId = randomUUID();
    const res = await create('ownerA', newMember({ enquiryId, acquisitionSource: 'instagram' }));
    expect(res.statusCode).toBe(201);
    const m = memberRoutes.create.responses[201].parse(res.json()).data;
    expect(m).toMatchObject({ acquisitionSource: 'instagram', enquiryId });
    expect((await get('ownerA', `/members/${m._id}`)).json().data).toMatchObject({ acquisitionSource: 'instagram', enquiryId });
    const raw = await vi.waitUntil(() => seen.find((e) => e.aggregateId === m._id), { message: 'member_registered', timeout: 15_000, interval: 100 });
    expect(parseEvent(MemberEvents.MemberRegistered, raw).data).toMatchObject({ memberId: m._id, enquiryId, acquisitionSource: 'instagram' });
    for (const bad of [{ enquiryId: 'lead-1' }, { acquisitionSource: 'billboard' }]) {
      const r = await create('ownerA', newMember(bad));
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(r.json())).toContain(Object.keys(bad)[0]!);
    }
    const plain = memberRoutes.create.responses[201].parse((await create('ownerA', newMember())).json()).data;
    expect(plain).toMatchObject({ acquisitionSource: null, enquiryId: null });
  });

  it('lets staff pick another of their locations, a start date and a frequency (end date by calendar months)', async () => {
    const res = await create('ownerA', newMember({ locationId: L2, startDate: '2024-01-31', paymentFrequency: 'monthly', membershipFee: 0.29 }));
    expect(res.statusCode).toBe(201);
    const m = memberRoutes.create.responses[201].parse(res.json()).data;
    expect(m).toMatchObject({ locationId: L2, membershipStartDate: '2024-01-31', membershipEndDate: '2024-02-29', membershipFee: 0.29 });
    // Its end date is long past: shown as expired, with negative days, though stored as active.
    expect(m).toMatchObject({ membershipStatus: 'expired', status: 'active' });
    expect(m.daysRemaining).toBe(-376);
  });

  it('forbids an admin to register in a location that is not theirs, and writes nothing', async () => {
    const before = await counts();
    const body = expectError(await create('adminL1', newMember({ locationId: L2 })), 403, 'You cannot act in that location');
    expect(body.code).toBe('FORBIDDEN');
    expect(await counts()).toEqual(before);
  });

  it('forbids trainers and members to register members, and writes nothing', async () => {
    const before = await counts();
    expectError(await create('trainerA', newMember()), 403, 'Only gym owners and admins can do this');
    expectError(await create('memberA', newMember()), 403, 'Only gym owners and admins can do this');
    expect(await counts()).toEqual(before);
  });

  it('asks for a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/members', payload: newMember() });
    expectError(res, 401, 'Please sign in');
  });

  it.each([
    ['missing email', { firstName: 'A', lastName: 'B', phone: '+91 90000 00001' }, 'Email is required'],
    ['bad email', newMember({ email: 'not-an-email' }), 'Enter a valid email address'],
    ['missing first name', newMember({ firstName: '   ' }), 'First name is required'],
    ['first name of the wrong type', newMember({ firstName: 42 }), 'First name is required'],
    ['bad phone', newMember({ phone: 'call me' }), 'Enter a valid phone number'],
    ['negative fee', newMember({ membershipFee: -1 }), 'Amount cannot be negative'],
    ['fee with 3 decimals', newMember({ membershipFee: 10.123 }), 'Use at most two decimals'],
    ['fee as text', newMember({ membershipFee: '1500' }), 'Enter an amount in rupees'],
    ['unknown membership type', newMember({ membershipType: 'platinum' }), /membershipType/],
    ['unknown payment frequency', newMember({ paymentFrequency: 'weekly' }), /paymentFrequency/],
    ['bad location id', newMember({ locationId: 'L2' }), 'Not a valid location'],
    ['impossible start date', newMember({ startDate: '2025-02-30' }), /startDate/],
    ['start date of the wrong type', newMember({ startDate: 20250301 }), /startDate/],
  ])('rejects %s with 400 and writes nothing', async (_name, body, message) => {
    const before = await counts();
    const err = expectError(await create('ownerA', body), 400, message);
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['year 9999', '9999-12-01'],
    ['year 1900', '1900-01-01'],
  ])('refuses a start date in %s with 400 and a clear message, never a 500, and writes nothing', async (_name, startDate) => {
    const before = await counts();
    const res = await create('ownerA', newMember({ startDate, paymentFrequency: 'annually' }));
    const err = expectError(res, 400, /start ?date/i);
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(await counts()).toEqual(before);
  });

  it('rejects a body that is not JSON', async () => {
    const before = await counts();
    const res = await app.inject({
      method: 'POST',
      url: '/members',
      headers: { authorization: `Bearer ${token.ownerA}`, 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expectError(res, 400, 'The request body is not valid JSON');
    expect(await counts()).toEqual(before);
  });

  it('answers 409 for an email already used in the organization, whatever its case, and writes nothing', async () => {
    const before = await counts();
    const body = expectError(
      await create('ownerA', newMember({ email: 'ASHA.VERMA@example.IN', locationId: L2 })),
      409,
      'A member with this email already exists',
    );
    expect(body.message).toBe('A member with this email already exists');
    expect(await counts()).toEqual(before);
  });

  it('allows the same email in another organization', async () => {
    const res = await create('adminB', newMember({ email: 'asha.verma@example.in' }));
    expect(res.statusCode).toBe(201);
    expect(memberRoutes.create.responses[201].parse(res.json()).data.locationId).toBe(LB);
  });

  it('lets exactly one of five concurrent registrations with one email through', async () => {
    const before = await counts();
    const email = `race-${randomUUID()}@example.in`;
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => create('ownerA', newMember({ email, firstName: `Racer${i}` }))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(ErrorBody.parse(r.json()).message).toBe('A member with this email already exists');
    expect(await counts()).toEqual({ members: before.members + 1, events: before.events + 1, outbox: before.outbox + 1 });
  });
});

// ── reads ───────────────────────────────────────────────────────────────────────────────────────────────────────

describe('GET /members and /members/:id', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const make = async (key: string, who: keyof typeof token, body: Record<string, unknown>) => {
      const res = await create(who, body);
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = memberRoutes.create.responses[201].parse(res.json()).data._id;
    };
    await make('ravi', 'ownerA', {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi.k@example.in',
      phone: '98111 22233',
      membershipType: 'vip',
      locationId: L1,
    });
    await make('priya', 'ownerA', {
      firstName: 'Priya',
      lastName: 'Sharma',
      email: 'priya@example.in',
      phone: '+91-98765-00011',
      membershipType: 'annual',
      paymentFrequency: 'annually',
      locationId: L1,
    });
    await make('old', 'ownerA', {
      firstName: 'Old',
      lastName: 'Timer',
      email: 'old.timer@example.in',
      phone: '98000 00000',
      startDate: '2025-02-11',
      locationId: L1,
    }); // ends today
    await make('far', 'ownerA', { firstName: 'Far', lastName: 'Away', email: 'far@example.in', phone: '97000 00000', locationId: L2 });
    await make('odd', 'ownerA', { firstName: '100%', lastName: 'Fit_ness', email: 'odd@example.in', phone: '96000 00000', locationId: L1 });
    await make('bee', 'adminB', { firstName: 'Ravi', lastName: 'OtherGym', email: 'ravi.other@example.in', phone: '98111 22233' });
  });

  const list = async (who: keyof typeof token, qs = '') => {
    const res = await get(who, `/members${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return memberRoutes.list.responses[200].parse(res.json());
  };

  it('gets one member with the contract shape', async () => {
    const res = await get('adminL1', `/members/${ids.ravi}`);
    expect(res.statusCode).toBe(200);
    const m = memberRoutes.get.responses[200].parse(res.json()).data;
    expect(m).toMatchObject({ _id: ids.ravi, fullName: 'Ravi Kumar', membershipType: 'vip', locationId: L1, membershipStatus: 'active', daysRemaining: 31 });
  });

  it('shows a membership whose end date is today as expired, with 0 days', async () => {
    const m = memberRoutes.get.responses[200].parse((await get('ownerA', `/members/${ids.old}`)).json()).data;
    expect(m).toMatchObject({ membershipEndDate: '2025-03-11', daysRemaining: 0, membershipStatus: 'expired', status: 'active' });
  });

  it('answers 404 for a member of another organization, and keeps it out of the list', async () => {
    expectError(await get('adminB', `/members/${ids.ravi}`), 404, 'Member not found');
    expectError(await get('ownerA', `/members/${ids.bee}`), 404, 'Member not found');
    const b = await list('adminB', '?limit=100');
    expect(b.data.map((m) => m._id)).not.toContain(ids.ravi);
    expect(b.data.every((m) => m.locationId === LB)).toBe(true);
    const a = await list('ownerA', '?limit=100&search=ravi');
    expect(a.data.map((m) => m._id)).toEqual([ids.ravi]);
  });

  it('scopes by organization even when a token of another organization names the same location', async () => {
    expectError(await get('adminBWithL1', `/members/${ids.ravi}`), 404, 'Member not found');
    const b = await list('adminBWithL1', `?limit=100&locationId=${L1}`);
    expect(b.totalCount).toBe(0);
    const all = await list('adminBWithL1', '?limit=100');
    expect(all.data.map((m) => m._id)).toContain(ids.bee);
    expect(all.data.every((m) => m.locationId === LB)).toBe(true);
  });

  it('answers 404 for a member of a location the caller may not see', async () => {
    expectError(await get('adminL1', `/members/${ids.far}`), 404, 'Member not found');
    expectError(await get('trainerA', `/members/${ids.far}`), 404, 'Member not found');
    expect((await get('ownerA', `/members/${ids.far}`)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a uuid and 404 for an unknown one', async () => {
    expectError(await get('ownerA', '/members/12345'), 400, 'Not a valid id');
    expectError(await get('ownerA', `/members/${randomUUID()}`), 404, 'Member not found');
  });

  it('lists only the locations the caller may see; a location filter outside them is forbidden', async () => {
    const admin = await list('adminL1', '?limit=100');
    expect(admin.data.length).toBeGreaterThan(0);
    expect(admin.data.every((m) => m.locationId === L1)).toBe(true);
    expect(admin.data.map((m) => m._id)).not.toContain(ids.far);
    const owner = await list('ownerA', '?limit=100');
    expect(owner.data.map((m) => m._id)).toEqual(expect.arrayContaining([ids.ravi, ids.far]));
    expect(owner.totalCount).toBe(admin.totalCount + owner.data.filter((m) => m.locationId === L2).length);
    const onlyL2 = await list('ownerA', `?limit=100&locationId=${L2}`);
    expect(onlyL2.data.length).toBeGreaterThan(0);
    expect(onlyL2.data.every((m) => m.locationId === L2)).toBe(true);
    expectError(await get('adminL1', `/members?locationId=${L2}`), 403, 'You cannot act in that location');
  });

  it('lets trainers read and forbids the member role', async () => {
    expect((await list('trainerA')).totalCount).toBeGreaterThan(0);
    expect((await get('trainerA', `/members/${ids.ravi}`)).statusCode).toBe(200);
    expectError(await get('memberA', '/members'), 403, 'Only gym staff and trainers can do this');
    expectError(await get('memberA', `/members/${ids.ravi}`), 403, 'Only gym staff and trainers can do this');
  });

  it('searches names and emails case-insensitively and phones by substring or digits', async () => {
    const found = async (q: string) => (await list('ownerA', `?limit=100&search=${encodeURIComponent(q)}`)).data.map((m) => m._id);
    expect(await found('RAVI KU')).toEqual([ids.ravi]);
    expect(await found('Priya@EXAMPLE')).toEqual([ids.priya]);
    expect(await found('98765-000')).toEqual([ids.priya]);
    expect(await found('9876500011')).toEqual([ids.priya]);
    expect(await found('98111')).toEqual([ids.ravi]);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    const found = async (q: string) => (await list('ownerA', `?limit=100&search=${encodeURIComponent(q)}`)).data.map((m) => m._id);
    expect(await found('%')).toEqual([ids.odd]); // only "100%" has a percent sign
    expect(await found('_ness')).toEqual([ids.odd]);
    expect(await found('Fi_')).toEqual([]); // as a wildcard it would match "Fit_ness"
    expect(await found('ra_i')).toEqual([]); // as a wildcard it would match "Ravi"
    expect(await found('\\')).toEqual([]); // a lone backslash would be a broken LIKE pattern
  });

  it('filters by the status shown and by membership type', async () => {
    const expired = await list('ownerA', '?limit=100&status=expired');
    expect(expired.data.map((m) => m._id)).toContain(ids.old);
    expect(expired.data.every((m) => m.membershipStatus === 'expired' && m.daysRemaining <= 0)).toBe(true);
    const active = await list('ownerA', '?limit=100&status=active');
    expect(active.data.map((m) => m._id)).toEqual(expect.arrayContaining([ids.ravi, ids.priya]));
    expect(active.data.map((m) => m._id)).not.toContain(ids.old);
    expect(active.data.every((m) => m.membershipStatus === 'active' && m.daysRemaining > 0)).toBe(true);
    expect((await list('ownerA', '?status=inactive')).totalCount).toBe(0);
    const annual = await list('ownerA', '?limit=100&membershipType=annual');
    expect(annual.data.map((m) => m._id)).toEqual([ids.priya]);
    expect(annual.data[0]!.membershipEndDate).toBe('2026-03-11');
  });

  it('pages newest first with a stable order, counting the total', async () => {
    const all = await list('ownerA', '?limit=100');
    expect(all.pagination).toEqual({ page: 1, limit: 100, totalPages: 1 });
    const created = all.data.map((m) => m.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.data[0]!._id).toBe(ids.odd); // the newest registration of organization A
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.totalCount / 3); page++) {
      const p = await list('ownerA', `?limit=3&page=${page}`);
      expect(p.totalCount).toBe(all.totalCount);
      expect(p.pagination).toEqual({ page, limit: 3, totalPages: Math.ceil(all.totalCount / 3) });
      pages.push(...p.data.map((m) => m._id));
    }
    expect(pages).toEqual(all.data.map((m) => m._id));
    const beyond = await list('ownerA', `?limit=3&page=${Math.ceil(all.totalCount / 3) + 1}`);
    expect(beyond.data).toEqual([]);
    expect(beyond.totalCount).toBe(all.totalCount);
  });

  it('rejects bad list queries with 400', async () => {
    expectError(await get('ownerA', '/members?limit=101'), 400, /limit/);
    expectError(await get('ownerA', '/members?page=0'), 400, /page/);
    expectError(await get('ownerA', '/members?status=sleeping'), 400, /status/);
    expectError(await get('ownerA', '/members?locationId=nope'), 400, 'Not a valid location');
  });
});

// ── replay ──────────────────────────────────────────────────────────────────────────────────────────────────────

describe('rebuild', () => {
  it('reproduces the members table from the event store', async () => {
    const db = svc.db;
    const snapshot = await db.selectFrom('members').selectAll().orderBy('id').execute();
    expect(snapshot.length).toBeGreaterThan(5);
    // Lose one row and damage another: the replay must bring back exactly what the events say.
    await db.deleteFrom('members').where('id', '=', snapshot[0]!.id).execute();
    await db.updateTable('members').set({ first_name: 'Corrupted', fee_paise: 1 }).where('id', '=', snapshot[1]!.id).execute();
    expect(await db.selectFrom('members').selectAll().orderBy('id').execute()).not.toEqual(snapshot);

    const result = await rebuild(db, 'members', { batchSize: 4 }); // small batches to cross batch boundaries
    expect(result).toEqual({ events: snapshot.length, rows: snapshot.length });
    expect(await db.selectFrom('members').selectAll().orderBy('id').execute()).toEqual(snapshot);
  });
});
