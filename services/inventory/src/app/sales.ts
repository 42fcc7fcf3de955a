import {
  InventoryEvents,
  saleLineTaxablePaise,
  saleLineTaxPaise,
  saleTotalsOf,
  topicOf,
  type PosSale,
  type PosSaleBody,
  type SaleBuyer,
} from '@akhada/contracts';
import {
  AppError,
  badRequest,
  enqueue,
  executeCommand,
  inTransaction,
  makeEnvelope,
  metadataOf,
  notFound,
  readThrough,
  type RequestContext,
} from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { itemAggregate } from '../aggregates/item.ts';
import type { InventoryDb, SaleLineRow, SalesTable } from '../db/schema.ts';
import { saveMemberCopy } from '../db/people-repo.ts';
import { byOf, ITEM_RETRIES, ownLocation } from './items.ts';
import { paise, rupees, type InventoryDeps } from './deps.ts';
import { chargedRate, chargesGstAt } from './location-tax.ts';

type Deps = Pick<InventoryDeps, 'db' | 'clock' | 'directory' | 'people'>;

export interface SaleInput {
  saleId: string;
  locationId: string;
  buyer: { kind: 'member'; memberId: string } | { kind: 'walk_in'; name?: string | undefined; phone?: string | undefined };
  lines: { itemId: string; quantity: number }[];
  discountPaise: number;
  paymentMethod: 'cash' | 'upi' | 'card' | 'razorpay';
}

export const toSale = (r: SalesTable): PosSale => ({
  _id: r.id,
  locationId: r.location_id,
  status: r.status as PosSale['status'],
  buyer: r.buyer,
  lines: r.lines.map((l) => ({
    itemId: l.itemId,
    name: l.name,
    hsn: l.hsn,
    kind: l.kind,
    quantity: l.quantity,
    unitPrice: rupees(l.unitPricePaise),
    discount: rupees(l.discountPaise),
    gstRate: l.gstRate,
    taxable: rupees(l.taxablePaise),
    gst: rupees(l.gstPaise),
    total: rupees(l.totalPaise),
  })),
  paymentMethod: r.payment_method as PosSale['paymentMethod'],
  totals: { taxable: rupees(r.taxable_paise), discount: rupees(r.discount_paise), gst: rupees(r.gst_paise), total: rupees(r.total_paise) },
  invoice: r.invoice,
  onlinePayment: r.online_payment,
  soldBy: { _id: r.sold_by_id, name: r.sold_by_name },
  createdAt: r.created_at.toISOString(),
  completedAt: r.completed_at?.toISOString() ?? null,
});

/** The discount spread over the lines in proportion to their value (paise; the rounding rest on the largest line). */
export const spreadDiscount = (grosses: number[], discountPaise: number): number[] => {
  const total = grosses.reduce((a, b) => a + b, 0);
  if (discountPaise === 0 || total === 0) return grosses.map(() => 0);
  const shares = grosses.map((g) => Math.floor((discountPaise * g) / total));
  const rest = discountPaise - shares.reduce((a, b) => a + b, 0);
  const largest = grosses.indexOf(Math.max(...grosses));
  shares[largest]! += rest;
  return shares;
};

/**
 * A sale in ONE transaction: the sale's key is locked (a retried or doubled request waits, then answers the first
 * sale), the items' rows are locked in id order (concurrent sales of the same item queue instead of failing, and never
 * deadlock), each item's stream takes its units (first-expiring batches first; the decider refuses more than is
 * there, and nothing is taken then), the sale row is written, and `inventory.sale_completed` goes to the outbox —
 * all or nothing. Answers the sale and whether it was made now.
 */
export const makeSale = async (deps: Deps, ctx: RequestContext, input: SaleInput): Promise<{ sale: PosSale; created: boolean }> => {
  ownLocation(ctx, input.locationId);
  const merged = new Map<string, number>();
  for (const l of input.lines) merged.set(l.itemId, (merged.get(l.itemId) ?? 0) + l.quantity);
  for (const [, q] of merged) if (q > 100_000) throw badRequest('Quantity is too large', [{ path: 'lines', message: 'Quantity is too large' }]);
  const itemIds = [...merged.keys()].sort();
  // A member added a moment ago may not be in the people copy yet: read them through from members now, before the
  // sale's transaction takes its locks (the copy is written as members' event would write it).
  if (input.buyer.kind === 'member') await knownBuyer(deps, ctx, input.buyer.memberId);
  return inTransaction(
    deps.db,
    async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`sale:${ctx.orgId}:${input.saleId}`}))`.execute(trx);
      const existing = await trx.selectFrom('sales').selectAll().where('org_id', '=', ctx.orgId).where('id', '=', input.saleId).executeTakeFirst();
      if (existing) {
        if (existing.location_id !== input.locationId || !ctx.locationIds.includes(existing.location_id)) throw notFound('Sale');
        return { sale: toSale(existing), created: false };
      }
      const rows = await trx
        .selectFrom('items')
        .select(['id', 'location_id', 'archived'])
        .where('org_id', '=', ctx.orgId)
        .where('id', 'in', itemIds)
        .orderBy('id')
        .forUpdate()
        .execute();
      for (const id of itemIds) {
        const row = rows.find((r) => r.id === id);
        if (!row || row.archived || row.location_id !== input.locationId) throw notFound('Item');
      }
      const buyer = await buyerOf(trx, ctx, input);
      // GST only where the location is registered: an unregistered one issues a bill of supply for the taxable value.
      const chargesGst = await chargesGstAt(trx, ctx.orgId, input.locationId);
      const now = deps.clock();
      const at = now.toISOString();
      const meta = metadataOf(ctx, { locationId: input.locationId });
      const sold: Omit<SaleLineRow, 'discountPaise' | 'taxablePaise' | 'gstPaise' | 'totalPaise'>[] = [];
      for (const id of itemIds) {
        const quantity = merged.get(id)!;
        const { state } = await executeCommand(
          trx,
          itemAggregate,
          id,
          { type: 'SellStock', data: { saleId: input.saleId, quantity, at, by: byOf(ctx) } },
          meta,
        );
        const d = state.details;
        sold.push({
          itemId: id,
          name: d.name,
          category: d.category,
          hsn: d.hsn!,
          kind: d.lineKind,
          quantity,
          unitPricePaise: d.sellingPricePaise!,
          gstRate: chargedRate(d.gstRate, chargesGst),
        });
      }
      const grosses = sold.map((l) => l.unitPricePaise * l.quantity);
      if (input.discountPaise > grosses.reduce((a, b) => a + b, 0))
        throw badRequest('The discount is more than the sale', [{ path: 'discount', message: 'The discount is more than the sale' }]);
      const discounts = spreadDiscount(grosses, input.discountPaise);
      const lines: SaleLineRow[] = sold.map((l, i) => {
        const discountPaise = discounts[i]!;
        const taxablePaise = saleLineTaxablePaise({ ...l, discountPaise });
        const gstPaise = saleLineTaxPaise(taxablePaise, l.gstRate);
        return { ...l, discountPaise, taxablePaise, gstPaise, totalPaise: taxablePaise + gstPaise };
      });
      const totals = saleTotalsOf(lines.map((l) => ({ ...l, gstRatePercent: l.gstRate })));
      const online = input.paymentMethod === 'razorpay';
      const row: SalesTable = {
        org_id: ctx.orgId,
        id: input.saleId,
        location_id: input.locationId,
        status: online ? 'awaiting_payment' : 'completed',
        buyer:
          buyer.kind === 'member'
            ? { kind: 'member', memberId: buyer.memberId, name: buyer.name, phone: null }
            : { kind: 'walk_in', memberId: null, name: buyer.name, phone: buyer.phone },
        lines,
        payment_method: input.paymentMethod,
        taxable_paise: totals.taxablePaise,
        discount_paise: totals.discountPaise,
        gst_paise: totals.gstPaise,
        total_paise: totals.totalPaise,
        invoice: null,
        online_payment: null,
        sold_by_id: ctx.userId,
        sold_by_name: ctx.name,
        created_at: now,
        completed_at: online ? null : now,
      };
      await trx
        .insertInto('sales')
        .values({ ...row, buyer: JSON.stringify(row.buyer) as never, lines: JSON.stringify(row.lines) as never })
        .execute();
      // A desk sale is complete now; an online one asks the payments service for its pending payment first.
      await enqueue(
        trx,
        topicOf('inventory'),
        makeEnvelope(online ? InventoryEvents.SalePaymentRequested : InventoryEvents.SaleCompleted, {
          ...meta,
          aggregateId: input.saleId,
          occurredAt: at,
          data: {
            saleId: input.saleId,
            organizationId: ctx.orgId,
            locationId: input.locationId,
            buyer,
            lines: lines.map((l) => ({
              itemId: l.itemId,
              name: l.name,
              hsn: l.hsn,
              quantity: l.quantity,
              unitPricePaise: l.unitPricePaise,
              discountPaise: l.discountPaise,
              gstRatePercent: l.gstRate,
              kind: l.kind,
            })),
            paymentMethod: input.paymentMethod,
            totals,
            soldBy: ctx.userId,
            occurredAt: at,
          },
        }),
      );
      return { sale: toSale(row), created: true };
    },
    ITEM_RETRIES,
  );
};

/** The buyer in the people copy, read through from the members service on a miss (kit read-through). */
const knownBuyer = (deps: Deps, ctx: RequestContext, memberId: string) =>
  readThrough({
    local: () =>
      deps.db.selectFrom('people').select('id').where('id', '=', memberId).where('org_id', '=', ctx.orgId).where('kind', '=', 'member').executeTakeFirst(),
    remote: () => deps.people?.member(memberId, ctx) ?? Promise.resolve(null),
    save: (c) => saveMemberCopy(deps.db, ctx.orgId, c),
    key: `member:${memberId}:${ctx.bearer ?? ''}`,
  });

const buyerOf = async (trx: Transaction<InventoryDb>, ctx: RequestContext, input: SaleInput): Promise<SaleBuyer> => {
  if (input.buyer.kind === 'walk_in') return { kind: 'walk_in', name: input.buyer.name || null, phone: input.buyer.phone || null };
  const m = await trx
    .selectFrom('people')
    .select(['id', 'name', 'archived'])
    .where('id', '=', input.buyer.memberId)
    .where('org_id', '=', ctx.orgId)
    .where('kind', '=', 'member')
    .executeTakeFirst();
  // Members are known here from members' events (consumers/people.ts), and one added a moment ago was read through.
  if (!m) throw notFound('Member');
  if (m.archived) throw new AppError(409, 'CONFLICT', 'This member has been archived and cannot buy at the counter');
  return { kind: 'member', memberId: m.id, name: m.name };
};

export const posSale = (deps: Deps, ctx: RequestContext, body: z.output<typeof PosSaleBody>) =>
  makeSale(deps, ctx, {
    saleId: body.saleId,
    locationId: body.locationId,
    buyer: body.buyer,
    lines: body.lines,
    discountPaise: paise(body.discount),
    paymentMethod: body.paymentMethod,
  });

/** POST /inventory/:id/sell: a one-line sale at the item's location (walk-in unless a member is named). */
export const sellOne = async (
  deps: Deps,
  ctx: RequestContext,
  itemId: string,
  body: { saleId: string; quantity: number; memberId?: string | undefined; discount: number; paymentMethod: 'cash' | 'upi' | 'card' },
) => {
  const item = await deps.db
    .selectFrom('items')
    .select(['location_id'])
    .where('id', '=', itemId)
    .where('org_id', '=', ctx.orgId)
    .where('archived', '=', false)
    .executeTakeFirst();
  if (!item || !ctx.locationIds.includes(item.location_id)) throw notFound('Item');
  return makeSale(deps, ctx, {
    saleId: body.saleId,
    locationId: item.location_id,
    buyer: body.memberId ? { kind: 'member', memberId: body.memberId } : { kind: 'walk_in' },
    lines: [{ itemId, quantity: body.quantity }],
    discountPaise: paise(body.discount),
    paymentMethod: body.paymentMethod,
  });
};

/**
 * A member's own order at their location: the stock is held for it (taken now) and the sale waits for the online
 * payment (status awaiting_payment): `inventory.sale_payment_requested` makes its pending payment in the payments
 * service, which the member pays with Pay now; its capture completes the sale (consumers/payments.ts).
 */
export const shopOrder = async (deps: Deps, ctx: RequestContext, body: { saleId: string; lines: { itemId: string; quantity: number }[] }) => {
  const me = await deps.db
    .selectFrom('people')
    .select(['location_id'])
    .where('id', '=', ctx.userId)
    .where('org_id', '=', ctx.orgId)
    .where('kind', '=', 'member')
    .executeTakeFirst();
  const locationId = me?.location_id ?? ctx.locationIds[0];
  if (!locationId) throw new AppError(403, 'LOCATION_NOT_ALLOWED', 'You are not in any location of this gym');
  return makeSale(deps, ctx, {
    saleId: body.saleId,
    locationId,
    buyer: me ? { kind: 'member', memberId: ctx.userId } : { kind: 'walk_in', name: ctx.name },
    lines: body.lines,
    discountPaise: 0,
    paymentMethod: 'razorpay',
  });
};

/** One sale: desk staff of its location, or the member who bought; anything else is "not found". */
export const getSale = async (deps: Deps, ctx: RequestContext, saleId: string): Promise<PosSale> => {
  const row = await deps.db.selectFrom('sales').selectAll().where('org_id', '=', ctx.orgId).where('id', '=', saleId).executeTakeFirst();
  if (!row) throw notFound('Sale');
  const mine = ctx.role === 'member' && row.buyer.memberId === ctx.userId;
  const desk = ctx.role !== 'member' && ctx.locationIds.includes(row.location_id);
  if (!mine && !desk) throw notFound('Sale');
  return toSale(row);
};
