import { metadataOf } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertLocationTaxSettings } from '../src/db/tax-settings-repo.ts';
import { issueCreditNoteIn, issueInvoiceIn, type PaymentForInvoice } from '../src/app/issue-invoice.ts';
import { bootInvoices } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const GSTIN = '27AAPFU0939F1ZV';
let t: Awaited<ReturnType<typeof bootInvoices>>;

beforeAll(async () => {
  t = await bootInvoices('payments_invnum');
  await t.org(orgA, [L1, L2]);
  // Two locations in Maharashtra under one GSTIN share one series.
  for (const id of [L1, L2])
    await upsertLocationTaxSettings(t.db, {
      location_id: id,
      org_id: orgA,
      gst_registered: true,
      gstin: GSTIN,
      state_code: '27',
      legal_name: 'Akhada Fitness Pvt Ltd',
      address: 'Baner, Pune',
      invoice_prefix: 'PUN',
    });
}, 120_000);
afterAll(async () => t?.close());

const meta = () => metadataOf({ orgId: orgA, correlationId: randomUUID(), requestId: randomUUID() });
const pay = (i: number): PaymentForInvoice => ({
  paymentId: randomUUID(),
  orgId: orgA,
  locationId: i % 2 ? L1 : L2,
  category: 'member',
  type: 'membership_fee',
  status: 'completed',
  memberId: null,
  memberName: `Member ${i}`,
  description: '',
  amountPaise: 100_000 + i,
  gstPaise: 0,
  totalPaise: 100_000 + i,
});
const issue = (p: PaymentForInvoice, at = new Date('2026-05-10T06:30:00Z')) => t.db.transaction().execute((trx) => issueInvoiceIn(trx, p, at, meta()));
const serials = async (fy: string, kind: 'tax_invoice' | 'credit_note' = 'tax_invoice') =>
  await t.db
    .selectFrom('invoices')
    .select(['serial', 'number'])
    .where('org_id', '=', orgA)
    .where('financial_year', '=', fy)
    .where('kind', '=', kind)
    .orderBy('serial')
    .execute();

describe('invoice numbering under concurrency', () => {
  it('200 invoices issued at once for one GSTIN (each also retried at once) get the numbers 1..200: no gap, no duplicate', async () => {
    const payments = Array.from({ length: 200 }, (_, i) => pay(i));
    // every payment issued twice concurrently (a retry racing the first attempt), all 400 at once
    const results = await Promise.all([...payments, ...payments].map((p) => issue(p)));
    expect(results.filter((r) => r.created)).toHaveLength(200);
    const rows = await serials('2026-27');
    expect(rows.map((r) => r.serial)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(200);
    expect(rows[0]?.number).toBe('PUN/26-27/000001');
    expect(rows[199]?.number).toBe('PUN/26-27/000200');
    for (const r of rows) expect(r.number.length).toBeLessThanOrEqual(16);
    // the same payment asked again returns its invoice, unchanged
    const again = await issue(payments[7]!);
    expect(again.created).toBe(false);
    expect(again.row.id).toBe(results[7]!.row.id);
    // and one invoice_issued per invoice went to the outbox
    const out = await t.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('topic', 'like', '%payments%')
      .executeTakeFirstOrThrow();
    expect(Number(out.n)).toBe(200);
  });

  it('a new financial year starts a new series at 1 (1 April, India time)', async () => {
    const r = await issue(pay(1), new Date('2027-03-31T18:31:00Z')); // 1 Apr 2027 00:01 IST
    expect(r.row.number).toBe('PUN/27-28/000001');
    expect(r.row.issue_date).toBe('2027-04-01');
  });

  it('a refund issues credit notes in their own series, referencing the invoice, never beyond its total', async () => {
    const p = pay(3);
    const inv = (await issue(p)).row;
    const at = new Date('2026-06-01T06:00:00Z');
    const [a, b] = await Promise.all(
      ['r1', 'r1'].map((refundId) =>
        t.db.transaction().execute((trx) => issueCreditNoteIn(trx, { orgId: orgA, paymentId: p.paymentId, refundId, refundPaise: 50_000, at }, meta())),
      ),
    );
    expect(a?.id).toBe(b?.id);
    expect(a).toMatchObject({ kind: 'credit_note', original_invoice_id: inv.id, original_number: inv.number, number: 'PUN/CN26/0000001' });
    expect(Number(a!.cgst_paise) + Number(a!.sgst_paise) + Number(a!.taxable_paise)).toBe(50_000);
    const c = await t.db
      .transaction()
      .execute((trx) => issueCreditNoteIn(trx, { orgId: orgA, paymentId: p.paymentId, refundId: 'r2', refundPaise: 999_999, at }, meta()));
    expect(Number(c!.total_paise)).toBe(Number(inv.total_paise) - 50_000);
    expect(c!.number).toBe('PUN/CN26/0000002');
    const d = await t.db
      .transaction()
      .execute((trx) => issueCreditNoteIn(trx, { orgId: orgA, paymentId: p.paymentId, refundId: 'r3', refundPaise: 100, at }, meta()));
    expect(d).toBeNull();
    // the invoice itself is unchanged
    const stored = await t.db.selectFrom('invoices').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow();
    expect(Number(stored.total_paise)).toBe(Number(inv.total_paise));
  });
});
