import { SaleCompleted, saleTotalsOf, topicOf, topicSpecs, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePaymentId } from '../src/consumers/sales.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { upsertLocationTaxSettings } from '../src/invoices/repo.ts';
import { bootInvoices } from './invoices-setup.ts';

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
const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
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
    await waitFor('the sentinel', async () => ((await paymentOf(sentinel)).length ? true : undefined));

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
