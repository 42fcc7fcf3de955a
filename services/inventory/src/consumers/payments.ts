import { PaymentEvents, type EventEnvelope } from '@akhada/contracts';
import { metadataOf, on, type EventHandler, type Logger } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { completeOnlineSale, linkSalePayment } from '../app/online-sales.ts';
import type { InventoryDb } from '../db/schema.ts';

/**
 * `payments.sale_invoiced`: the payments service issued the tax invoice of a sale. Its contract is being added to
 * contracts/src/events/payments.ts on another branch; until it lands this consumer parses the four fields it needs.
 */
export const SaleInvoicedData = z.object({ saleId: z.uuid(), paymentId: z.uuid(), invoiceId: z.uuid(), invoiceNumber: z.string() });

export const paymentHandlers = (logger?: Logger): EventHandler<InventoryDb>[] => [
  {
    type: 'payments.sale_invoiced',
    handle: async (trx: Transaction<InventoryDb>, env: EventEnvelope<unknown>) => {
      const d = SaleInvoicedData.parse(env.data);
      await trx
        .updateTable('sales')
        .set({ invoice: JSON.stringify({ invoiceId: d.invoiceId, number: d.invoiceNumber, paymentId: d.paymentId }) as never })
        .where('org_id', '=', env.orgId)
        .where('id', '=', d.saleId)
        .execute();
    },
  },
  // A location's GST registration: the counter charges GST only where it is registered (app/location-tax.ts).
  on(PaymentEvents.LocationTaxSettingsChanged, async (trx, env) => {
    const d = env.data;
    if (d.organizationId !== env.orgId) return;
    const row = {
      location_id: d.locationId,
      org_id: d.organizationId,
      gst_registered: d.gstRegistered,
      gstin: d.gstin,
      state_code: d.stateCode,
      updated_at: new Date(d.occurredAt),
    };
    // Last write wins by the change's time, so a late redelivery of an older change does not undo a newer one.
    await trx
      .insertInto('location_tax')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('location_id')
          .doUpdateSet({ gst_registered: row.gst_registered, gstin: row.gstin, state_code: row.state_code, updated_at: row.updated_at })
          .where('location_tax.org_id', '=', row.org_id)
          .where('location_tax.updated_at', '<=', row.updated_at),
      )
      .execute();
  }),
  // The pending payment of an online sale exists: the sale shows it (Pay now).
  on(PaymentEvents.SalePaymentCreated, async (trx, env) => {
    const d = env.data;
    if (d.organizationId !== env.orgId) return;
    await linkSalePayment(trx, d.organizationId, d.saleId, d.paymentId);
  }),
  // A point-of-sale payment was paid (online capture or marked paid): the sale waiting for it completes (sourceId = saleId).
  on(PaymentEvents.PaymentCompleted, async (trx, env) => {
    const p = env.data;
    if (p.source !== 'pos' || !p.sourceId || p.organizationId !== env.orgId) return;
    await completeOnlineSale(
      trx,
      { orgId: p.organizationId, saleId: p.sourceId, paymentId: p.paymentId, paidAt: p.paidAt },
      metadataOf(env, { locationId: p.locationId }),
      logger,
    );
  }),
];
