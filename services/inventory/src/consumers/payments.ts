import { type EventEnvelope } from '@akhada/contracts';
import type { EventHandler } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { InventoryDb } from '../db/schema.ts';

/**
 * `payments.sale_invoiced`: the payments service issued the tax invoice of a sale. Its contract is being added to
 * contracts/src/events/payments.ts on another branch; until it lands this consumer parses the four fields it needs.
 */
export const SaleInvoicedData = z.object({ saleId: z.uuid(), paymentId: z.uuid(), invoiceId: z.uuid(), invoiceNumber: z.string() });

export const paymentHandlers: EventHandler<InventoryDb>[] = [
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
];
