import { InventoryEvents, topicOf, type SaleBuyer } from '@akhada/contracts';
import { enqueue, executeCommand, makeEnvelope, newId, periodicJob, readStream, type EventMetadata, type Logger, type PeriodicJob } from '@akhada/kit';
import { sql, type Kysely, type Transaction } from 'kysely';
import { itemAggregate } from '../aggregates/item.ts';
import type { InventoryDb, SalesTable } from '../db/schema.ts';
import { itemStreamId, type Batch, type ItemEvent } from '../domain/item/decider.ts';

type Trx = Transaction<InventoryDb>;

/** How long a member's order (or a Razorpay sale) may wait for its online payment before it is cancelled. */
export const UNPAID_ORDER_MINUTES = 30;

/** The `inventory.sale_completed` / `inventory.sale_payment_requested` payload of a sale row. */
export const saleEventData = (row: SalesTable, occurredAt: string) => {
  const buyer: SaleBuyer =
    row.buyer.kind === 'member' && row.buyer.memberId
      ? { kind: 'member', memberId: row.buyer.memberId, name: row.buyer.name ?? '' }
      : { kind: 'walk_in', name: row.buyer.name, phone: row.buyer.phone };
  return {
    saleId: row.id,
    organizationId: row.org_id,
    locationId: row.location_id,
    buyer,
    lines: row.lines.map((l) => ({
      itemId: l.itemId,
      name: l.name,
      hsn: l.hsn,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      discountPaise: l.discountPaise,
      gstRatePercent: l.gstRate,
      kind: l.kind,
    })),
    paymentMethod: row.payment_method as 'razorpay',
    totals: {
      taxablePaise: Number(row.taxable_paise),
      discountPaise: Number(row.discount_paise),
      gstPaise: Number(row.gst_paise),
      totalPaise: Number(row.total_paise),
    },
    soldBy: row.sold_by_id,
    occurredAt,
  };
};

const lockSale = (trx: Trx, orgId: string, saleId: string) => sql`select pg_advisory_xact_lock(hashtext(${`sale:${orgId}:${saleId}`}))`.execute(trx);

const awaiting = (trx: Trx, orgId: string, saleId: string) =>
  trx
    .selectFrom('sales')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', saleId)
    .where('status', '=', 'awaiting_payment')
    .forUpdate()
    .executeTakeFirst();

/** `payments.sale_payment_created`: the sale waiting for its payment learns the payment's id (once; later ones change nothing). */
export const linkSalePayment = async (trx: Trx, orgId: string, saleId: string, paymentId: string): Promise<void> => {
  await trx
    .updateTable('sales')
    .set({ online_payment: JSON.stringify({ paymentId }) as never })
    .where('org_id', '=', orgId)
    .where('id', '=', saleId)
    .where('online_payment', 'is', null)
    .execute();
};

/**
 * The sale's payment was captured (`payments.payment_completed` of a pos payment): the sale waiting for it is
 * completed (its stock was taken when ordered) and `inventory.sale_completed` goes out as for a desk sale, once — a
 * sale no longer awaiting payment (completed, or cancelled as unpaid) is left as it is. Answers whether it completed.
 */
export const completeOnlineSale = async (
  trx: Trx,
  p: { orgId: string; saleId: string; paymentId: string; paidAt: string },
  meta: EventMetadata,
  logger?: Logger,
): Promise<boolean> => {
  await lockSale(trx, p.orgId, p.saleId);
  const row = await awaiting(trx, p.orgId, p.saleId);
  if (!row) return false;
  if (row.online_payment && row.online_payment.paymentId !== p.paymentId) {
    logger?.warn({ saleId: p.saleId, paymentId: p.paymentId }, 'a payment completed for a sale linked to another payment: ignored');
    return false;
  }
  const completedAt = new Date(p.paidAt);
  await trx
    .updateTable('sales')
    .set({ status: 'completed', completed_at: completedAt, online_payment: JSON.stringify({ paymentId: p.paymentId }) as never })
    .where('org_id', '=', p.orgId)
    .where('id', '=', p.saleId)
    .execute();
  await enqueue(
    trx,
    topicOf('inventory'),
    makeEnvelope(InventoryEvents.SaleCompleted, {
      ...meta,
      locationId: row.location_id,
      aggregateId: row.id,
      occurredAt: completedAt.toISOString(),
      data: saleEventData(row, completedAt.toISOString()),
    }),
  );
  return true;
};

/**
 * The units a sale took from an item, as batches to put back: the takes of its StockSold event, each with its batch
 * as it was received (expiry, cost, supplier), from the item's own stream.
 */
const heldBatches = async (trx: Trx, itemId: string, saleId: string): Promise<Batch[]> => {
  const { events } = await readStream<ItemEvent>(trx as never, itemStreamId(itemId));
  const received = new Map<string, Batch>();
  const back = new Map<string, Batch>();
  for (const { event: e } of events) {
    if (e.type === 'StockReceived') received.set(e.data.batch.id, e.data.batch);
    if (e.type === 'StockAdjusted' && e.data.batch) received.set(e.data.batch.id, e.data.batch);
    if (e.type === 'StockSold' && e.data.saleId === saleId)
      for (const t of e.data.takes) {
        const b = back.get(t.batchId) ?? received.get(t.batchId);
        const base: Batch = b ?? {
          id: t.batchId,
          batchNo: null,
          quantity: 0,
          expiryDate: null,
          unitCostPaise: t.unitCostPaise,
          supplier: null,
          receivedAt: e.data.at,
        };
        back.set(t.batchId, { ...base, quantity: (back.get(t.batchId)?.quantity ?? 0) + t.quantity });
      }
  }
  return [...back.values()];
};

/**
 * One unpaid sale cancelled in ONE transaction: the sale's key and row are locked and it must still await payment (so
 * two instances, or a payment captured meanwhile, cancel nothing twice), its units go back to their batches, the row
 * becomes cancelled and `inventory.sale_cancelled` tells payments to cancel the pending payment.
 */
export const cancelUnpaidSale = async (db: Kysely<InventoryDb>, orgId: string, saleId: string, at: Date, runId: string): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    await lockSale(trx, orgId, saleId);
    const row = await awaiting(trx, orgId, saleId);
    if (!row) return false;
    const meta: EventMetadata = { orgId, locationId: row.location_id, correlationId: runId, causationId: runId };
    const itemIds = [...new Set(row.lines.map((l) => l.itemId))].sort();
    await trx.selectFrom('items').select('id').where('org_id', '=', orgId).where('id', 'in', itemIds).orderBy('id').forUpdate().execute();
    for (const itemId of itemIds) {
      const batches = await heldBatches(trx, itemId, saleId);
      await executeCommand(trx, itemAggregate, itemId, { type: 'ReturnSaleStock', data: { saleId, batches, at: at.toISOString(), by: null } }, meta);
    }
    await trx.updateTable('sales').set({ status: 'cancelled' }).where('org_id', '=', orgId).where('id', '=', saleId).execute();
    await enqueue(
      trx,
      topicOf('inventory'),
      makeEnvelope(InventoryEvents.SaleCancelled, {
        ...meta,
        aggregateId: saleId,
        occurredAt: at.toISOString(),
        data: {
          saleId,
          organizationId: orgId,
          locationId: row.location_id,
          reason: `Not paid within ${UNPAID_ORDER_MINUTES} minutes`,
          occurredAt: at.toISOString(),
        },
      }),
    );
    return true;
  });

/** Cancels every sale that has waited for its payment longer than UNPAID_ORDER_MINUTES; how many it cancelled. */
export const expireUnpaidSales = async (deps: { db: Kysely<InventoryDb>; clock: () => Date; logger?: Logger }): Promise<number> => {
  const now = deps.clock();
  const rows = await deps.db
    .selectFrom('sales')
    .select(['org_id', 'id'])
    .where('status', '=', 'awaiting_payment')
    .where('created_at', '<=', new Date(now.getTime() - UNPAID_ORDER_MINUTES * 60_000))
    .execute();
  const runId = newId();
  let cancelled = 0;
  for (const r of rows) {
    try {
      if (await cancelUnpaidSale(deps.db, r.org_id, r.id, now, runId)) cancelled += 1;
    } catch (err) {
      deps.logger?.error({ err, saleId: r.id }, 'could not cancel an unpaid sale');
    }
  }
  return cancelled;
};

/** Runs expireUnpaidSales every `intervalMs` (default every minute, one run at a time; safe with several instances). */
export const startUnpaidSalesJob = (deps: Parameters<typeof expireUnpaidSales>[0], { intervalMs = 60_000 } = {}): PeriodicJob =>
  periodicJob({ name: 'unpaid sales', intervalMs, run: () => expireUnpaidSales(deps), ...(deps.logger ? { logger: deps.logger } : {}) });
