import { PaymentEvents, SaleCancelled, SaleCompleted, SalePaymentRequested, saleTotalsOf, topicOf, topicSpecs, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { executeCommand, makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { paymentAggregate } from '../src/aggregates/payment.ts';
import { paymentUniques } from '../src/app/payment-writes.ts';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { salePaymentId } from '../src/consumers/sales.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { invoiceHandlers } from '../src/consumers/invoices.ts';
import { upsertLocationTaxSettings } from '../src/db/tax-settings-repo.ts';
import { bootInvoices } from './setup.ts';

// A point-of-sale sale (inventory.sale_completed) becomes one completed payment and one tax invoice with its HSN lines.
const orgA = randomUUID();
const L1 = randomUUID();
const memberId = randomUUID();
const seller = randomUUID();
let t: Awaited<ReturnType<typeof bootInvoices>>;
let consumers: RunningConsumer[] = [];

beforeAll(async () => {
  t = await bootInvoices('payments_sales');
  await t.org(orgA, [L1]);
  await upsertLocationTaxSettings(t.db, {
    location_id: L1,
    org_id: orgA,
    gst_registered: true,
    gstin: '27AAPFU0939F1ZV',
    state_code: '27',
    legal_name: 'Akhada Fitness',
    address: 'Baner, Pune',
    invoice_prefix: 'POS',
  });
  await t.member({ id: memberId, org_id: orgA, location_id: L1, first_name: 'Asha', last_name: 'Patil' });
  await t.runtime.bus.ensureTopics(topicSpecs().filter((s) => [topicOf('inventory'), topicOf('members'), topicOf('trainers')].includes(s.topic)));
  consumers = await startConsumers({
    bus: t.runtime.bus,
    db: t.db,
    logger: t.runtime.logger,
    groups: { members: `${t.schema}.members`, trainers: `${t.schema}.trainers`, sales: `${t.schema}.sales` },
    startAt: 'now',
  });
}, 120_000);
afterAll(async () => {
  for (const c of consumers) await c.stop();
  await t?.runtime.bus.deleteGroups((g) => g.includes(t.schema)).catch(() => undefined);
  await t?.close();
});

const lines = [
  // 2 × ₹2,499 whey, ₹100 off the line, 18%
  {
    itemId: randomUUID(),
    name: 'Whey protein 1 kg',
    hsn: '21061000',
    quantity: 2,
    unitPricePaise: 249_900,
    discountPaise: 10_000,
    gstRatePercent: 18,
    kind: 'goods' as const,
  },
  // 3 × ₹45 drink, 40%
  {
    itemId: randomUUID(),
    name: 'Energy drink',
    hsn: '22029920',
    quantity: 3,
    unitPricePaise: 4_500,
    discountPaise: 0,
    gstRatePercent: 40,
    kind: 'goods' as const,
  },
  // a service line at the gym-service rate (5% on 10 May 2026), the organization's SAC
  {
    itemId: randomUUID(),
    name: 'Personal training session',
    hsn: '',
    quantity: 1,
    unitPricePaise: 50_000,
    discountPaise: 0,
    gstRatePercent: 5,
    kind: 'service' as const,
  },
];
const sale = (saleId: string, o: Partial<z.infer<typeof SaleCompleted.data>> = {}) =>
  makeEnvelope(SaleCompleted, {
    orgId: orgA,
    locationId: L1,
    aggregateId: saleId,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: '2026-05-10T06:30:00.000Z',
    data: {
      saleId,
      organizationId: orgA,
      locationId: L1,
      buyer: { kind: 'member', memberId, name: 'Sale Member' },
      lines,
      paymentMethod: 'upi',
      totals: saleTotalsOf(lines),
      soldBy: seller,
      occurredAt: '2026-05-10T06:30:00.000Z',
      ...o,
    },
  });
const publish = (key: string, ...envs: EventEnvelope[]) =>
  t.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf('inventory'), key, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const paymentOf = (saleId: string) => t.db.selectFrom('payments').selectAll().where('source_id', '=', saleId).execute();
const outbox = async () =>
  (await t.db.selectFrom('outbox').select('payload').execute()).map(
    (o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as EventEnvelope<Record<string, unknown>>,
  );
const pdfText = (pdf: Buffer): string => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe('inventory.sale_completed', () => {
  it('the same sale delivered twice (and re-sent) is one payment and one invoice with its HSN lines; sale_invoiced once', async () => {
    const saleId = randomUUID();
    const first = sale(saleId);
    await publish(saleId, first, first, sale(saleId));
    // a sentinel sale after them on the same key: once it is recorded, everything before it was handled
    const sentinel = randomUUID();
    await publish(saleId, sale(sentinel, { buyer: { kind: 'walk_in', name: null, phone: '9876543210' } }));
    await vi.waitUntil(async () => ((await paymentOf(sentinel)).length ? true : undefined), { message: 'the sentinel', timeout: 30_000, interval: 100 });

    const payments = await paymentOf(saleId);
    expect(payments).toHaveLength(1);
    const p = payments[0]!;
    expect(p).toMatchObject({
      id: salePaymentId(orgA, saleId),
      category: 'other',
      type: 'product_sale',
      status: 'completed',
      source: 'pos',
      member_id: memberId,
    });
    expect(p.member_name).toBe('Asha Patil');
    // taxable 489,800 + 13,500 + 50,000; tax 88,164 (18%) + 5,400 (40%) + 2,500 (5%)
    expect([Number(p.amount_paise), Number(p.gst_paise), Number(p.total_paise)]).toEqual([553_300, 96_064, 649_364]);
    expect(Number(p.total_paise)).toBe(saleTotalsOf(lines).totalPaise);

    const invoices = await t.db.selectFrom('invoices').selectAll().where('payment_id', '=', p.id).execute();
    expect(invoices).toHaveLength(1);
    const inv = invoices[0]!;
    expect(p.invoice_id).toBe(inv.id);
    expect(inv).toMatchObject({ kind: 'tax_invoice', number: 'POS/26-27/000001', recipient_name: 'Asha Patil' });
    expect(inv.lines.map((l) => [l.sacOrHsn, l.quantity, l.taxablePaise, l.rateBps, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      ['21061000', 2, 489_800, 1800, 44_082, 44_082, 0],
      ['22029920', 3, 13_500, 4000, 2_700, 2_700, 0],
      ['999723', 1, 50_000, 500, 1_250, 1_250, 0],
    ]);
    expect(Number(inv.total_paise)).toBe(649_364);

    const announced = (await outbox()).filter((e) => e.type === 'payments.sale_invoiced' && e.data.saleId === saleId);
    expect(announced).toHaveLength(1);
    expect(announced[0]!.data).toMatchObject({ paymentId: p.id, invoiceId: inv.id, invoiceNumber: inv.number, totalPaise: 649_364 });
    expect(await t.db.selectFrom('dead_letters').selectAll().execute()).toEqual([]);

    // the walk-in sentinel: its own invoice, next in the series
    const [walkIn] = await paymentOf(sentinel);
    expect(walkIn).toMatchObject({ member_id: null, notes: 'Walk-in 9876543210', invoice_number: 'POS/26-27/000002' });

    // the PDF: the HSN column and the lines' codes
    const owner = await t.sign(orgA, 'owner', [L1]);
    const res = await t.app.inject({ method: 'GET', url: `/payments/invoices/${inv.id}/download`, headers: { authorization: `Bearer ${owner}` } });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const code of ['21061000', '22029920', '999723', 'POS/26-27/000001', 'SAC/HSN', 'Tax by rate']) expect(text).toContain(code);
    // INVOICE_PDF_OUT=<dir> keeps the PDFs for looking at (pdftoppm -png -r 80)
    if (process.env.INVOICE_PDF_OUT) {
      for (const lang of ['en', 'hi']) {
        const pdf = await t.app.inject({
          method: 'GET',
          url: `/payments/invoices/${inv.id}/download?lang=${lang}`,
          headers: { authorization: `Bearer ${owner}` },
        });
        writeFileSync(join(process.env.INVOICE_PDF_OUT, `sale-${lang}.pdf`), pdf.rawPayload);
      }
    }
  });
});

describe('an online sale (inventory.sale_payment_requested)', () => {
  const requested = (saleId: string, eventId?: string) =>
    makeEnvelope(SalePaymentRequested, {
      ...(eventId ? { eventId } : {}),
      orgId: orgA,
      locationId: L1,
      aggregateId: saleId,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: '2026-05-10T06:30:00.000Z',
      data: { ...sale(saleId).data, paymentMethod: 'razorpay', soldBy: memberId },
    });
  const cancelled = (saleId: string) =>
    makeEnvelope(SaleCancelled, {
      orgId: orgA,
      locationId: L1,
      aggregateId: saleId,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: '2026-05-10T07:01:00.000Z',
      data: { saleId, organizationId: orgA, locationId: L1, reason: 'Not paid within 30 minutes', occurredAt: '2026-05-10T07:01:00.000Z' },
    });
  const ofType = async (type: string, saleId: string) => (await outbox()).filter((e) => e.type === type && e.data.saleId === saleId);
  const invoicesOf = (paymentId: string) => t.db.selectFrom('invoices').selectAll().where('payment_id', '=', paymentId).execute();

  it('a pending payment for the member, once; paid, the completed sale gets one invoice with its HSN lines, once', async () => {
    const saleId = randomUUID();
    const paymentId = salePaymentId(orgA, saleId);
    const first = requested(saleId);
    await publish(saleId, first, first, requested(saleId));
    await vi.waitUntil(async () => ((await ofType('payments.sale_payment_created', saleId)).length ? true : undefined), {
      message: 'the sale_payment_created',
      timeout: 30_000,
      interval: 100,
    });
    // a sentinel on the same key: once it is handled, the redeliveries before it were too
    const sentinel = randomUUID();
    await publish(saleId, requested(sentinel));
    await vi.waitUntil(async () => ((await paymentOf(sentinel)).length ? true : undefined), { message: 'the sentinel', timeout: 30_000, interval: 100 });

    const payments = await paymentOf(saleId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      id: paymentId,
      category: 'other',
      type: 'product_sale',
      status: 'pending',
      source: 'pos',
      source_id: saleId,
      member_id: memberId,
      member_name: 'Asha Patil',
      method: 'razorpay',
      invoice_id: null,
    });
    expect(payments[0]!.due_date).toBeTruthy();
    const totals = saleTotalsOf(lines);
    expect([Number(payments[0]!.amount_paise), Number(payments[0]!.gst_paise), Number(payments[0]!.total_paise)]).toEqual([
      totals.taxablePaise,
      totals.gstPaise,
      totals.totalPaise,
    ]);
    const created = await ofType('payments.sale_payment_created', saleId);
    expect(created.map((e) => e.data)).toEqual([{ saleId, organizationId: orgA, paymentId }]);
    expect(await invoicesOf(paymentId)).toEqual([]);

    // the member pays (the mark-paid command; an online capture completes the same way)
    await executeCommand(
      t.db,
      paymentAggregate,
      paymentId,
      {
        type: 'MarkPaid',
        data: { method: 'razorpay', paidAt: '2026-05-10T06:40:00.000Z', reference: null, notes: null, at: '2026-05-10T06:40:00.000Z', by: null },
      },
      { orgId: orgA, locationId: L1, correlationId: randomUUID(), causationId: randomUUID() },
      { mapError: paymentUniques },
    );
    // the invoices consumer leaves a point-of-sale payment to the sales consumer (which has the HSN lines)
    const [completed] = (await outbox()).filter((e) => e.type === 'payments.payment_completed' && e.aggregateId === paymentId);
    expect(completed).toBeDefined();
    const onCompleted = invoiceHandlers().find((h) => h.type === PaymentEvents.PaymentCompleted.type)!;
    await t.db.transaction().execute((trx) => onCompleted.handle(trx, completed!));
    expect(await invoicesOf(paymentId)).toEqual([]);

    // inventory completes the sale: the same payment gets its invoice, once, however often the sale arrives
    const done = sale(saleId, { paymentMethod: 'razorpay', soldBy: memberId, occurredAt: '2026-05-10T06:40:00.000Z' });
    await publish(saleId, done, done, sale(saleId, { paymentMethod: 'razorpay', soldBy: memberId, occurredAt: '2026-05-10T06:40:00.000Z' }));
    await vi.waitUntil(async () => ((await ofType('payments.sale_invoiced', saleId)).length ? true : undefined), {
      message: 'the sale_invoiced',
      timeout: 30_000,
      interval: 100,
    });
    const sentinel2 = randomUUID();
    await publish(saleId, sale(sentinel2));
    await vi.waitUntil(async () => ((await paymentOf(sentinel2)).length ? true : undefined), {
      message: 'the second sentinel',
      timeout: 30_000,
      interval: 100,
    });

    const after = await paymentOf(saleId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: paymentId, status: 'completed' });
    const invoices = await invoicesOf(paymentId);
    expect(invoices).toHaveLength(1);
    expect(after[0]!.invoice_id).toBe(invoices[0]!.id);
    expect(invoices[0]!.lines.map((l) => [l.sacOrHsn, l.quantity, l.taxablePaise, l.rateBps])).toEqual([
      ['21061000', 2, 489_800, 1800],
      ['22029920', 3, 13_500, 4000],
      ['999723', 1, 50_000, 500],
    ]);
    expect(Number(invoices[0]!.total_paise)).toBe(totals.totalPaise);
    const invoiced = await ofType('payments.sale_invoiced', saleId);
    expect(invoiced).toHaveLength(1);
    expect(invoiced[0]!.data).toMatchObject({ paymentId, invoiceId: invoices[0]!.id, invoiceNumber: invoices[0]!.number });
    // a late cancellation leaves a paid payment alone
    await publish(saleId, cancelled(saleId));
    const sentinel3 = randomUUID();
    await publish(saleId, sale(sentinel3));
    await vi.waitUntil(async () => ((await paymentOf(sentinel3)).length ? true : undefined), { message: 'the third sentinel', timeout: 30_000, interval: 100 });
    expect((await paymentOf(saleId))[0]).toMatchObject({ status: 'completed' });
    expect(await t.db.selectFrom('dead_letters').selectAll().execute()).toEqual([]);
  });

  it('an order cancelled as unpaid cancels its pending payment, once', async () => {
    const saleId = randomUUID();
    const paymentId = salePaymentId(orgA, saleId);
    await publish(saleId, requested(saleId));
    await vi.waitUntil(async () => ((await paymentOf(saleId)).length ? true : undefined), { message: 'the pending payment', timeout: 30_000, interval: 100 });
    const c = cancelled(saleId);
    await publish(saleId, c, c, cancelled(saleId));
    await vi.waitUntil(async () => ((await paymentOf(saleId))[0]?.status === 'cancelled' ? true : undefined), {
      message: 'the cancellation',
      timeout: 30_000,
      interval: 100,
    });
    const sentinel = randomUUID();
    await publish(saleId, sale(sentinel));
    await vi.waitUntil(async () => ((await paymentOf(sentinel)).length ? true : undefined), { message: 'the sentinel', timeout: 30_000, interval: 100 });
    expect((await outbox()).filter((e) => e.type === 'payments.payment_cancelled' && e.aggregateId === paymentId)).toHaveLength(1);
    expect(await invoicesOf(paymentId)).toEqual([]);
    expect(await t.db.selectFrom('dead_letters').selectAll().execute()).toEqual([]);
  });
});
