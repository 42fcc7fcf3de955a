import { AuthEvents, memberRoutes, PaymentEvents, topicOf, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootMembers } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
let env: Awaited<ReturnType<typeof bootMembers>>;
let admin: string;

beforeAll(async () => {
  env = await bootMembers('members_cons', { consumers: true });
  await env.org(orgA, 'enterprise', null, [[L1, 'Asia/Kolkata']]);
  admin = await env.sign(orgA, 'admin', [L1]);
});

afterAll(async () => env?.close());

const meta = (aggregateId: string, occurredAt = new Date().toISOString()) => ({
  orgId: orgA,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt,
});
const publish = (topic: 'auth' | 'trainers' | 'payments', ...envs: EventEnvelope[]) =>
  env.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );

const row = (id: string) => env.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  env.app.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, ...(payload ? { payload } : {}) });

describe('auth events', () => {
  it('a join-code sign-up as a member becomes a member awaiting a plan, once; staff start their membership', async () => {
    const userId = randomUUID();
    const signUp = makeEnvelope(AuthEvents.UserRegistered, {
      ...meta(userId),
      data: {
        userId,
        orgId: orgA,
        role: 'member',
        firstName: 'Join',
        lastName: 'Code',
        email: `${userId}@example.in`,
        phone: '+91 98111 22333',
        locationIds: [L1],
        via: 'join_code',
      },
    });
    // Not for us: a trainer's sign-up, and a member added by staff (via invitation).
    const trainerId = randomUUID();
    const trainerSignUp = makeEnvelope(AuthEvents.UserRegistered, {
      ...meta(trainerId),
      data: { ...signUp.data, userId: trainerId, role: 'trainer', email: `${trainerId}@example.in` },
    });
    await publish('auth', trainerSignUp, signUp, signUp);
    const m = await vi.waitUntil(() => row(userId), { message: 'pending member', timeout: 20_000, interval: 100 });
    // The phone given at registration is kept (issue 31: it was dropped, leaving the record without one).
    expect(m).toMatchObject({ membership_status: 'pending', joined_with_code: true, account_status: 'active', location_id: L1, phone: '+91 98111 22333' });
    expect(await row(trainerId)).toBeUndefined();
    const events = await env.db.selectFrom('events').select('type').where('stream_id', '=', `member-${userId}`).execute();
    expect(events.map((e) => e.type)).toEqual(['MemberSignedUp']);

    const list = memberRoutes.list.responses[200].parse((await call('GET', '/members?status=pending')).json());
    expect(list.data.map((x) => [x._id, x.membershipStatus, x.joinedWithCode])).toEqual([[userId, 'pending', true]]);

    const renewed = await call('POST', `/members/${userId}/renew`, {
      membershipType: 'basic',
      paymentFrequency: 'monthly',
      membershipFee: 999,
      paymentMethod: 'cash',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(memberRoutes.renew.responses[200].parse(renewed.json()).data).toMatchObject({
      membershipStatus: 'active',
      membershipStartDate: '2025-03-11',
      membershipEndDate: '2025-04-11',
      terms: [{ termNo: 1 }],
    });
  });

  it('invitation events set the account status of a member added by staff', async () => {
    const created = await call('POST', '/members', { firstName: 'Inv', lastName: 'Ited', email: 'invited@example.in', phone: '+91 94444 44444' });
    const id = memberRoutes.create.responses[201].parse(created.json()).data._id;
    expect((await row(id))?.account_status).toBe('invited');
    await publish('auth', makeEnvelope(AuthEvents.InvitationFailed, { ...meta(id), data: { userId: id, role: 'member', reason: 'email_in_use' } }));
    await vi.waitUntil(async () => ((await row(id))?.account_status === 'failed' ? true : undefined), { message: 'failed', timeout: 20_000, interval: 100 });
    await publish('auth', makeEnvelope(AuthEvents.InvitationAccepted, { ...meta(id), data: { userId: id, role: 'member' } }));
    await vi.waitUntil(async () => ((await row(id))?.account_status === 'active' ? true : undefined), { message: 'active', timeout: 20_000, interval: 100 });
  });
});

describe('auth.user_avatar_changed', () => {
  const picture = (userId: string) => `/api/auth/avatars/${userId}?v=${randomUUID()}`;
  const avatar = (userId: string, avatarUrl: string | null, over: { orgId?: string; key?: string } = {}) =>
    makeEnvelope(AuthEvents.UserAvatarChanged, { ...meta(over.key ?? userId), orgId: over.orgId ?? orgA, data: { userId, avatarUrl } });
  const avatarOf = async (id: string, want: string | null) => ((await row(id))?.avatar_url === want ? true : undefined);
  const addMember = async (email: string) =>
    memberRoutes.create.responses[201].parse((await call('POST', '/members', { firstName: 'Pic', lastName: 'Ture', email, phone: '+91 93333 33333' })).json())
      .data._id;

  it('sets and clears the member’s picture, shown in the list and on the record; another organization’s event changes nothing', async () => {
    const id = await addMember('pictured@example.in');
    const other = await addMember('sentinel@example.in');
    const url = picture(id);
    await publish('auth', avatar(id, url));
    await vi.waitUntil(() => avatarOf(id, url), { message: 'picture set', timeout: 20_000, interval: 100 });

    const list = memberRoutes.list.responses[200].parse((await call('GET', '/members?search=pictured')).json());
    expect(list.data.map((m) => [m._id, m.avatarUrl])).toEqual([[id, url]]);
    const detail = memberRoutes.get.responses[200].parse((await call('GET', `/members/${id}`)).json());
    expect(detail.data.avatarUrl).toBe(url);

    // The same user id under another organization, then (same partition) a sentinel in ours: once the sentinel is
    // applied the foreign event was handled, and it left the picture alone. An unknown user makes no row.
    const stranger = randomUUID();
    const sentinel = picture(other);
    await publish(
      'auth',
      avatar(id, picture(id), { orgId: randomUUID() }),
      avatar(stranger, picture(stranger), { key: id }),
      avatar(other, sentinel, { key: id }),
    );
    await vi.waitUntil(() => avatarOf(other, sentinel), { message: 'sentinel', timeout: 20_000, interval: 100 });
    expect((await row(id))?.avatar_url).toBe(url);
    expect(await row(stranger)).toBeUndefined();

    await publish('auth', avatar(id, null));
    await vi.waitUntil(() => avatarOf(id, null), { message: 'picture removed', timeout: 20_000, interval: 100 });
    const cleared = memberRoutes.get.responses[200].parse((await call('GET', `/members/${id}`)).json());
    expect(cleared.data.avatarUrl).toBeNull();
  });
});

describe('trainers events', () => {
  const snapshot = (trainerId: string, over: Record<string, unknown> = {}) => ({
    trainerId,
    locationId: L1,
    firstName: 'Kabir',
    lastName: 'Singh',
    email: `${trainerId}@example.in`,
    phone: '+91 95555 55555',
    specialization: ['strength_training' as const],
    maxClients: 5,
    isAvailable: true,
    hourlyRatePaise: 50_000,
    status: 'active' as const,
    ...over,
  });

  it('keeps the trainers projection (newer events win) and unassigns every client when a trainer is archived', async () => {
    const trainerId = randomUUID();
    await publish(
      'trainers',
      makeEnvelope(TrainerEvents.TrainerCreated, {
        ...meta(trainerId, '2025-03-01T00:00:00Z'),
        data: { ...snapshot(trainerId, { status: 'pending' }), source: 'join_code' },
      }),
      makeEnvelope(TrainerEvents.TrainerApproved, { ...meta(trainerId, '2025-03-02T00:00:00Z'), data: { trainerId } }),
      makeEnvelope(TrainerEvents.TrainerUpdated, { ...meta(trainerId, '2025-03-03T00:00:00Z'), data: snapshot(trainerId, { firstName: 'Kabir2' }) }),
      // An older update arriving late changes nothing.
      makeEnvelope(TrainerEvents.TrainerUpdated, { ...meta(trainerId, '2025-02-01T00:00:00Z'), data: snapshot(trainerId, { firstName: 'Stale' }) }),
    );
    const t = await vi.waitUntil(
      async () => {
        const r = await env.db.selectFrom('trainers').selectAll().where('id', '=', trainerId).executeTakeFirst();
        return r?.first_name === 'Kabir2' && r.status === 'active' ? r : undefined;
      },
      { message: 'trainer', timeout: 20_000, interval: 100 },
    );
    expect(t).toMatchObject({ org_id: orgA, max_clients: 5, is_available: true });

    const ids: string[] = [];
    for (const n of [1, 2]) {
      const res = await call('POST', '/members', {
        firstName: 'Client',
        lastName: `K${n}`,
        email: `client-k${n}-${trainerId}@example.in`,
        phone: '+91 96666 66666',
      });
      const id = memberRoutes.create.responses[201].parse(res.json()).data._id;
      expect((await call('POST', `/members/${id}/assign-trainer`, { trainerId })).statusCode).toBe(200);
      ids.push(id);
    }
    await publish('trainers', makeEnvelope(TrainerEvents.TrainerArchived, { ...meta(trainerId, '2025-03-04T00:00:00Z'), data: { trainerId } }));
    await vi.waitUntil(
      async () => {
        const rows = await env.db.selectFrom('members').select('trainer_id').where('id', 'in', ids).execute();
        return rows.every((r) => r.trainer_id === null) ? true : undefined;
      },
      { message: 'clients unassigned', timeout: 20_000, interval: 100 },
    );
    for (const id of ids) {
      const evs = await env.db
        .selectFrom('events')
        .select(['type', 'data'])
        .where('stream_id', '=', `member-${id}`)
        .where('type', '=', 'MemberTrainerUnassigned')
        .execute();
      expect(evs).toHaveLength(1);
      expect(evs[0]!.data).toMatchObject({ data: { trainerId, reason: 'trainer_archived' } });
    }
    expect((await env.db.selectFrom('trainers').select('status').where('id', '=', trainerId).executeTakeFirstOrThrow()).status).toBe('archived');
  });
});

describe('payments events', () => {
  it('a completed membership payment with a period becomes one new term (a redelivery none), carrying the payment id; a payment made from a members renewal is skipped', async () => {
    const created = await call('POST', '/members', {
      firstName: 'Pay',
      lastName: 'Term',
      email: `pay-${randomUUID()}@example.in`,
      phone: '+91 98000 11111',
      membershipFee: 1000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const memberId = created.json().data._id as string;
    const end = created.json().data.membershipEndDate as string;
    const facts = (paymentId: string, source: 'staff' | 'members', period = { startDate: end, endDate: end }) => ({
      paymentId,
      organizationId: orgA,
      locationId: L1,
      category: 'member' as const,
      type: 'membership_renewal',
      status: 'completed' as const,
      memberId,
      memberName: 'Pay Term',
      trainerId: null,
      trainerName: '',
      amountPaise: 150_000,
      gstPaise: 0,
      totalPaise: 150_000,
      refundedPaise: 0,
      method: 'upi' as const,
      description: 'Renewal',
      membershipType: 'premium' as const,
      membershipPeriod: period,
      paymentFrequency: 'monthly' as const,
      salaryPeriod: null,
      dueDate: null,
      source,
      sourceId: null,
      occurredAt: new Date().toISOString(),
    });
    const completed = (paymentId: string, source: 'staff' | 'members', period?: { startDate: string; endDate: string }) =>
      makeEnvelope(PaymentEvents.PaymentCompleted, {
        ...meta(paymentId),
        locationId: L1,
        data: {
          ...facts(paymentId, source, period),
          paidAt: new Date().toISOString(),
          completedVia: 'mark_paid',
          razorpayPaymentId: null,
          razorpayOrderId: null,
        },
      });
    const paid = randomUUID();
    const fromMembers = randomUUID();
    const sentinel = randomUUID();
    await publish('payments', completed(fromMembers, 'members'), completed(paid, 'staff'), completed(paid, 'staff'));
    await vi.waitUntil(
      async () => (await env.db.selectFrom('payment_terms').select('payment_id').where('payment_id', '=', paid).executeTakeFirst()) ?? undefined,
      { message: 'the payment term', timeout: 20_000, interval: 100 },
    );
    // A sentinel after the duplicates: once it is handled, everything before it was.
    // The sentinel pays a 6-month plan (its period's last day given): a 6-month term, not the monthly frequency's one.
    const sixMonthsOn = new Date(Date.parse(`${end}T00:00:00Z`));
    sixMonthsOn.setUTCMonth(sixMonthsOn.getUTCMonth() + 6);
    sixMonthsOn.setUTCDate(sixMonthsOn.getUTCDate() - 1);
    await publish('payments', completed(sentinel, 'staff', { startDate: end, endDate: sixMonthsOn.toISOString().slice(0, 10) }));
    await vi.waitUntil(
      async () => (await env.db.selectFrom('payment_terms').select('payment_id').where('payment_id', '=', sentinel).executeTakeFirst()) ?? undefined,
      { message: 'the sentinel term', timeout: 20_000, interval: 100 },
    );
    const terms = await env.db.selectFrom('membership_terms').selectAll().where('member_id', '=', memberId).orderBy('term_no').execute();
    expect(terms.map((t) => [t.term_no, Number(t.fee_paise), t.membership_type])).toEqual([
      [1, 100_000, 'basic'],
      [2, 150_000, 'premium'],
      [3, 150_000, 'premium'],
    ]);
    const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);
    const monthsOf = (t: { start_date: unknown; end_date: unknown }) => {
      const [s, e] = [new Date(iso(t.start_date)), new Date(iso(t.end_date))];
      return (e.getUTCFullYear() - s.getUTCFullYear()) * 12 + e.getUTCMonth() - s.getUTCMonth();
    };
    expect(terms.slice(1).map(monthsOf)).toEqual([1, 6]);
    const renewed = await env.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `member-${memberId}`)
      .where('type', '=', 'MembershipRenewed')
      .orderBy('stream_version')
      .execute();
    expect(renewed.map((e) => (e.data as { data: { paymentId?: string } }).data.paymentId)).toEqual([paid, sentinel]);
    expect(await env.db.selectFrom('payment_terms').select('payment_id').where('payment_id', '=', fromMembers).executeTakeFirst()).toBeUndefined();
  });
});
