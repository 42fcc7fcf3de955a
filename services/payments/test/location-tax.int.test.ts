import { PaymentEvents, SaleCompleted, saleTotalsOf, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type Logger } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { onSaleCompleted, salePaymentId } from '../src/consumers/sales.ts';
import { bootInvoices } from './setup.ts';

// Payments announces a location's GST registration with the change (inventory charges GST by it), and a sale whose
// totals follow it (no GST at an unregistered location) is invoiced at exactly those totals, without a warning.
const orgA = randomUUID();
const REG = randomUUID();
const UNREG = randomUUID();
let t: Awaited<ReturnType<typeof bootInvoices>>;
let owner: string;

beforeAll(async () => {
  t = await bootInvoices('payments_loctax');
  await t.org(orgA, [REG, UNREG]);
  owner = await t.sign(orgA, 'owner', [REG, UNREG]);
}, 120_000);
afterAll(async () => t?.close());

const loc = (locationId: string, o: Record<string, unknown> = {}) => ({
  locationId,
  gstRegistered: true,
  gstin: '27AAPFU0939F1ZV',
  stateCode: '27',
  legalName: 'Akhada Fitness',
  address: 'Baner, Pune',
  invoicePrefix: 'PUN',
  ...o,
});
const announcements = async () =>
  (
    await t.db
      .selectFrom('outbox')
      .select('payload')
      .where('payload', '@>', JSON.stringify({ type: 'payments.location_tax_settings_changed' }) as never)
      .execute()
  ).map((o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as EventEnvelope<Record<string, unknown>>);
const spyLogger = () => ({ warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() }) as unknown as Logger & { warn: ReturnType<typeof vi.fn> };

const saleAt = (locationId: string, gstRatePercent: number) => {
  const saleId = randomUUID();
  const lines = [
    { itemId: randomUUID(), name: 'Whey 1 kg', hsn: '2106', quantity: 2, unitPricePaise: 125_000, discountPaise: 0, gstRatePercent, kind: 'goods' as const },
  ];
  return makeEnvelope(SaleCompleted, {
    orgId: orgA,
    locationId,
    aggregateId: saleId,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: '2026-05-10T06:30:00.000Z',
    data: {
      saleId,
      organizationId: orgA,
      locationId,
      buyer: { kind: 'walk_in', name: null, phone: null },
      lines,
      paymentMethod: 'cash',
      totals: saleTotalsOf(lines),
      soldBy: randomUUID(),
      occurredAt: '2026-05-10T06:30:00.000Z',
    },
  });
};
const handle = (env: ReturnType<typeof saleAt>, logger: Logger) => t.db.transaction().execute((trx) => onSaleCompleted(logger).handle(trx, env));

describe('a location’s tax settings', () => {
  it('are announced with the change (payments.location_tax_settings_changed), once per listed location', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/payments/tax-settings',
      headers: { authorization: `Bearer ${owner}` },
      payload: { sacCode: '999723', hindiInvoices: false, locations: [loc(REG), loc(UNREG, { gstRegistered: false, gstin: null, invoicePrefix: 'KOR' })] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const events = await announcements();
    expect(events).toHaveLength(2);
    const byLocation = Object.fromEntries(events.map((e) => [e.data.locationId, PaymentEvents.LocationTaxSettingsChanged.data.parse(e.data)]));
    expect(byLocation[REG]).toMatchObject({ organizationId: orgA, gstRegistered: true, gstin: '27AAPFU0939F1ZV', stateCode: '27' });
    expect(byLocation[UNREG]).toMatchObject({ organizationId: orgA, gstRegistered: false, gstin: null });
    expect(events.every((e) => e.orgId === orgA && e.aggregateId === e.data.locationId)).toBe(true);

    // refused settings announce nothing
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/payments/tax-settings',
      headers: { authorization: `Bearer ${owner}` },
      payload: { sacCode: '999723', hindiInvoices: false, locations: [loc(REG, { gstin: '27AAPFU0939F1ZA' })] },
    });
    expect(bad.statusCode).toBe(400);
    expect(await announcements()).toHaveLength(2);
  });

  it('a sale without GST at an unregistered location is its bill of supply’s total, with no warning', async () => {
    const logger = spyLogger();
    const env = saleAt(UNREG, 0);
    await handle(env, logger);
    const p = await t.db.selectFrom('payments').selectAll().where('id', '=', salePaymentId(orgA, env.data.saleId)).executeTakeFirstOrThrow();
    const inv = await t.db.selectFrom('invoices').selectAll().where('payment_id', '=', p.id).executeTakeFirstOrThrow();
    expect(inv.kind).toBe('bill_of_supply');
    expect([Number(p.total_paise), Number(inv.total_paise)]).toEqual([250_000, 250_000]);
    expect(Number(inv.total_paise)).toBe(env.data.totals.totalPaise);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('a registered location invoices the sale’s GST, with no warning; a sale charging GST where none is due is warned about', async () => {
    const ok = spyLogger();
    const env = saleAt(REG, 18);
    await handle(env, ok);
    const p = await t.db.selectFrom('payments').selectAll().where('id', '=', salePaymentId(orgA, env.data.saleId)).executeTakeFirstOrThrow();
    expect(Number(p.total_paise)).toBe(295_000);
    expect(ok.warn).not.toHaveBeenCalled();

    const wrong = spyLogger();
    await handle(saleAt(UNREG, 18), wrong);
    expect(wrong.warn).toHaveBeenCalledWith(expect.objectContaining({ invoiced: 250_000, sold: 295_000 }), expect.stringMatching(/the invoice decides/));
  });
});
