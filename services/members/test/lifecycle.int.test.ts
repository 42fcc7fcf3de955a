import { ErrorBody, memberRoutes, type Member } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireMemberships } from '../src/app/expire-memberships.ts';
import { executeCommand } from '@akhada/kit';
import { membershipAggregate } from '../src/aggregates/membership.ts';
import { setMemberAvatar } from '../src/db/members-repo.ts';
import { rebuild } from '../src/projections/rebuild.ts';
import { bootMembers } from './setup.ts';

// Organization A (enterprise: no cap) with L1 (India) and L2; B another gym; F a free plan (14 members); T a free
// trial that ended (read-only).
const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const orgF = randomUUID();
const LF = randomUUID();
const orgT = randomUUID();
const LT = randomUUID();
const trainerId = randomUUID();
const otherTrainerId = randomUUID();
const memberUserId = randomUUID();

let env: Awaited<ReturnType<typeof bootMembers>>;
/** Members this file changed by SQL, outside their streams. */
const handEdited: string[] = [];
type Who = 'ownerA' | 'adminL1' | 'adminL2' | 'trainerA' | 'otherTrainer' | 'memberA' | 'adminB' | 'ownerF' | 'ownerT';
let token: Record<Who, string>;

beforeAll(async () => {
  env = await bootMembers('members_life');
  await env.org(orgA, 'enterprise', null, [
    [L1, 'Asia/Kolkata'],
    [L2, 'Asia/Kolkata'],
  ]);
  await env.org(orgB, 'pro', null, [[LB, 'Asia/Kolkata']]);
  await env.org(orgF, 'free', '2030-01-01T00:00:00Z', [[LF, 'Asia/Kolkata']]);
  await env.org(orgT, 'free', '2025-03-01T00:00:00Z', [[LT, 'Asia/Kolkata']]);
  token = {
    ownerA: await env.sign(orgA, 'owner', [L1, L2]),
    adminL1: await env.sign(orgA, 'admin', [L1]),
    adminL2: await env.sign(orgA, 'admin', [L2]),
    trainerA: await env.sign(orgA, 'trainer', [L1], trainerId),
    otherTrainer: await env.sign(orgA, 'trainer', [L1], otherTrainerId),
    memberA: await env.sign(orgA, 'member', [L1], memberUserId),
    adminB: await env.sign(orgB, 'admin', [LB]),
    ownerF: await env.sign(orgF, 'owner', [LF]),
    ownerT: await env.sign(orgT, 'owner', [LT]),
  };
  // Trainers as the trainers service's events leave them (the consumer test covers the events themselves).
  const trainer = (id: string, first: string, max: number, available = true, status: 'active' | 'pending' | 'archived' = 'active', location = L1) =>
    env.db
      .insertInto('trainers')
      .values({
        id,
        org_id: orgA,
        location_id: location,
        first_name: first,
        last_name: 'Coach',
        specialization: ['yoga'],
        max_clients: max,
        is_available: available,
        status,
        updated_at: new Date('2025-01-01T00:00:00Z'),
      })
      .execute();
  await trainer(trainerId, 'Ravi', 1);
  await trainer(otherTrainerId, 'Meera', 10);
  await trainer(offTrainer, 'Off', 10, false);
  await trainer(pendingTrainer, 'Pending', 10, true, 'pending');
  await trainer(l2Trainer, 'Far', 10, true, 'active', L2);
});
const offTrainer = randomUUID();
const pendingTrainer = randomUUID();
const l2Trainer = randomUUID();

afterAll(async () => {
  await env?.close();
});

const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  env.app.inject({ method, url, headers: { authorization: `Bearer ${token[who]}` }, ...(payload ? { payload } : {}) });

let seq = 0;
const create = async (who: Who, overrides: Record<string, unknown> = {}): Promise<Member> => {
  seq++;
  const res = await call(who, 'POST', '/members', {
    firstName: `Life${seq}`,
    lastName: 'Member',
    email: `life${seq}@example.in`,
    phone: `+91 91111 ${String(10000 + seq)}`,
    startDate: '2025-03-01',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return memberRoutes.create.responses[201].parse(res.json()).data;
};

const expectError = (res: { statusCode: number; json: () => unknown; body: string }, status: number, message?: string | RegExp) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorBody.parse(res.json());
  if (message !== undefined) expect(body.message).toMatch(message);
  return body;
};

const counts = async () => {
  const n = async (table: 'members' | 'events' | 'outbox' | 'measurements') =>
    Number(
      (
        await env.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { members: await n('members'), events: await n('events'), outbox: await n('outbox'), measurements: await n('measurements') };
};

/** An outbox payload (jsonb: an object, or its text) → its event type. */
const payloadType = (p: unknown): string => ((typeof p === 'string' ? JSON.parse(p) : p) as { type: string }).type;

const renewBody = { membershipType: 'premium', paymentFrequency: 'quarterly', membershipFee: 3999.5, paymentMethod: 'upi' };

describe('renew', () => {
  it('before expiry: the new term continues on the end date; the detail lists terms newest first', async () => {
    const m = await create('adminL1'); // 2025-03-01 → 2025-04-01, today is 2025-03-11 in India
    const res = await call('adminL1', 'POST', `/members/${m._id}/renew`, renewBody);
    expect(res.statusCode, res.body).toBe(200);
    const d = memberRoutes.renew.responses[200].parse(res.json()).data;
    expect(d).toMatchObject({ membershipStartDate: '2025-04-01', membershipEndDate: '2025-07-01', membershipType: 'premium', membershipFee: 3999.5 });
    expect(d.terms.map((t) => [t.termNo, t.startDate, t.endDate, t.fee])).toEqual([
      [2, '2025-04-01', '2025-07-01', 3999.5],
      [1, '2025-03-01', '2025-04-01', 0],
    ]);
    // Twice: the third term follows the second.
    const again = memberRoutes.renew.responses[200].parse((await call('adminL1', 'POST', `/members/${m._id}/renew`, renewBody)).json()).data;
    expect(again.terms[0]).toMatchObject({ termNo: 3, startDate: '2025-07-01', endDate: '2025-10-01' });
    const got = memberRoutes.get.responses[200].parse((await call('trainerA', 'GET', `/members/${m._id}`)).json()).data;
    expect(got.terms).toHaveLength(3);
  });

  it('after expiry: starts today', async () => {
    const m = await create('adminL1', { startDate: '2024-12-01' }); // ended 2025-01-01
    const d = memberRoutes.renew.responses[200].parse((await call('adminL1', 'POST', `/members/${m._id}/renew`, renewBody)).json()).data;
    expect(d).toMatchObject({ membershipStartDate: '2025-03-11', membershipEndDate: '2025-06-11', membershipStatus: 'active', daysRemaining: 92 });
  });

  it('a plan’s duration sets the term’s length, on registration and on renewal', async () => {
    const m = await create('adminL1', { paymentFrequency: 'quarterly', durationMonths: 6 });
    expect(m).toMatchObject({ membershipStartDate: '2025-03-01', membershipEndDate: '2025-09-01', paymentFrequency: 'quarterly' });
    const d = memberRoutes.renew.responses[200].parse(
      (await call('adminL1', 'POST', `/members/${m._id}/renew`, { ...renewBody, durationMonths: 24, paymentFrequency: 'annually' })).json(),
    ).data;
    expect(d.terms[0]).toMatchObject({ termNo: 2, startDate: '2025-09-01', endDate: '2027-09-01' });
    expectError(await call('adminL1', 'POST', `/members/${m._id}/renew`, { ...renewBody, durationMonths: 37 }), 400);
  });

  it('rejects a bad body with 400 and writes nothing', async () => {
    const m = await create('adminL1');
    const before = await counts();
    expectError(await call('adminL1', 'POST', `/members/${m._id}/renew`, { ...renewBody, membershipFee: -1 }), 400);
    expect(await counts()).toEqual(before);
  });
});

describe('freeze, unfreeze, cancel, archive', () => {
  it('freezing then unfreezing moves the end date by the days frozen', async () => {
    const m = await create('adminL1');
    const frozen = memberRoutes.freeze.responses[200].parse((await call('adminL1', 'POST', `/members/${m._id}/freeze`, { reason: 'Travel' })).json()).data;
    expect(frozen).toMatchObject({ membershipStatus: 'frozen', frozenFrom: '2025-03-11' });
    expectError(await call('adminL1', 'POST', `/members/${m._id}/freeze`, {}), 409, 'Only an active membership can be frozen');
    env.time.now += 5 * 86_400_000; // five days later
    const back = memberRoutes.unfreeze.responses[200].parse((await call('adminL1', 'POST', `/members/${m._id}/unfreeze`)).json()).data;
    env.time.now -= 5 * 86_400_000;
    expect(back).toMatchObject({ membershipStatus: 'active', frozenFrom: null, membershipEndDate: '2025-04-06' });
    expectError(await call('adminL1', 'POST', `/members/${m._id}/unfreeze`), 409, 'Only a frozen membership can be unfrozen');
    const got = memberRoutes.get.responses[200].parse((await call('adminL1', 'GET', `/members/${m._id}`)).json()).data;
    expect(got.terms[0]).toMatchObject({ endDate: '2025-04-06', daysFrozen: 5 });
  });

  it('cancels; archiving removes the member from the lists, keeps the record, and refuses further writes', async () => {
    const m = await create('adminL1', { firstName: 'Archie' });
    const c = memberRoutes.cancel.responses[200].parse((await call('adminL1', 'POST', `/members/${m._id}/cancel`, { reason: 'Moved' })).json()).data;
    expect(c.membershipStatus).toBe('cancelled');
    const del = await call('adminL1', 'DELETE', `/members/${m._id}`);
    expect(del.statusCode, del.body).toBe(200);
    const list = memberRoutes.list.responses[200].parse((await call('adminL1', 'GET', '/members?search=Archie')).json());
    expect(list.totalCount).toBe(0);
    const archived = memberRoutes.list.responses[200].parse((await call('adminL1', 'GET', '/members?search=Archie&status=archived')).json());
    expect(archived.data.map((x) => x._id)).toEqual([m._id]);
    expectError(await call('adminL1', 'POST', `/members/${m._id}/renew`, renewBody), 409, 'This member is archived');
  });

  it('a trainer cannot archive a member (403) and nothing is written', async () => {
    const m = await create('adminL1');
    const before = await counts();
    expectError(await call('trainerA', 'DELETE', `/members/${m._id}`), 403);
    expect(await counts()).toEqual(before);
  });
});

describe('update', () => {
  it('changes the profile; a stale expectedVersion is 409; an email of another member is 409', async () => {
    const m = await create('adminL1');
    const other = await create('adminL1');
    const body = { firstName: 'Renamed', lastName: 'Person', email: m.user.email, phone: m.user.phone, gender: 'female', expectedVersion: m.version };
    const res = await call('adminL1', 'PUT', `/members/${m._id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const u = memberRoutes.update.responses[200].parse(res.json()).data;
    expect(u).toMatchObject({ fullName: 'Renamed Person', gender: 'female', version: m.version + 1 });
    expectError(await call('adminL1', 'PUT', `/members/${m._id}`, { ...body, firstName: 'Again' }), 409, /Someone else changed this member/);
    expectError(
      await call('adminL1', 'PUT', `/members/${m._id}`, { ...body, expectedVersion: u.version, email: other.user.email }),
      409,
      'A member with this email already exists',
    );
  });
});

describe('assign trainer', () => {
  it('assigns, then refuses a second client when the trainer is fully booked, with the count', async () => {
    const a = await create('adminL1');
    const b = await create('adminL1');
    const res = await call('adminL1', 'POST', `/members/${a._id}/assign-trainer`, { trainerId });
    expect(res.statusCode, res.body).toBe(200);
    expect(memberRoutes.assignTrainer.responses[200].parse(res.json()).data.trainer).toEqual({
      _id: trainerId,
      user: { firstName: 'Ravi', lastName: 'Coach' },
      specialization: ['yoga'],
    });
    expectError(await call('adminL1', 'POST', `/members/${b._id}/assign-trainer`, { trainerId }), 409, 'Ravi Coach is fully booked (1/1 clients)');
    const filtered = memberRoutes.list.responses[200].parse((await call('adminL1', 'GET', `/members?trainerId=${trainerId}`)).json());
    expect(filtered.data.map((x) => x._id)).toEqual([a._id]);
    // The list carries the trainer from the same statement as the page.
    expect(filtered.data[0]!.trainer).toEqual({ _id: trainerId, user: { firstName: 'Ravi', lastName: 'Coach' }, specialization: ['yoga'] });
    // Unassigned, the place is free again.
    expect((await call('adminL1', 'POST', `/members/${a._id}/unassign-trainer`)).statusCode).toBe(200);
    expectError(await call('adminL1', 'POST', `/members/${a._id}/unassign-trainer`), 409, 'This member has no trainer');
    expect((await call('adminL1', 'POST', `/members/${b._id}/assign-trainer`, { trainerId })).statusCode).toBe(200);
  });

  it('refuses an unavailable, pending, other-location or unknown trainer', async () => {
    const m = await create('adminL1');
    expectError(await call('adminL1', 'POST', `/members/${m._id}/assign-trainer`, { trainerId: offTrainer }), 409, 'Off Coach is not available right now');
    expectError(await call('adminL1', 'POST', `/members/${m._id}/assign-trainer`, { trainerId: pendingTrainer }), 409, /awaiting approval/);
    expectError(await call('adminL1', 'POST', `/members/${m._id}/assign-trainer`, { trainerId: l2Trainer }), 409, /another location/);
    expectError(await call('adminL1', 'POST', `/members/${m._id}/assign-trainer`, { trainerId: randomUUID() }), 404);
  });

  it('lets only one of two concurrent assignments take the last place', async () => {
    const t = randomUUID();
    await env.db
      .insertInto('trainers')
      .values({
        id: t,
        org_id: orgA,
        location_id: L1,
        first_name: 'Solo',
        last_name: 'Coach',
        specialization: [],
        max_clients: 1,
        is_available: true,
        status: 'active',
        updated_at: new Date(),
      })
      .execute();
    const [a, b] = [await create('adminL1'), await create('adminL1')];
    const results = await Promise.all([a, b].map((m) => call('adminL1', 'POST', `/members/${m._id}/assign-trainer`, { trainerId: t })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('authorization', () => {
  it('a member cannot read the list, another member, or the stats', async () => {
    const m = await create('adminL1');
    expectError(await call('memberA', 'GET', '/members'), 403);
    expectError(await call('memberA', 'GET', `/members/${m._id}`), 403);
    expectError(await call('memberA', 'GET', '/members/stats/overview'), 403);
    expectError(await call('memberA', 'GET', `/members/${m._id}/measurements`), 403);
    expectError(await call('memberA', 'GET', `/members/${memberUserId}/measurements`), 403);
  });

  it('trainers and members are refused (403) every staff-only route on a member, and nothing is written', async () => {
    const m = await create('adminL1');
    const before = await counts();
    for (const who of ['trainerA', 'memberA'] as const) {
      expectError(await call(who, 'PUT', `/members/${m._id}`, { firstName: 'X', lastName: 'Y', email: 'x@example.in', phone: '+91 90000 00000' }), 403);
      expectError(await call(who, 'POST', `/members/${m._id}/renew`, renewBody), 403);
      expectError(await call(who, 'POST', `/members/${m._id}/assign-trainer`, { trainerId }), 403);
      expectError(await call(who, 'POST', `/members/${m._id}/unassign-trainer`), 403);
      expectError(await call(who, 'POST', `/members/${m._id}/freeze`, {}), 403);
      expectError(await call(who, 'POST', `/members/${m._id}/unfreeze`), 403);
      expectError(await call(who, 'POST', `/members/${m._id}/cancel`, {}), 403);
      expectError(await call(who, 'POST', `/members/${m._id}/resend-invitation`), 403);
      expectError(await call(who, 'DELETE', `/members/${m._id}`), 403);
      expectError(await call(who, 'DELETE', `/members/${m._id}/measurements/${randomUUID()}`), 403);
    }
    expectError(await call('memberA', 'POST', `/members/${m._id}/measurements`, { weightKg: 70 }), 403);
    expect(await counts()).toEqual(before);
  });

  it('staff of another gym get 404 on every write and read of a member, and nothing is written', async () => {
    const m = await create('adminL1');
    const before = await counts();
    expectError(await call('adminB', 'GET', `/members/${m._id}`), 404);
    expectError(await call('adminB', 'PUT', `/members/${m._id}`, { firstName: 'X', lastName: 'Y', email: 'x@example.in', phone: '+91 90000 00000' }), 404);
    expectError(await call('adminB', 'POST', `/members/${m._id}/renew`, renewBody), 404);
    expectError(await call('adminB', 'POST', `/members/${m._id}/freeze`, {}), 404);
    expectError(await call('adminB', 'POST', `/members/${m._id}/cancel`, {}), 404);
    expectError(await call('adminB', 'POST', `/members/${m._id}/unfreeze`), 404);
    expectError(await call('adminB', 'POST', `/members/${m._id}/unassign-trainer`), 404);
    expectError(await call('adminB', 'DELETE', `/members/${m._id}/measurements/${randomUUID()}`), 404);
    expectError(await call('adminB', 'POST', `/members/${m._id}/assign-trainer`, { trainerId }), 404);
    expectError(await call('adminB', 'POST', `/members/${m._id}/resend-invitation`), 404);
    expectError(await call('adminB', 'DELETE', `/members/${m._id}`), 404);
    expectError(await call('adminB', 'GET', `/members/${m._id}/measurements`), 404);
    expectError(await call('adminB', 'POST', `/members/${m._id}/measurements`, { weightKg: 70 }), 404);
    expect(await counts()).toEqual(before);
  });

  it('an admin of one location cannot touch a member of another location of the same gym', async () => {
    const m = await create('ownerA', { locationId: L2 });
    const before = await counts();
    expectError(await call('adminL1', 'GET', `/members/${m._id}`), 404);
    expectError(await call('adminL1', 'POST', `/members/${m._id}/renew`, renewBody), 404);
    expectError(await call('adminL1', 'DELETE', `/members/${m._id}`), 404);
    expectError(await call('adminL1', 'GET', `/members?locationId=${L2}`), 403);
    expect(await counts()).toEqual(before);
    expect((await call('adminL2', 'GET', `/members/${m._id}`)).statusCode).toBe(200);
  });
});

describe('measurements', () => {
  it('staff record and delete; a trainer records only for their own clients; the member sees their own', async () => {
    const own = await create('adminL1', { firstName: 'Client' });
    handEdited.push(own._id);
    // A member whose id is the member's own user: reachable through /members/me.
    await env.db.updateTable('members').set({ trainer_id: otherTrainerId }).where('id', '=', own._id).execute();
    const rec = await call('otherTrainer', 'POST', `/members/${own._id}/measurements`, { weightKg: 72.5, waistCm: 80, measuredOn: '2025-03-10' });
    expect(rec.statusCode, rec.body).toBe(201);
    const m = memberRoutes.recordMeasurement.responses[201].parse(rec.json()).data;
    expect(m).toMatchObject({ weightKg: 72.5, waistCm: 80, chestCm: null, measuredOn: '2025-03-10', recordedBy: { _id: otherTrainerId } });
    const notTheirs = await create('adminL1');
    expectError(await call('trainerA', 'POST', `/members/${notTheirs._id}/measurements`, { weightKg: 70 }), 403, /only for their own clients/);
    expectError(await call('adminL1', 'POST', `/members/${own._id}/measurements`, {}), 400);
    const list = memberRoutes.measurements.responses[200].parse((await call('trainerA', 'GET', `/members/${own._id}/measurements`)).json());
    expect(list.data.map((x) => x._id)).toEqual([m._id]);
    expectError(await call('trainerA', 'DELETE', `/members/${own._id}/measurements/${m._id}`), 403);
    expect((await call('adminL1', 'DELETE', `/members/${own._id}/measurements/${m._id}`)).statusCode).toBe(200);
    expectError(await call('adminL1', 'DELETE', `/members/${own._id}/measurements/${m._id}`), 404);
  });

  it('a member reads and records only their own membership and measurements', async () => {
    expectError(await call('memberA', 'GET', '/members/me'), 404);
    // The member's record: made as a join-code sign-up would (id = their user id), then started by staff.
    await env.db
      .insertInto('members')
      .values({
        id: memberUserId,
        org_id: orgA,
        location_id: L1,
        first_name: 'Self',
        last_name: 'Serve',
        email: 'self@example.in',
        phone: '',
        membership_type: 'basic',
        membership_status: 'active',
        payment_frequency: 'monthly',
        fee_paise: 0,
        start_date: '2025-03-01',
        end_date: '2025-04-01',
        date_of_birth: null,
        gender: null,
        registered_at: new Date('2025-03-01T00:00:00Z'),
        version: 1,
        frozen_from: null,
        account_status: 'active',
        joined_with_code: true,
        trainer_id: null,
        payment_method: null,
        archived_at: null,
        total_workouts: 0,
      })
      .execute();
    const me = memberRoutes.me.responses[200].parse((await call('memberA', 'GET', '/members/me')).json()).data;
    expect(me).toMatchObject({ _id: memberUserId, daysRemaining: 21 });
    expect((await call('memberA', 'POST', '/members/me/measurements', { weightKg: 60 })).statusCode).toBe(201);
    const mine = memberRoutes.myMeasurements.responses[200].parse((await call('memberA', 'GET', '/members/me/measurements')).json());
    expect(mine.data).toHaveLength(1);
    expectError(await call('adminL1', 'GET', '/members/me'), 403);
    expectError(await call('trainerA', 'GET', '/members/me/measurements'), 403);
    expectError(await call('adminL1', 'POST', '/members/me/measurements', { weightKg: 60 }), 403);
  });
});

describe('plan limit and read-only trial', () => {
  it('the free plan allows 14 members: of 20 concurrent creates exactly 14 succeed, the rest 409 PLAN_LIMIT', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('ownerF', 'POST', '/members', { firstName: 'Free', lastName: `N${i}`, email: `free${i}@example.in`, phone: `+91 92222 ${String(10000 + i)}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(14);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect(expectError(r, 409, 'Your Free plan allows 14 members. Choose a bigger plan to add more.').code).toBe('PLAN_LIMIT');
    const stats = memberRoutes.stats.responses[200].parse((await call('ownerF', 'GET', '/members/stats/overview')).json()).data;
    expect(stats.plan).toEqual({ limit: 14, used: 14 });
    // Someone who joined with the code does not count until staff start their membership, which needs a place.
    const pendingId = randomUUID();
    await executeCommand(
      env.db,
      membershipAggregate,
      pendingId,
      {
        type: 'SignUpMember',
        data: {
          memberId: pendingId,
          orgId: orgF,
          locationId: LF,
          firstName: 'Join',
          lastName: 'Late',
          email: 'join-late@example.in',
          phone: '',
          signedUpAt: '2025-03-11T00:00:00.000Z',
        },
      },
      { orgId: orgF, locationId: LF, correlationId: randomUUID(), causationId: randomUUID() },
    );
    expectError(
      await call('ownerF', 'POST', `/members/${pendingId}/renew`, renewBody),
      409,
      'Your Free plan allows 14 members. Choose a bigger plan to add more.',
    );
    // An archived member frees a place.
    const first = memberRoutes.create.responses[201].parse(results.find((r) => r.statusCode === 201)!.json()).data;
    expect((await call('ownerF', 'DELETE', `/members/${first._id}`)).statusCode).toBe(200);
    expect((await call('ownerF', 'POST', `/members/${pendingId}/renew`, renewBody)).statusCode).toBe(200);
    expectError(
      await call('ownerF', 'POST', '/members', { firstName: 'Free', lastName: 'Late', email: 'free-late@example.in', phone: '+91 92222 99999' }),
      409,
      /plan allows 14 members/,
    );
  });

  it('a trial that ended refuses writes with 402 and writes nothing; reads still work', async () => {
    const before = await counts();
    const res = await call('ownerT', 'POST', '/members', { firstName: 'Read', lastName: 'Only', email: 'ro@example.in', phone: '+91 93333 33333' });
    const body = expectError(res, 402, 'Your free trial has ended. Choose a plan to keep making changes.');
    expect(body.code).toBe('TRIAL_ENDED');
    expect(await counts()).toEqual(before);
    expect((await call('ownerT', 'GET', '/members')).statusCode).toBe(200);
  });
});

describe('resend invitation', () => {
  it('emits the request while invited; refuses once the account is active', async () => {
    const m = await create('adminL1');
    const res = await call('adminL1', 'POST', `/members/${m._id}/resend-invitation`);
    expect(res.statusCode, res.body).toBe(200);
    const ev = await env.db.selectFrom('outbox').select('payload').where('key', '=', m._id).execute();
    expect(ev.map((e) => payloadType(e.payload))).toContain('members.invitation_resend_requested');
    await env.db.updateTable('members').set({ account_status: 'active' }).where('id', '=', m._id).execute();
    expectError(await call('adminL1', 'POST', `/members/${m._id}/resend-invitation`), 409, /already set up their account/);
  });
});

describe('stats', () => {
  it('counts by status and type per location', async () => {
    const res = await call('ownerA', 'GET', '/members/stats/overview');
    expect(res.statusCode, res.body).toBe(200);
    const s = memberRoutes.stats.responses[200].parse(res.json()).data;
    expect(s.byLocation.map((l) => l.locationId).sort()).toEqual([L1, L2].sort());
    expect(s.total).toBe(s.byLocation.reduce((n, l) => n + l.total, 0));
    expect(s.byStatus.archived).toBe(0);
    expect(s.plan.limit).toBeNull();
    expectError(await call('adminL1', 'GET', `/members/stats/overview?locationId=${L2}`), 403);
  });
});

describe('expiry job', () => {
  it('expires at local midnight (Asia/Kolkata), once, even with two runs at the same time', async () => {
    const m = await create('adminL1', { startDate: '2025-03-05' }); // ends 2025-04-05
    const saved = env.time.now;
    try {
      env.time.now = Date.parse('2025-04-04T18:29:59Z'); // 23:59:59 IST on 4 April
      await expireMemberships(env.deps);
      expect((await env.db.selectFrom('members').select('membership_status').where('id', '=', m._id).executeTakeFirstOrThrow()).membership_status).toBe(
        'active',
      );
      env.time.now = Date.parse('2025-04-04T18:30:00Z'); // midnight IST: 5 April has begun
      await Promise.all([expireMemberships(env.deps), expireMemberships(env.deps)]);
      expect((await env.db.selectFrom('members').select('membership_status').where('id', '=', m._id).executeTakeFirstOrThrow()).membership_status).toBe(
        'expired',
      );
      const expired = await env.db
        .selectFrom('events')
        .select('type')
        .where('stream_id', '=', `member-${m._id}`)
        .where('type', '=', 'MembershipExpired')
        .execute();
      expect(expired).toHaveLength(1);
      const outbox = await env.db.selectFrom('outbox').select('payload').where('key', '=', m._id).execute();
      expect(outbox.filter((o) => payloadType(o.payload) === 'members.membership_expired')).toHaveLength(1);
    } finally {
      env.time.now = saved;
    }
  });
});

describe('rebuild', () => {
  it('replays every lifecycle event into the same members and terms rows, account statuses and pictures kept', async () => {
    // Rows this file wrote by hand (no events behind them) are left out of the comparison.
    const skip = [...handEdited, memberUserId];
    const read = async () => ({
      members: (await env.db.selectFrom('members').selectAll().orderBy('id').execute()).filter((r) => !skip.includes(r.id)),
      terms: (await env.db.selectFrom('membership_terms').selectAll().orderBy('member_id').orderBy('term_no').execute()).filter(
        (r) => !skip.includes(r.member_id),
      ),
    });
    // A picture comes from auth's events, not from the streams: the rebuild keeps it like the account status.
    const pictured = (await read()).members[0]!;
    await setMemberAvatar(env.db, pictured.org_id, pictured.id, `/api/auth/avatars/${pictured.id}?v=kept`);
    const before = await read();
    expect(before.members.some((m) => m.membership_status === 'frozen' || m.account_status === 'active')).toBe(true);
    expect(before.members.find((m) => m.id === pictured.id)?.avatar_url).toBe(`/api/auth/avatars/${pictured.id}?v=kept`);
    expect(before.terms.some((t) => t.days_frozen > 0)).toBe(true);
    await rebuild(env.db, 'members', { batchSize: 7 });
    expect(await read()).toEqual(before);
  });
});
