import { PaymentEvents, topicOf, topicSpecs, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startInvoiceConsumers } from '../src/consumers/start-consumers.ts';
import { upsertLocationTaxSettings } from '../src/db/tax-settings-repo.ts';
import { bootInvoices } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID(); // no GST settings
let t: Awaited<ReturnType<typeof bootInvoices>>;
let consumers: RunningConsumer[] = [];

beforeAll(async () => {
  t = await bootInvoices('payments_invcons');
  await t.org(orgA, [L1, L2]);
  await upsertLocationTaxSettings(t.db, {
    location_id: L1,
    org_id: orgA,
    gst_registered: true,
    gstin: '27AAPFU0939F1ZV',
    state_code: '27',
    legal_name: 'Akhada Fitness',
    address: 'Pune',
    invoice_prefix: 'PUN',
  });
  await t.runtime.bus.ensureTopics(topicSpecs().filter((s) => s.topic === topicOf('payments')));
  consumers = await startInvoiceConsumers({ bus: t.runtime.bus, db: t.db, logger: t.runtime.logger, groupId: `${t.schema}.invoices`, startAt: 'now' });
}, 120_000);
afterAll(async () => {
  for (const c of consumers) await c.stop();
  await t?.runtime.bus.deleteGroups((g) => g.includes(t.schema)).catch(() => undefined);
  await t?.close();
});

const facts = (paymentId: string, o: Partial<{ category: 'member' | 'trainer'; type: string; locationId: string }> = {}) => ({
  paymentId,
  organizationId: orgA,
  locationId: o.locationId ?? L1,
  category: o.category ?? 'member',
  type: o.type ?? 'membership_fee',
  status: 'completed' as const,
  memberId: null,
  memberName: 'Asha Patil',
  trainerId: null,
  trainerName: '',
  amountPaise: 300_000,
  gstPaise: 15_000,
  totalPaise: 315_000,
  refundedPaise: 0,
  method: 'upi' as const,
  description: 'Annual',
  membershipType: null,
  membershipPeriod: null,
  paymentFrequency: null,
  salaryPeriod: null,
  dueDate: null,
  source: 'staff' as const,
  sourceId: null,
  occurredAt: '2026-05-10T06:30:00.000Z',
});
const meta = (aggregateId: string, occurredAt = '2026-05-10T06:30:00.000Z') => ({
  orgId: orgA,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt,
});
const completed = (paymentId: string, o: Parameters<typeof facts>[1] = {}) =>
  makeEnvelope(PaymentEvents.PaymentCompleted, {
    ...meta(paymentId),
    data: { ...facts(paymentId, o), paidAt: '2026-05-10T06:30:00.000Z', completedVia: 'recorded', razorpayPaymentId: null, razorpayOrderId: null },
  });
const publish = (key: string, ...envs: EventEnvelope[]) =>
  t.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf('payments'), key, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const invoicesOf = (paymentId: string) => t.db.selectFrom('invoices').selectAll().where('payment_id', '=', paymentId).orderBy('serial').execute();

describe('payments.payment_completed and payment_refunded', () => {
  it('a completed payment gets one invoice however often it is delivered; a refund a credit note against it', async () => {
    const paymentId = await t.payment({ org_id: orgA, location_id: L1, amount_paise: 300_000, gst_paise: 15_000, total_paise: 315_000 });
    const env = completed(paymentId);
    // the same event twice, and a second payment_completed for the same payment (another event id)
    await publish(paymentId, env, env, completed(paymentId));
    const [inv] = await vi.waitUntil(async () => ((await invoicesOf(paymentId)).length ? invoicesOf(paymentId) : undefined), {
      message: 'the invoice',
      timeout: 20_000,
      interval: 100,
    });
    expect(inv).toMatchObject({ kind: 'tax_invoice', number: 'PUN/26-27/000001', issue_date: '2026-05-10' });
    expect(Number(inv!.cgst_paise) + Number(inv!.sgst_paise)).toBe(15_000);
    // the payment shows its invoice
    expect(await t.db.selectFrom('payments').select(['invoice_id', 'invoice_number']).where('id', '=', paymentId).executeTakeFirst()).toEqual({
      invoice_id: inv!.id,
      invoice_number: 'PUN/26-27/000001',
    });
    const refund = makeEnvelope(PaymentEvents.PaymentRefunded, {
      ...meta(paymentId, '2026-06-02T05:00:00.000Z'),
      data: {
        ...facts(paymentId),
        status: 'partially_refunded',
        refundedPaise: 105_000,
        refundId: 'rf_1',
        refundPaise: 105_000,
        fully: false,
        reason: 'Moved city',
        refundedAt: '2026-06-02T05:00:00.000Z',
        refundedBy: null,
      },
    });
    await publish(paymentId, refund, refund);
    // a sentinel after them on the same key: once it is invoiced, everything before it was handled
    const sentinel = randomUUID();
    await publish(paymentId, completed(sentinel));
    await vi.waitUntil(async () => ((await invoicesOf(sentinel)).length ? true : undefined), { message: 'the sentinel', timeout: 20_000, interval: 100 });
    const all = await invoicesOf(paymentId);
    expect(all.map((i) => i.kind)).toEqual(['tax_invoice', 'credit_note']);
    expect(all[1]).toMatchObject({ number: 'PUN/CN26/0000001', original_invoice_id: inv!.id, refund_id: 'rf_1', issue_date: '2026-06-02' });
    expect(Number(all[1]!.total_paise)).toBe(105_000);
    const types = await t.db.selectFrom('outbox').select('payload').execute();
    const announced = types
      .map((o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as EventEnvelope<{ paymentId: string }>)
      .filter((e) => e.data.paymentId === paymentId)
      .map((e) => e.type);
    expect(announced.sort()).toEqual(['payments.credit_note_issued', 'payments.invoice_issued']);
  });

  it("a business customer's GSTIN from another state makes the invoice IGST, with its name and address", async () => {
    const paymentId = randomUUID();
    const billing = { gstin: '29AAPFU0939F1ZR', name: 'Infosys Ltd', address: 'Electronics City, Bengaluru' };
    const env = completed(paymentId);
    const b2b = { ...env, data: { ...env.data, billing } };
    await publish(paymentId, b2b, b2b);
    const [inv] = await vi.waitUntil(async () => ((await invoicesOf(paymentId)).length ? invoicesOf(paymentId) : undefined), {
      message: 'the invoice',
      timeout: 20_000,
      interval: 100,
    });
    expect(inv).toMatchObject({ recipient_name: 'Infosys Ltd', recipient_gstin: billing.gstin, recipient_address: billing.address });
    expect(inv!.place_of_supply).toEqual({ stateCode: '29', stateName: 'Karnataka' });
    expect([Number(inv!.cgst_paise), Number(inv!.sgst_paise), Number(inv!.igst_paise), Number(inv!.total_paise)]).toEqual([0, 0, 15_000, 315_000]);
  });

  it('a trainer payout is not invoiced; a location without GST settings gets a receipt (issue 31); the consumer moves on', async () => {
    const key = randomUUID();
    const salary = randomUUID();
    const unset = randomUUID();
    const sentinel = randomUUID();
    await publish(key, completed(salary, { category: 'trainer', type: 'salary' }), completed(unset, { locationId: L2 }), completed(sentinel));
    await vi.waitUntil(async () => ((await invoicesOf(sentinel)).length ? true : undefined), { message: 'the sentinel', timeout: 20_000, interval: 100 });
    expect(await invoicesOf(salary)).toEqual([]);
    // a gym without GST settings still gives its member a receipt: not a tax invoice, its own series, no tax
    const receipts = await invoicesOf(unset);
    expect(receipts.map((r) => [r.kind, r.number, Number(r.cgst_paise) + Number(r.sgst_paise) + Number(r.igst_paise)])).toEqual([
      ['receipt', 'RCPT/26-27/00001', 0],
    ]);
    const dead = await t.db.selectFrom('dead_letters').selectAll().execute();
    expect(dead).toEqual([]);
  });
});
