import { DEFAULT_TALLY_LEDGERS, TallyLedgers, type TallyExportQuery } from '@akhada/contracts';
import { notFound, type RequestContext } from '@akhada/kit';
import { addDays, DEFAULT_TIME_ZONE, startOfDayIn } from '@akhada/kit/domain';
import { sql } from 'kysely';
import { renderTallyXml } from '../adapters/tally-xml.ts';
import { documentVoucher, mastersOf, partyLedgerName, receiptVoucher, type TallyVoucher } from '../domain/tally/vouchers.ts';
import { localDate } from './issue-invoice.ts';
import type { PaymentsDeps } from './deps.ts';

type Deps = Pick<PaymentsDeps, 'db'>;
const PAID = ['completed', 'partially_refunded', 'refunded'] as const;

/** GET /payments/tally/ledgers: the organization's ledger names, the defaults where not set (a name set once is kept). */
export const getTallyLedgers = async (deps: Deps, ctx: RequestContext): Promise<TallyLedgers> => {
  const row = await deps.db.selectFrom('tally_ledgers').select('ledgers').where('org_id', '=', ctx.orgId).executeTakeFirst();
  if (!row) return DEFAULT_TALLY_LEDGERS;
  // Stored before a payment method existed: the default fills it in.
  const parsed = TallyLedgers.safeParse({ ...DEFAULT_TALLY_LEDGERS, ...row.ledgers, methods: { ...DEFAULT_TALLY_LEDGERS.methods, ...row.ledgers.methods } });
  return parsed.success ? parsed.data : DEFAULT_TALLY_LEDGERS;
};

/** PUT /payments/tally/ledgers (owner). */
export const putTallyLedgers = async (deps: Deps, ctx: RequestContext, body: TallyLedgers): Promise<TallyLedgers> => {
  const ledgers = JSON.stringify(body);
  await deps.db
    .insertInto('tally_ledgers')
    .values({ org_id: ctx.orgId, ledgers, updated_by_id: ctx.userId })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ ledgers, updated_by_id: ctx.userId, updated_at: sql`now()` }))
    .execute();
  return getTallyLedgers(deps, ctx);
};

/**
 * GET /payments/tally/export: the GSTIN's tax invoices and credit notes issued in [startDate, endDate] (the documents
 * the GST report counts, in the locations the caller manages) and the payments of those invoices received in the
 * range, as Tally's XML import file. A GSTIN none of the caller's locations has (or had on an invoice) is 404.
 */
export const exportTally = async (deps: Deps, ctx: RequestContext, q: TallyExportQuery): Promise<{ fileName: string; body: string }> => {
  const locs = ctx.locationIds;
  if (!locs.length) throw notFound('GSTIN');
  const gstinOf = sql<string | null>`supplier->>'gstin'`;
  const registered = await deps.db
    .selectFrom('tax_location_settings')
    .select('location_id')
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locs)
    .where('gstin', '=', q.gstin)
    .executeTakeFirst();
  const invoiced = await deps.db
    .selectFrom('invoices')
    .select('id')
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locs)
    .where(sql<boolean>`${gstinOf} = ${q.gstin}`)
    .executeTakeFirst();
  if (!registered && !invoiced) throw notFound('GSTIN');

  const ledgers = await getTallyLedgers(deps, ctx);
  const documents = await deps.db
    .selectFrom('invoices')
    .select([
      'kind',
      'number',
      'issue_date',
      'recipient_name',
      'recipient_gstin',
      'original_number',
      'taxable_paise',
      'cgst_paise',
      'sgst_paise',
      'igst_paise',
      'total_paise',
    ])
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locs)
    .where('kind', 'in', ['tax_invoice', 'credit_note'])
    .where(sql<boolean>`${gstinOf} = ${q.gstin}`)
    .where('issue_date', '>=', q.startDate)
    .where('issue_date', '<=', q.endDate)
    .orderBy('issue_date')
    .orderBy('kind', 'desc')
    .orderBy('serial')
    .execute();

  // Payments of the GSTIN's invoices received in the range, each location's calendar deciding the day (a day's
  // margin either side in UTC, then the exact day in the location's time zone).
  const payments = await deps.db
    .selectFrom('payments as p')
    .innerJoin('invoices as i', (j) => j.onRef('i.payment_id', '=', 'p.id').on('i.kind', '=', 'tax_invoice'))
    .leftJoin('kit_locations as l', (j) => j.onRef('l.location_id', '=', 'p.location_id').onRef('l.org_id', '=', 'p.org_id'))
    .select(['i.number', 'i.recipient_name', 'i.recipient_gstin', 'p.method', 'p.total_paise', 'p.paid_at', 'l.timezone'])
    .where('p.org_id', '=', ctx.orgId)
    .where('i.org_id', '=', ctx.orgId)
    .where('p.location_id', 'in', locs)
    .where('p.status', 'in', PAID)
    .where(sql<boolean>`i.supplier->>'gstin' = ${q.gstin}`)
    .where('p.paid_at', '>=', startOfDayIn(DEFAULT_TIME_ZONE, addDays(q.startDate, -1)))
    .where('p.paid_at', '<', startOfDayIn(DEFAULT_TIME_ZONE, addDays(q.endDate, 2)))
    .orderBy('p.paid_at')
    .execute();

  const partyGstins = new Map<string, string | null>();
  const vouchers: TallyVoucher[] = documents.map((d) => {
    partyGstins.set(partyLedgerName(d.recipient_name, d.recipient_gstin), d.recipient_gstin);
    return documentVoucher(
      {
        kind: d.kind as 'tax_invoice' | 'credit_note',
        number: d.number,
        date: d.issue_date,
        party: d.recipient_name,
        partyGstin: d.recipient_gstin,
        originalNumber: d.original_number,
        taxablePaise: Number(d.taxable_paise),
        cgstPaise: Number(d.cgst_paise),
        sgstPaise: Number(d.sgst_paise),
        igstPaise: Number(d.igst_paise),
        totalPaise: Number(d.total_paise),
      },
      ledgers,
    );
  });
  for (const p of payments) {
    if (!p.paid_at) continue;
    const date = localDate(p.paid_at, p.timezone ?? DEFAULT_TIME_ZONE);
    if (date < q.startDate || date > q.endDate) continue;
    partyGstins.set(partyLedgerName(p.recipient_name, p.recipient_gstin), p.recipient_gstin);
    vouchers.push(
      receiptVoucher({ number: p.number, date, party: p.recipient_name, method: p.method, totalPaise: Number(p.total_paise) }, ledgers, p.recipient_gstin),
    );
  }
  return {
    fileName: `tally-${q.gstin}-${q.startDate}-${q.endDate}.xml`,
    body: renderTallyXml(mastersOf(vouchers, ledgers, partyGstins), vouchers),
  };
};
