import { PaymentEvents } from '@akhada/contracts';
import { AppError, metadataOf, on, type EventHandler, type Logger } from '@akhada/kit';
import type { PaymentsDb } from '../db/schema.ts';
import { issueCreditNoteIn, issueInvoiceIn } from '../app/issue-invoice.ts';

/**
 * Invoices follow this service's own payment events (topic akhada.payments.events) through the kit's consumer and
 * inbox (their own group, started by consumers/start-consumers.ts): a completed payment gets its invoice, a refund its
 * credit note, each once (inbox + unique keys). A payment that is not invoiced (a trainer payout, an expense) is
 * skipped; one at a location without GST settings gets a plain receipt (not a tax invoice), in the location's own
 * receipt series.
 */
export const invoiceHandlers = (logger?: Logger): EventHandler<PaymentsDb>[] => [
  on(PaymentEvents.PaymentCompleted, async (trx, env) => {
    const p = env.data;
    if (p.category !== 'member' && p.category !== 'other') return;
    // A point-of-sale payment is invoiced with the sale's own HSN lines by the sales consumer (consumers/sales.ts).
    if (p.source === 'pos') return;
    try {
      await issueInvoiceIn(
        trx,
        {
          paymentId: p.paymentId,
          orgId: p.organizationId,
          locationId: p.locationId,
          category: p.category,
          type: p.type,
          status: 'completed',
          memberId: p.memberId,
          memberName: p.memberName,
          description: p.description,
          amountPaise: p.amountPaise,
          gstPaise: p.gstPaise,
          totalPaise: p.totalPaise,
          gst: p.gst ?? null,
          ...(p.billing ? { recipient: { name: p.billing.name || undefined, gstin: p.billing.gstin, address: p.billing.address } } : {}),
        },
        new Date(env.occurredAt),
        metadataOf(env),
      );
    } catch (err) {
      // Refusals are decided before anything is written, so the inbox row still commits and the event is done.
      if (err instanceof AppError && err.status < 500) return void logger?.info({ paymentId: p.paymentId, code: err.code }, 'payment not invoiced');
      throw err;
    }
  }),
  on(PaymentEvents.PaymentRefunded, async (trx, env) => {
    const p = env.data;
    await issueCreditNoteIn(
      trx,
      { orgId: p.organizationId, paymentId: p.paymentId, refundId: p.refundId, refundPaise: p.refundPaise, at: new Date(env.occurredAt) },
      metadataOf(env),
    );
  }),
];
