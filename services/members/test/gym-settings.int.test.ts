import { AuthEvents, EnquiriesEvents, memberPlanRoutes, memberReferralRoutes, memberRoutes, topicOf, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootMembers } from './setup.ts';

const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID();
const LB = randomUUID();
let env: Awaited<ReturnType<typeof bootMembers>>;

beforeAll(async () => {
  env = await bootMembers('members_gymset', { consumers: true });
  await env.org(orgA, 'enterprise', null, [[L1, 'Asia/Kolkata']]);
  await env.org(orgB, 'enterprise', null, [[LB, 'Asia/Kolkata']]);
});
afterAll(async () => env?.close());

const meta = (orgId: string, aggregateId: string) => ({
  orgId,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date().toISOString(),
});
const publish = (...envs: EventEnvelope[]) =>
  env.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf('auth'), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
/** Polls a condition (the consumers work asynchronously). */
const get = async (url: string, token: string) => env.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('gym settings in the members service', () => {
  it('hides a member’s phone and email from trainers once they chose so; staff still see them', async () => {
    const memberId = randomUUID();
    const email = `${memberId}@example.in`;
    await publish(
      makeEnvelope(AuthEvents.UserRegistered, {
        ...meta(orgA, memberId),
        data: { userId: memberId, orgId: orgA, role: 'member', firstName: 'Private', lastName: 'Person', email, locationIds: [L1], via: 'join_code' },
      }),
    );
    await vi.waitUntil(() => env.db.selectFrom('members').select('id').where('id', '=', memberId).executeTakeFirst(), {
      message: 'member',
      timeout: 20_000,
      interval: 100,
    });
    const trainer = await env.sign(orgA, 'trainer', [L1]);
    const admin = await env.sign(orgA, 'admin', [L1]);
    const seenBy = async (token: string) => memberRoutes.get.responses[200].parse((await get(`/members/${memberId}`, token)).json()).data.user;
    expect((await seenBy(trainer)).email).toBe(email);

    await publish(
      makeEnvelope(AuthEvents.UserPrivacyChanged, {
        ...meta(orgA, memberId),
        data: { userId: memberId, contactVisibleToTrainers: false, marketingConsent: false },
      }),
    );
    await vi.waitUntil(() => env.db.selectFrom('member_privacy').select('member_id').where('member_id', '=', memberId).executeTakeFirst(), {
      message: 'privacy',
      timeout: 20_000,
      interval: 100,
    });
    expect(await seenBy(trainer)).toMatchObject({ firstName: 'Private', email: '', phone: '' });
    const listed = memberRoutes.list.responses[200]
      .parse((await get('/members?status=pending&limit=100', trainer)).json())
      .data.find((m) => m._id === memberId);
    expect(listed?.user.email).toBe('');
    expect((await seenBy(admin)).email).toBe(email);
  });

  it('keeps the gym’s plans from auth.membership_plans_changed, per organization', async () => {
    const planId = randomUUID();
    const plans = [{ planId, name: 'Quarterly', type: 'premium' as const, durationMonths: 3, pricePaise: 399_950, gstInclusive: true }];
    await publish(makeEnvelope(AuthEvents.MembershipPlansChanged, { ...meta(orgA, orgA), data: { orgId: orgA, plans } }));
    await vi.waitUntil(() => env.db.selectFrom('gym_plans').select('id').where('id', '=', planId).executeTakeFirst(), {
      message: 'plans',
      timeout: 20_000,
      interval: 100,
    });
    const admin = await env.sign(orgA, 'admin', [L1]);
    const res = await get('/members/plans', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(memberPlanRoutes.plans.responses[200].parse(res.json()).data).toEqual([
      { _id: planId, name: 'Quarterly', type: 'premium', durationMonths: 3, price: 3999.5, gstInclusive: true },
    ]);
    // Another gym sees only its own (none); trainers may not read them.
    expect((await get('/members/plans', await env.sign(orgB, 'admin', [LB]))).json().data).toEqual([]);
    expect((await get('/members/plans', await env.sign(orgA, 'trainer', [L1]))).statusCode).toBe(403);
    // The next list replaces the previous one.
    await publish(makeEnvelope(AuthEvents.MembershipPlansChanged, { ...meta(orgA, orgA), data: { orgId: orgA, plans: [] } }));
    await vi.waitUntil(async () => ((await env.db.selectFrom('gym_plans').select('id').where('org_id', '=', orgA).execute()).length === 0 ? true : undefined), {
      message: 'plans withdrawn',
      timeout: 20_000,
      interval: 100,
    });
  });
});

describe('referral rewards', () => {
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    env.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  /** A member registered by staff (monthly from 2025-03-11: ends 2025-04-11) and their referral code, as they read it. */
  const memberWithCode = async (orgId: string, locationId: string, n: number) => {
    const admin = await env.sign(orgId, 'admin', [locationId]);
    const res = await call(admin, 'POST', '/members', {
      firstName: 'Ref',
      lastName: `Member${n}`,
      email: `ref${n}.${orgId.slice(0, 8)}@example.in`,
      phone: `+91 91111 ${String(10000 + n)}`,
      locationId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { data: { _id: string } }).data._id;
    const mine = await call(await env.sign(orgId, 'member', [locationId], id), 'GET', '/members/me/referral');
    expect(mine.statusCode, mine.body).toBe(200);
    return { id, code: memberReferralRoutes.mine.responses[200].parse(mine.json()).data.code };
  };
  const joined = (orgId: string, referralCode: string | null, memberId: string = randomUUID(), leadId: string = randomUUID()) =>
    makeEnvelope(EnquiriesEvents.LeadJoined, { ...meta(orgId, 'referrals'), data: { leadId, locationId: L1, memberId, referralCode } });
  const publishEnquiries = (...envs: EventEnvelope[]) =>
    env.runtime.bus.publish(
      envs.map((e) => ({
        topic: topicOf('enquiries'),
        key: e.aggregateId,
        value: JSON.stringify(e),
        headers: { 'event-id': e.eventId, 'event-type': e.type },
      })),
    );
  const endDateOf = async (id: string) => (await env.db.selectFrom('members').select('end_date').where('id', '=', id).executeTakeFirstOrThrow()).end_date;

  it('a referred lead who joins adds the gym’s free days to the referrer’s term once; self, another gym’s code and reward off give nothing', async () => {
    const owner = await env.sign(orgA, 'owner', [L1]);
    expect((await call(await env.sign(orgA, 'admin', [L1]), 'PUT', '/members/referral-settings', { rewardDays: 10 })).statusCode).toBe(403);
    expect((await call(owner, 'PUT', '/members/referral-settings', { rewardDays: -1 })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', '/members/referral-settings', { rewardDays: 10 })).json()).toMatchObject({ data: { rewardDays: 10 } });
    const referrer = await memberWithCode(orgA, L1, 1);
    const sentinel = await memberWithCode(orgA, L1, 2);
    const inB = await memberWithCode(orgB, LB, 3); // gym B never turned the reward on
    expect(referrer.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await endDateOf(referrer.id)).toBe('2025-04-11');

    const first = joined(orgA, referrer.code);
    await publishEnquiries(
      first,
      first, // redelivered
      joined(orgA, referrer.code, first.data.memberId, first.data.leadId), // the same lead announced again
      joined(orgA, referrer.code, referrer.id), // the referrer's own code
      joined(orgB, referrer.code), // gym A's code in gym B
      joined(orgB, inB.code), // gym B: reward off
      joined(orgA, null),
      joined(orgA, sentinel.code), // same key: once it is rewarded, everything before it was handled
    );
    await vi.waitUntil(async () => ((await endDateOf(sentinel.id)) === '2025-04-21' ? true : undefined), {
      message: 'sentinel rewarded',
      timeout: 20_000,
      interval: 100,
    });
    expect(await endDateOf(referrer.id)).toBe('2025-04-21');
    expect(await endDateOf(inB.id)).toBe('2025-04-11');
    const mine = await call(await env.sign(orgA, 'member', [L1], referrer.id), 'GET', '/members/me/referral');
    expect(memberReferralRoutes.mine.responses[200].parse(mine.json()).data).toMatchObject({
      code: referrer.code,
      rewardDays: 10,
      rewards: [{ days: 10, endDate: '2025-04-21' }],
    });
    const announced = await env.db.selectFrom('outbox').select('payload').where('key', '=', referrer.id).execute();
    expect(announced.filter((r) => (r.payload as { type: string }).type === 'members.referral_rewarded')).toHaveLength(1);
  });

  it('a gym that rewards with a credit: the referrer gets it once (redelivery, the lead again), announced for payments; the member and the settings show it', async () => {
    const orgC = randomUUID();
    const LC = randomUUID();
    await env.org(orgC, 'enterprise', null, [[LC, 'Asia/Kolkata']]);
    const owner = await env.sign(orgC, 'owner', [LC]);
    expect((await call(owner, 'PUT', '/members/referral-settings', { rewardDays: 0, rewardCredit: 500.123 })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', '/members/referral-settings', { rewardDays: 0, rewardCredit: 100_001 })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', '/members/referral-settings', { rewardDays: 0, rewardCredit: 500.5 })).json()).toEqual({
      success: true,
      data: { rewardDays: 0, rewardCredit: 500.5 },
    });
    // A form that sends only the days keeps the credit.
    expect((await call(owner, 'PUT', '/members/referral-settings', { rewardDays: 0 })).json()).toMatchObject({ data: { rewardCredit: 500.5 } });
    const referrer = await memberWithCode(orgC, LC, 4);
    const sentinel = await memberWithCode(orgC, LC, 5);
    const first = joined(orgC, referrer.code);
    await publishEnquiries(
      first,
      first, // redelivered
      joined(orgC, referrer.code, first.data.memberId, first.data.leadId), // the same lead announced again
      joined(orgA, referrer.code), // gym C's code in gym A: nothing
      joined(orgC, sentinel.code),
    );
    const creditsOf = (id: string) => env.db.selectFrom('referral_credits').selectAll().where('member_id', '=', id).execute();
    await vi.waitUntil(async () => ((await creditsOf(sentinel.id)).length === 1 ? true : undefined), {
      message: 'sentinel credited',
      timeout: 20_000,
      interval: 100,
    });
    expect((await creditsOf(referrer.id)).map((c) => [c.lead_id, c.credit_paise, c.org_id])).toEqual([[first.data.leadId, 50_050, orgC]]);
    expect(await endDateOf(referrer.id)).toBe('2025-04-11'); // no free days in gym C
    const mine = await call(await env.sign(orgC, 'member', [LC], referrer.id), 'GET', '/members/me/referral');
    expect(memberReferralRoutes.mine.responses[200].parse(mine.json()).data).toMatchObject({
      rewardDays: 0,
      rewardCredit: 500.5,
      rewards: [],
      credits: [{ credit: 500.5 }],
    });
    const announced = await env.db.selectFrom('outbox').select('payload').where('key', '=', referrer.id).execute();
    const grants = announced
      .map((r) => r.payload as { type: string; orgId: string; data: unknown })
      .filter((p) => p.type === 'members.referral_credit_granted');
    expect(grants).toEqual([
      expect.objectContaining({
        orgId: orgC,
        data: { memberId: referrer.id, leadId: first.data.leadId, referredMemberId: first.data.memberId, creditPaise: 50_050 },
      }),
    ]);
  });
});
