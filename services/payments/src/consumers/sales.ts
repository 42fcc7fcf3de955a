import { PaymentEvents, SaleCancelled, SaleCompleted, saleLineTaxablePaise, SalePaymentRequested, topicOf, type SaleLine } from '@akhada/contracts';
import {
  AppError,
  DEFAULT_TIME_ZONE,
  enqueue,
  type EventHandler,
  type EventMetadata,
  executeCommand,
  type Logger,
  makeEnvelope,
  metadataOf,
  on,
} from '@akhada/kit';
import { paymentAggregate } from '../aggregates/payment.ts';
import { paymentUniques } from '../app/payment-writes.ts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { deterministicId } from '../app/deterministic-id.ts';
import type { PaymentsDb } from '../db/schema.ts';
import { computeTax, DEFAULT_GYM_SAC, type LineInput } from '../domain/tax/rule.ts';
import { issueInvoiceIn, localDate } from '../app/issue-invoice.ts';
import { findLocationTaxSettings, findOrgTaxSettings, locationOf } from '../db/tax-settings-repo.ts';

type Trx = Transaction<PaymentsDb>;

/** The payment of a sale: one id per (organization, sale), so a redelivered or re-sent sale records nothing new. */
export const salePaymentId = (orgId: string, saleId: string): string => deterministicId(`${orgId}:sale:${saleId}`);

/** The invoice lines of a sale: goods at their own HSN and rate; services at the gym-service rate (SAC in `hsn` or the organization's). */
export const saleInvoiceLines = (sale: { lines: readonly SaleLine[] }): LineInput[] =>
  sale.lines.map((l) => {
    const taxablePaise = saleLineTaxablePaise(l);
    return l.kind === 'goods'
      ? { kind: 'goods', description: l.name, quantity: l.quantity, taxablePaise, hsn: l.hsn, rateBps: Math.round(l.gstRatePercent * 100) }
      : { kind: 'service', description: l.name, quantity: l.quantity, taxablePaise, ...(l.hsn ? { sac: l.hsn } : {}) };
  });

/**
 * `inventory.sale_completed` → a completed payment (category other, type product_sale, source pos, sourceId the
 * saleId) and its tax invoice with the sale's lines, in one transaction with the inbox row: exactly once however often
 * the sale is delivered. Then `payments.sale_invoiced` tells inventory the payment and invoice. The payment's figures
 * are the invoice's (taxable value, tax, total), so the two always agree. A location without GST settings still gets
 * its payment; its invoice is issued by staff later (POST /payments/invoices), so no sale_invoiced is published then.
 */
export const onSaleCompleted = (logger?: Logger): EventHandler<PaymentsDb> =>
  on(SaleCompleted, async (trx: Trx, env) => {
    const sale = env.data;
    const orgId = sale.organizationId;
    if (orgId !== env.orgId) return void logger?.warn({ saleId: sale.saleId }, 'sale of another organization than its envelope: ignored');
    const paymentId = salePaymentId(orgId, sale.saleId);
    const exists = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    // The online case: the sale's pending payment was made on sale_payment_requested and has been paid since; it only
    // needs its invoice (once). A re-sent desk sale finds its payment and invoice and does nothing.
    if (exists) return invoiceOnlineSale(trx, sale, exists, metadataOf(env, { locationId: sale.locationId }), logger);

    const settings = await findLocationTaxSettings(trx, orgId, sale.locationId);
    const org = await findOrgTaxSettings(trx, orgId);
    const location = await locationOf(trx, orgId, sale.locationId);
    const at = new Date(sale.occurredAt);
    const date = localDate(at, location?.timezone ?? DEFAULT_TIME_ZONE);
    const lines = saleInvoiceLines(sale);
    const tax = settings
      ? computeTax(
          {
            date,
            supplier: { registered: settings.gst_registered, stateCode: settings.state_code },
            placeOfSupplyStateCode: settings.state_code,
            sacCode: org?.sac_code ?? DEFAULT_GYM_SAC,
          },
          lines,
        )
      : null;
    const taxablePaise = tax?.taxablePaise ?? sale.totals.taxablePaise;
    const gstPaise = tax?.totalTaxPaise ?? sale.totals.gstPaise;
    if (tax && tax.totalPaise !== sale.totals.totalPaise)
      logger?.warn(
        { saleId: sale.saleId, invoiced: tax.totalPaise, sold: sale.totals.totalPaise },
        'sale totals differ from the tax rule: the invoice decides',
      );

    const buyer = sale.buyer;
    const meta = metadataOf(env, { locationId: sale.locationId });
    const items = itemsOf(sale);
    const buyerName = await recordSalePayment(trx, paymentId, sale, meta, {
      amountPaise: taxablePaise,
      gstPaise,
      description: `Sale: ${items}`,
      dueDate: null,
      status: 'completed',
    });
    if (!settings || (settings.gst_registered && !settings.gstin))
      return void logger?.info({ saleId: sale.saleId }, 'sale recorded; no invoice until the location has GST settings');

    const { row } = await issueInvoiceIn(
      trx,
      {
        paymentId,
        orgId,
        locationId: sale.locationId,
        category: 'other',
        type: 'product_sale',
        status: 'completed',
        memberId: buyer.kind === 'member' ? buyer.memberId : null,
        memberName: buyerName,
        description: items,
        amountPaise: taxablePaise,
        gstPaise,
        totalPaise: taxablePaise + gstPaise,
        lines,
      },
      at,
      meta,
    );
    await publishSaleInvoiced(trx, sale, paymentId, row, at, meta);
  });

type Sale = z.infer<typeof SaleCompleted.data>;

/** What was sold, as the payment and the invoice describe it: "Whey 1 kg × 2, Towel × 1". */
const itemsOf = (sale: Pick<Sale, 'lines'>): string => sale.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ');

/**
 * Records the payment of a sale (category other, type product_sale, source pos, sourceId the saleId) for its buyer:
 * completed for a desk sale, pending for an order paid online. Returns the buyer's name as recorded (a known member's
 * name as payments has it, else the name the sale carries).
 */
const recordSalePayment = async (
  trx: Trx,
  paymentId: string,
  sale: Sale,
  meta: EventMetadata,
  o: { amountPaise: number; gstPaise: number; description: string; dueDate: string | null; status: 'completed' | 'pending' },
): Promise<string> => {
  const buyer = sale.buyer;
  const member =
    buyer.kind === 'member'
      ? await trx
          .selectFrom('pay_members')
          .select(['first_name', 'last_name'])
          .where('id', '=', buyer.memberId)
          .where('org_id', '=', sale.organizationId)
          .executeTakeFirst()
      : undefined;
  const buyerName = buyer.kind === 'member' ? (member ? `${member.first_name} ${member.last_name}`.trim() : buyer.name) : (buyer.name ?? '');
  await executeCommand(
    trx,
    paymentAggregate,
    paymentId,
    {
      type: 'RecordPayment',
      data: {
        paymentId,
        orgId: sale.organizationId,
        locationId: sale.locationId,
        category: 'other',
        type: 'product_sale',
        memberId: buyer.kind === 'member' ? buyer.memberId : null,
        memberName: buyerName,
        trainerId: null,
        trainerName: '',
        amountPaise: o.amountPaise,
        gstPaise: o.gstPaise,
        method: sale.paymentMethod,
        description: o.description.slice(0, 500),
        notes: buyer.kind === 'walk_in' && buyer.phone ? `Walk-in ${buyer.phone}` : '',
        membershipType: null,
        membershipPeriod: null,
        paymentFrequency: null,
        salaryPeriod: null,
        dueDate: o.dueDate,
        source: 'pos',
        sourceId: sale.saleId,
        status: o.status,
        at: sale.occurredAt,
        by: null,
      },
    },
    meta,
    { mapError: paymentUniques },
  );
  return buyerName;
};

const publishSaleInvoiced = (
  trx: Trx,
  sale: Sale,
  paymentId: string,
  row: { id: string; number: string; total_paise: number | string | bigint },
  at: Date,
  meta: EventMetadata,
) =>
  enqueue(
    trx,
    topicOf('payments'),
    makeEnvelope(PaymentEvents.SaleInvoiced, {
      ...meta,
      aggregateId: paymentId,
      occurredAt: at.toISOString(),
      data: {
        saleId: sale.saleId,
        organizationId: sale.organizationId,
        locationId: sale.locationId,
        paymentId,
        invoiceId: row.id,
        invoiceNumber: row.number,
        totalPaise: Number(row.total_paise),
        occurredAt: at.toISOString(),
      },
    }),
  );

/**
 * The completed sale of an online order whose payment exists (paid online): its invoice with the sale's HSN lines and
 * the payment's figures, issued now unless it has one, then `payments.sale_invoiced` (only when issued now, so a
 * redelivery publishes nothing). Not completed (should not happen: inventory completes the sale on the capture) or no
 * GST settings: nothing is issued.
 */
const invoiceOnlineSale = async (
  trx: Trx,
  sale: Sale,
  payment: {
    id: string;
    status: string;
    member_id: string | null;
    member_name: string;
    description: string;
    amount_paise: unknown;
    gst_paise: unknown;
    total_paise: unknown;
  },
  meta: EventMetadata,
  logger?: Logger,
) => {
  if (payment.status !== 'completed')
    return void logger?.warn({ saleId: sale.saleId, status: payment.status }, 'sale completed but its payment is not: no invoice');
  const at = new Date(sale.occurredAt);
  try {
    const { row, created } = await issueInvoiceIn(
      trx,
      {
        paymentId: payment.id,
        orgId: sale.organizationId,
        locationId: sale.locationId,
        category: 'other',
        type: 'product_sale',
        status: 'completed',
        memberId: payment.member_id,
        memberName: payment.member_name,
        description: itemsOf(sale),
        amountPaise: Number(payment.amount_paise),
        gstPaise: Number(payment.gst_paise),
        totalPaise: Number(payment.total_paise),
        lines: saleInvoiceLines(sale),
      },
      at,
      meta,
    );
    if (created) await publishSaleInvoiced(trx, sale, payment.id, row, at, meta);
  } catch (err) {
    // Refusals (no GST settings yet) are decided before anything is written: the sale stays without an invoice.
    if (err instanceof AppError && err.status < 500) return void logger?.info({ saleId: sale.saleId, code: err.code }, 'online sale not invoiced');
    throw err;
  }
};

/**
 * `inventory.sale_payment_requested` (a member's own order, or a desk sale by Razorpay) → a PENDING payment for the
 * buyer with id salePaymentId(org, sale) (category other, type product_sale, source pos, sourceId the saleId), due
 * today, which the member pays with Pay now; then `payments.sale_payment_created` so inventory links the sale to it.
 * Exactly once: the inbox, and an existing payment answers nothing.
 */
export const onSalePaymentRequested = (logger?: Logger): EventHandler<PaymentsDb> =>
  on(SalePaymentRequested, async (trx: Trx, env) => {
    const sale = env.data;
    const orgId = sale.organizationId;
    if (orgId !== env.orgId) return void logger?.warn({ saleId: sale.saleId }, 'sale of another organization than its envelope: ignored');
    const paymentId = salePaymentId(orgId, sale.saleId);
    const exists = await trx.selectFrom('payments').select('id').where('id', '=', paymentId).executeTakeFirst();
    if (exists) return;
    const location = await locationOf(trx, orgId, sale.locationId);
    const meta = metadataOf(env, { locationId: sale.locationId });
    await recordSalePayment(trx, paymentId, sale, meta, {
      amountPaise: sale.totals.taxablePaise,
      gstPaise: sale.totals.gstPaise,
      description: `Order: ${itemsOf(sale)}`,
      dueDate: localDate(new Date(sale.occurredAt), location?.timezone ?? DEFAULT_TIME_ZONE),
      status: 'pending',
    });
    await enqueue(
      trx,
      topicOf('payments'),
      makeEnvelope(PaymentEvents.SalePaymentCreated, {
        ...meta,
        aggregateId: paymentId,
        occurredAt: sale.occurredAt,
        data: { saleId: sale.saleId, organizationId: orgId, paymentId },
      }),
    );
  });

/** `inventory.sale_cancelled` (an order left unpaid) → its pending payment is cancelled; a paid or missing one is left. */
export const onSaleCancelled = (logger?: Logger): EventHandler<PaymentsDb> =>
  on(SaleCancelled, async (trx: Trx, env) => {
    const d = env.data;
    if (d.organizationId !== env.orgId) return;
    const paymentId = salePaymentId(d.organizationId, d.saleId);
    const p = await trx.selectFrom('payments').select(['status']).where('id', '=', paymentId).executeTakeFirst();
    if (!p || (p.status !== 'pending' && p.status !== 'failed'))
      return void logger?.info({ saleId: d.saleId, status: p?.status }, 'cancelled sale: no pending payment to cancel');
    await executeCommand(
      trx,
      paymentAggregate,
      paymentId,
      { type: 'CancelPayment', data: { reason: d.reason, at: d.occurredAt, by: null } },
      metadataOf(env, { locationId: d.locationId }),
      { mapError: paymentUniques },
    );
  });
