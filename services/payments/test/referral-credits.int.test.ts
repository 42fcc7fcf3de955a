import { MemberEvents, paymentsRoutes, topicOf, type EventEnvelope, type Role } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/build-app.ts';
import { gstinCheckCharacter } from '../src/domain/tax/gstin.ts';
import { bootPayments } from './setup.ts';

// Gym A (L1, GST-registered in Maharashtra: 5% on 20 Nov 2026) and gym B (LB). Referral credits from members' events.
const orgA = randomUUID();
const L1 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const referrer = randomUUID();
const renewer = randomUUID();
const sentinel = randomUUID();
const memberB = randomUUID();
let svc: Awaited<ReturnType<typeof bootPayments>>;
let app: ReturnType<typeof buildApp>;
const sign = (orgId: string, role: Role, locationIds: string[], userId?: string) => svc.keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}) });

beforeAll(async () => {
  svc = await bootPayments('payments_refcredit', { consumers: 'offline', now: '2026-11-20T04:30:00Z' });
  await svc.seed({
    orgs: [{ orgId: orgA }, { orgId: orgB }],
    locations: [
      { locationId: L1, orgId: orgA, name: 'Akhada Baner' },
      { locationId: LB, orgId: orgB, name: 'Gym B' },
    ],
  });
  const gstin = `27AAPFU0939F1Z${gstinCheckCharacter('27AAPFU0939F1Z')}`;
  await svc.db
    .insertInto('tax_location_settings')
    .values({ location_id: L1, org_id: orgA, gst_registered: true, gstin, state_code: '27', legal_name: 'Akhada', address: 'Pune', invoice_prefix: 'PUN' })
    .execute();
  const member = (id: string, org: string, loc: string, first: string) => ({
    id,
    org_id: org,
    location_id: loc,
    first_name: first,
    last_name: 'Test',
    email: `${first.toLowerCase()}@example.in`,
    phone: '+91 90000 00000',
    membership_type: 'premium' as const,
    payment_frequency: 'monthly' as const,
    fee_paise: 200_000,
    start_date: '2026-10-25',
    end_date: '2026-11-25',
    status: 'active',
    trainer_id: null,
    locale: null,
    updated_at: new Date('2026-11-01T00:00:00Z'),
  });
  await svc.db
    .insertInto('pay_members')
    .values([member(referrer, orgA, L1, 'Asha'), member(renewer, orgA, L1, 'Ravi'), member(sentinel, orgA, L1, 'Sita'), member(memberB, orgB, LB, 'Bina')])
    .execute();
  app = buildApp(svc.deps);
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await svc?.close();
});

const granted = (orgId: string, memberId: string, creditPaise: number, leadId: string = randomUUID()) =>
  makeEnvelope(MemberEvents.ReferralCreditGranted, {
    orgId,
    locationId: orgId === orgA ? L1 : LB,
    aggregateId: memberId,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: '2026-11-19T10:00:00.000Z',
    data: { memberId, leadId, referredMemberId: randomUUID(), creditPaise },
  });
const publish = (...envs: EventEnvelope[]) =>
  svc.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf('members'), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const creditsOf = (memberId: string) =>
  svc.db
    .selectFrom('referral_credits')
    .select(['org_id', 'credit_paise', 'remaining_paise'])
    .where('member_id', '=', memberId)
    .orderBy('credit_paise')
    .execute();
/** What is left of a member's credits in gym A. */
const remainingInA = async (memberId: string) => (await creditsOf(memberId)).filter((c) => c.org_id === orgA).reduce((sum, c) => sum + c.remaining_paise, 0);
const call = async (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const renewal = (amount: number, status: 'pending' | 'completed' = 'completed') => ({
  membershipType: 'premium',
  paymentFrequency: 'monthly',
  amount,
  paymentMethod: 'upi',
  status,
});

describe('referral credit on the next membership payment', () => {
  it('is kept once per referral (redelivery, the grant again), per gym, and taken off the next membership payment before GST; the invoice shows it; a cancelled payment gives it back', async () => {
    const first = granted(orgA, referrer, 50_000);
    await publish(
      first,
      first, // redelivered
      { ...first, eventId: randomUUID() }, // the same lead's grant announced again (a members rebuild)
      granted(orgB, referrer, 70_000), // another gym's grant for the same id: never gym A's money
      granted(orgB, memberB, 20_000),
      granted(orgA, sentinel, 10_000),
    );
    await vi.waitUntil(async () => ((await creditsOf(sentinel)).length === 1 ? true : undefined), {
      message: 'sentinel credit',
      timeout: 20_000,
      interval: 100,
    });
    expect(await creditsOf(referrer)).toEqual([
      { org_id: orgA, credit_paise: 50_000, remaining_paise: 50_000 },
      { org_id: orgB, credit_paise: 70_000, remaining_paise: 70_000 },
    ]);

    const owner = await sign(orgA, 'owner', [L1]);
    // Gym B's admin cannot spend gym A's member's credit (not their member).
    expect((await call(await sign(orgB, 'admin', [LB]), 'POST', `/payments/member/${referrer}/membership`, renewal(2000))).statusCode).toBe(404);

    const pending = await call(owner, 'POST', `/payments/member/${referrer}/membership`, renewal(2000, 'pending'));
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json().data).toMatchObject({ amount: 1500, gstAmount: 75, totalAmount: 1575, referralCredit: 500 });
    expect(await remainingInA(referrer)).toBe(0);
    // Deleted (cancelled) while pending: the credit comes back for the next one.
    expect((await call(owner, 'DELETE', `/payments/${pending.json().data._id}`)).statusCode).toBe(200);
    expect(await remainingInA(referrer)).toBe(50_000);

    const paid = await call(owner, 'POST', `/payments/member/${referrer}/membership`, renewal(2000));
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paymentsRoutes.memberMembership.responses[201].parse(paid.json()).data;
    // ₹2000 less the ₹500 credit is the taxable value; 5% GST on ₹1500, CGST + SGST.
    expect(payment).toMatchObject({ amount: 1500, gstAmount: 75, totalAmount: 1575, referralCredit: 500 });
    expect(payment.gstSplit).toMatchObject({ ratePercent: 5, cgst: 37.5, sgst: 37.5, igst: 0 });
    expect(await creditsOf(referrer)).toEqual([
      { org_id: orgA, credit_paise: 50_000, remaining_paise: 0 },
      { org_id: orgB, credit_paise: 70_000, remaining_paise: 70_000 },
    ]);
    const invoice = await call(owner, 'POST', '/payments/invoices', { paymentId: payment._id });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().data).toMatchObject({ taxableValue: 1500, cgstAmount: 37.5, sgstAmount: 37.5, totalAmount: 1575, referralCredit: 500 });
    const pdf = await call(owner, 'GET', `/payments/invoices/${invoice.json().data._id}/download`);
    expect(pdf.statusCode).toBe(200);

    // The member sees it on their own payments.
    const mine = await call(await sign(orgA, 'member', [L1], referrer), 'GET', `/payments/member/${referrer}`);
    expect(mine.json().data.find((p: { _id: string }) => p._id === payment._id)).toMatchObject({ referralCredit: 500 });

    // Spent: the next membership payment is at full price; a payment that is not a membership takes none.
    const next = await call(owner, 'POST', `/payments/member/${referrer}/membership`, renewal(2000));
    expect(next.json().data).toMatchObject({ amount: 2000, gstAmount: 100 });
    expect(next.json().data.referralCredit).toBeUndefined();
  });

  it('a credit larger than the payment leaves the rest for the next one', async () => {
    const owner = await sign(orgA, 'owner', [L1]);
    await publish(granted(orgA, renewer, 300_000));
    await vi.waitUntil(async () => ((await creditsOf(renewer)).length === 1 ? true : undefined), { message: 'credit', timeout: 20_000, interval: 100 });
    const a = await call(owner, 'POST', `/payments/member/${renewer}/membership`, renewal(2000));
    expect(a.json().data).toMatchObject({ amount: 0, gstAmount: 0, totalAmount: 0, referralCredit: 2000 });
    const b = await call(owner, 'POST', `/payments/member/${renewer}/membership`, renewal(2000));
    expect(b.json().data).toMatchObject({ amount: 1000, gstAmount: 50, totalAmount: 1050, referralCredit: 1000 });
    expect(await remainingInA(renewer)).toBe(0);
  });

  it('a renewal fee members recorded as owed takes the credit once, replayed or not; one recorded as paid leaves it', async () => {
    const memberId = sentinel; // ₹100 credit from the first test
    const renewed = (termNo: number, paymentMethod: 'upi' | null) =>
      makeEnvelope(MemberEvents.MembershipRenewed, {
        orgId: orgA,
        locationId: L1,
        aggregateId: memberId,
        correlationId: randomUUID(),
        causationId: randomUUID(),
        occurredAt: '2026-11-20T05:00:00.000Z',
        data: {
          memberId,
          locationId: L1,
          term: {
            termNo,
            membershipType: 'premium',
            paymentFrequency: 'monthly',
            feePaise: 210_000,
            paymentMethod,
            startDate: '2026-11-25',
            endDate: '2026-12-25',
          },
          renewedAt: '2026-11-20T05:00:00.000Z',
        },
      });
    const paidAtDesk = renewed(2, 'upi');
    const owed = renewed(3, null);
    // Last on the member's key: another gym's grant (never gym A's money), so all before it was handled.
    await publish(paidAtDesk, owed, { ...owed, eventId: randomUUID() } /* replayed under a new id */, granted(orgB, memberId, 100));
    await vi.waitUntil(async () => ((await creditsOf(memberId)).length === 2 ? true : undefined), { message: 'consumed', timeout: 20_000, interval: 100 });
    const rows = await svc.db
      .selectFrom('payments')
      .select(['source_id', 'amount_paise', 'gst_paise', 'total_paise', 'referral_credit_paise', 'status'])
      .where('member_id', '=', memberId)
      .orderBy('source_id')
      .execute();
    // ₹2100 with 5% GST in it is ₹2000 taxable; the owed one takes ₹100 off that: ₹1900 + ₹95 GST.
    expect(rows).toEqual([
      { source_id: `members:${memberId}:2`, amount_paise: 200_000, gst_paise: 10_000, total_paise: 210_000, referral_credit_paise: 0, status: 'completed' },
      { source_id: `members:${memberId}:3`, amount_paise: 190_000, gst_paise: 9_500, total_paise: 199_500, referral_credit_paise: 10_000, status: 'pending' },
    ]);
    expect(await remainingInA(memberId)).toBe(0);
    expect(
      await svc.db
        .selectFrom('referral_credit_uses')
        .select('paise')
        .where('lead_id', 'in', svc.db.selectFrom('referral_credits').select('lead_id').where('member_id', '=', memberId))
        .execute(),
    ).toEqual([{ paise: 10_000 }]);
  });
});
