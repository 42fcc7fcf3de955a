import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { InvoiceLineRow, InvoicesTable, InvoiceSupplier, PaymentsDb } from './schema.ts';

type Db = Executor<PaymentsDb>;

// ── what an invoice needs of a payment and its member (the payments and pay_members tables) ──────────────────────

export const findPayment = (db: Db, orgId: string, paymentId: string) =>
  db
    .selectFrom('payments')
    .select([
      'id',
      'org_id',
      'location_id',
      'category',
      'type',
      'status',
      'member_id',
      'member_name',
      'description',
      'amount_paise',
      'gst_paise',
      'total_paise',
      'paid_at',
      'billing',
      'gst_split',
    ])
    .where('org_id', '=', orgId)
    .where('id', '=', paymentId)
    .executeTakeFirst();

/** The member's contact and language (payments' copy from members events); undefined when unknown. */
export const findMember = (db: Db, orgId: string, memberId: string) =>
  db
    .selectFrom('pay_members')
    .select(['id', 'email', 'locale', 'first_name', 'last_name'])
    .where('org_id', '=', orgId)
    .where('id', '=', memberId)
    .executeTakeFirst();

// ── numbering and invoices ───────────────────────────────────────────────────────────────────────────────────────

/** Serializes issuing for one payment (or refund) inside the caller's transaction. */
export const lockKey = (db: Db, key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);

/**
 * The next serial of a series, in the caller's transaction: the counter row is created or incremented and stays locked
 * until commit, so concurrent issues queue on it and a rolled-back issue gives its serial back (no gap).
 */
export const nextSerial = async (
  db: Db,
  k: { orgId: string; series: string; financialYear: string; doc: 'invoice' | 'credit_note' | 'receipt' },
): Promise<number> => {
  const row = await db
    .insertInto('invoice_counters')
    .values({ org_id: k.orgId, series: k.series, financial_year: k.financialYear, doc: k.doc, last_serial: 1 })
    .onConflict((oc) => oc.columns(['org_id', 'series', 'financial_year', 'doc']).doUpdateSet({ last_serial: sql`invoice_counters.last_serial + 1` }))
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return row.last_serial;
};

export interface NewInvoice {
  id: string;
  org_id: string;
  location_id: string;
  kind: InvoicesTable['kind'];
  number: string;
  series: string;
  financial_year: string;
  serial: number;
  issue_date: string;
  payment_id: string;
  refund_id: string | null;
  original_invoice_id: string | null;
  original_number: string | null;
  member_id: string | null;
  recipient_name: string;
  recipient_gstin: string | null;
  recipient_address: string | null;
  supplier: InvoiceSupplier;
  place_of_supply: { stateCode: string; stateName: string };
  lines: InvoiceLineRow[];
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  /** The payment's referral credit (absent: none). */
  referral_credit_paise?: number;
  language: 'en' | 'en_hi';
  created_at: Date;
}

export const insertInvoice = (db: Db, row: NewInvoice) =>
  db
    .insertInto('invoices')
    .values({
      ...row,
      supplier: JSON.stringify(row.supplier),
      place_of_supply: JSON.stringify(row.place_of_supply),
      lines: JSON.stringify(row.lines),
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export type InvoiceRow = Awaited<ReturnType<typeof insertInvoice>>;

export const findInvoiceOfPayment = (db: Db, orgId: string, paymentId: string) =>
  db.selectFrom('invoices').selectAll().where('org_id', '=', orgId).where('payment_id', '=', paymentId).where('kind', '<>', 'credit_note').executeTakeFirst();

export const findCreditNoteOfRefund = (db: Db, orgId: string, refundId: string) =>
  db.selectFrom('invoices').selectAll().where('org_id', '=', orgId).where('refund_id', '=', refundId).where('kind', '=', 'credit_note').executeTakeFirst();

/** Total already credited against an invoice, paise. */
export const creditedPaise = async (db: Db, orgId: string, invoiceId: string): Promise<number> => {
  const r = await db
    .selectFrom('invoices')
    .select(sql<number>`coalesce(sum(total_paise), 0)::bigint`.as('sum'))
    .where('org_id', '=', orgId)
    .where('original_invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return Number(r.sum);
};

export const findInvoice = (db: Db, orgId: string, id: string) =>
  db.selectFrom('invoices').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

export const markSent = (db: Db, orgId: string, id: string, at: Date) =>
  db.updateTable('invoices').set({ sent_at: at }).where('org_id', '=', orgId).where('id', '=', id).execute();

export interface InvoiceFilter {
  orgId: string;
  locationIds: string[] | null;
  memberId?: string;
  search?: string;
  kind?: InvoicesTable['kind'];
  startDate?: string;
  endDate?: string;
}

const filtered = (db: Db, f: InvoiceFilter) => {
  let q = db.selectFrom('invoices').where('org_id', '=', f.orgId);
  if (f.locationIds) q = f.locationIds.length ? q.where('location_id', 'in', f.locationIds) : q.where(sql<boolean>`false`);
  if (f.memberId) q = q.where('member_id', '=', f.memberId);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.startDate) q = q.where('issue_date', '>=', f.startDate);
  if (f.endDate) q = q.where('issue_date', '<=', f.endDate);
  if (f.search) q = q.where(sql<boolean>`search_text like ${`%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return q;
};

export const listInvoices = async (db: Db, f: InvoiceFilter, page: number, limit: number) => {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('serial', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, f)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
};
