import { inTransaction, isStaff, metadataOf, notFound, type RequestContext } from '@akhada/kit';
import { issueInvoiceIn } from './issue-invoice.ts';
import type { PaymentsDeps } from './deps.ts';
import { findPayment } from '../db/invoices-repo.ts';
import { toInvoice } from '../views/invoice-view.ts';

/** POST /payments/invoices: the invoice of a completed payment in one of the caller's locations (the same one again if issued). */
export const createInvoice = async (deps: Pick<PaymentsDeps, 'db' | 'clock'>, ctx: RequestContext, paymentId: string) => {
  const payment = await findPayment(deps.db, ctx.orgId, paymentId);
  if (!payment || !isStaff(ctx) || !ctx.locationIds.includes(payment.location_id)) throw notFound('Payment');
  const { row } = await inTransaction(deps.db, (trx) =>
    issueInvoiceIn(
      trx,
      {
        paymentId: payment.id,
        orgId: payment.org_id,
        locationId: payment.location_id,
        category: payment.category,
        type: payment.type,
        status: payment.status,
        memberId: payment.member_id,
        memberName: payment.member_name,
        description: payment.description,
        amountPaise: Number(payment.amount_paise),
        gstPaise: Number(payment.gst_paise),
        totalPaise: Number(payment.total_paise),
        gst: payment.gst_split,
        ...(payment.billing ? { recipient: { name: payment.billing.name || undefined, gstin: payment.billing.gstin, address: payment.billing.address } } : {}),
      },
      deps.clock(),
      metadataOf(ctx, { locationId: payment.location_id }),
    ),
  );
  return toInvoice(row);
};
