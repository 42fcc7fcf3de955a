import {
  GYM_SERVICE_RATES,
  rateOn,
  saleTotalsOf,
  SchedulingEvents,
  topicOf,
  type BuyPackBody,
  type PackBalance,
  type PackPurchase,
  type SellPackBody,
} from '@akhada/contracts';
import { assertLocation, enqueue, makeEnvelope, metadataOf, newId, type RequestContext } from '@akhada/kit';
import { badRequest, notFound } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { memberOf } from '../db/members-repo.ts';
import type { PackPurchasesTable, SchedulingDb } from '../db/schema.ts';
import { balanceOf, packLedgerDecider, type LedgerEvent, type LedgerState, type UseReason } from '../domain/pack/ledger.ts';
import type { SchedulingDeps } from './deps.ts';

type Deps = Pick<SchedulingDeps, 'db' | 'clock'>;
type Trx = Transaction<SchedulingDb>;

const toPurchase = (r: PackPurchasesTable): PackPurchase => ({
  id: r.id,
  memberId: r.member_id,
  packTypeId: r.pack_type_id,
  name: r.name,
  sessions: r.sessions,
  validityDays: r.validity_days,
  pricePaise: Number(r.price_paise),
  method: r.method,
  status: r.status as PackPurchase['status'],
  paymentId: r.payment_id,
  createdAt: r.created_at.toISOString(),
});

/**
 * A pack sold (desk) or bought (online): the purchase row and `scheduling.purchase_requested` in one transaction (the
 * outbox), so payments records its payment exactly once. The line is a service (SAC 999723) at the gym-service rate in
 * force today; payments' own rule decides the GST it records.
 */
const requestPack = async (deps: Deps, ctx: RequestContext, packTypeId: string, memberId: string, method: 'online' | 'cash' | 'upi' | 'card') => {
  const member = await memberOf(deps.db, ctx.orgId, memberId);
  if (!member) throw notFound('Member');
  assertLocation(ctx, member.location_id);
  const type = await deps.db
    .selectFrom('pack_types')
    .selectAll()
    .where('id', '=', packTypeId)
    .where('org_id', '=', ctx.orgId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!type) throw notFound('Pack type');
  const now = deps.clock();
  const id = newId();
  const row: PackPurchasesTable = {
    id,
    org_id: ctx.orgId,
    location_id: member.location_id,
    member_id: member.id,
    pack_type_id: type.id,
    name: type.name,
    sessions: type.sessions,
    validity_days: type.validity_days,
    price_paise: Number(type.price_paise),
    method,
    status: 'requested',
    payment_id: null,
    requested_by: ctx.userId,
    created_at: now,
    paid_at: null,
  };
  const line = {
    itemId: type.id,
    name: `${type.name} (${type.sessions} sessions)`,
    hsn: SchedulingEvents.PURCHASE_SAC,
    quantity: 1,
    unitPricePaise: Number(type.price_paise),
    discountPaise: 0,
    gstRatePercent: rateOn(GYM_SERVICE_RATES, now.toISOString().slice(0, 10)) / 100,
    kind: 'service' as const,
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('pack_purchases').values(row).execute();
    await enqueue(
      trx,
      topicOf('scheduling'),
      makeEnvelope(SchedulingEvents.PurchaseRequested, {
        ...metadataOf(ctx, { locationId: member.location_id }),
        aggregateId: id,
        occurredAt: now.toISOString(),
        data: {
          purchaseId: id,
          organizationId: ctx.orgId,
          locationId: member.location_id,
          memberId: member.id,
          memberName: `${member.first_name} ${member.last_name}`.trim(),
          kind: 'session_pack',
          description: `Session pack: ${line.name}`,
          lines: [line],
          totals: saleTotalsOf([line]),
          method,
          requestedBy: ctx.userId,
          occurredAt: now.toISOString(),
        },
      }),
    );
  });
  return toPurchase(row);
};

export const sellPack = (deps: Deps, ctx: RequestContext, body: SellPackBody) => requestPack(deps, ctx, body.packTypeId, body.memberId, body.method);
export const buyPack = (deps: Deps, ctx: RequestContext, body: BuyPackBody) => requestPack(deps, ctx, body.packTypeId, ctx.userId, 'online');

/** A member's ledger as the decider sees it, from the read tables (locked for the caller's transaction when asked). */
const ledgerOf = async (db: Trx | Deps['db'], orgId: string, memberId: string): Promise<LedgerState> => {
  const credits = await db.selectFrom('pack_credits').selectAll().where('org_id', '=', orgId).where('member_id', '=', memberId).execute();
  const usages = await db.selectFrom('pack_usages').select('appointment_id').where('org_id', '=', orgId).where('member_id', '=', memberId).execute();
  return {
    packs: credits.map((c) => ({
      purchaseId: c.purchase_id,
      name: c.name,
      sessions: c.sessions,
      used: c.used,
      expiresAt: c.expires_at.toISOString(),
      revoked: c.revoked_at !== null,
    })),
    counted: usages.map((u) => u.appointment_id),
  };
};

/** Writes the ledger's decisions to the read tables. */
const apply = async (trx: Trx, orgId: string, locationId: string, events: LedgerEvent[]) => {
  for (const e of events) {
    switch (e.type) {
      case 'PackCreditsGranted':
        await trx
          .insertInto('pack_credits')
          .values({
            purchase_id: e.data.purchaseId,
            org_id: orgId,
            location_id: locationId,
            member_id: e.data.memberId,
            name: e.data.name,
            sessions: e.data.sessions,
            granted_at: new Date(e.data.at),
            expires_at: new Date(e.data.expiresAt),
            revoked_at: null,
          })
          .onConflict((oc) => oc.column('purchase_id').doNothing())
          .execute();
        break;
      case 'PackCreditUsed':
        await trx
          .updateTable('pack_credits')
          .set((eb) => ({ used: eb('used', '+', 1) }))
          .where('purchase_id', '=', e.data.purchaseId)
          .execute();
        await trx
          .insertInto('pack_usages')
          .values({
            appointment_id: e.data.appointmentId,
            org_id: orgId,
            member_id: e.data.memberId,
            purchase_id: e.data.purchaseId,
            reason: e.data.reason,
            at: new Date(e.data.at),
          })
          .execute();
        break;
      case 'PackSessionUncovered':
        await trx
          .insertInto('pack_usages')
          .values({
            appointment_id: e.data.appointmentId,
            org_id: orgId,
            member_id: e.data.memberId,
            purchase_id: null,
            reason: e.data.reason,
            at: new Date(e.data.at),
          })
          .execute();
        break;
      case 'PackCreditsRevoked':
        await trx
          .updateTable('pack_credits')
          .set({ revoked_at: new Date(e.data.at) })
          .where('purchase_id', '=', e.data.purchaseId)
          .execute();
        break;
    }
  }
};

/** Serialises a member's ledger decisions (the consumers of payments and of appointments may run at once). */
const lockMember = (trx: Trx, memberId: string) => trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();

/** payments.purchase_payment_created: the purchase learns its payment (pending online, paid at the desk). */
export const linkPayment = async (trx: Trx, orgId: string, purchaseId: string, paymentId: string, pending: boolean) => {
  await trx
    .updateTable('pack_purchases')
    .set({ payment_id: paymentId, ...(pending ? { status: 'pending' } : {}) })
    .where('id', '=', purchaseId)
    .where('org_id', '=', orgId)
    .where('status', '=', 'requested')
    .execute();
};

/** payments.payment_completed of a pack's purchase: paid, and its credits granted once (valid N days from now). */
export const packPaid = async (trx: Trx, orgId: string, purchaseId: string, paymentId: string, paidAt: string) => {
  const p = await trx.selectFrom('pack_purchases').selectAll().where('id', '=', purchaseId).where('org_id', '=', orgId).forUpdate().executeTakeFirst();
  if (!p) return false;
  await lockMember(trx, p.member_id);
  await trx
    .updateTable('pack_purchases')
    .set({ status: 'paid', payment_id: paymentId, paid_at: new Date(paidAt) })
    .where('id', '=', p.id)
    .execute();
  const state = await ledgerOf(trx, orgId, p.member_id);
  const events = packLedgerDecider.decide(
    {
      type: 'GrantPackCredits',
      data: { purchaseId: p.id, memberId: p.member_id, name: p.name, sessions: p.sessions, validityDays: p.validity_days, at: paidAt },
    },
    state,
  );
  await apply(trx, orgId, p.location_id, events);
  return true;
};

/** payments.payment_refunded of a pack's purchase: refunded, its unused credits removed (used ones stay used). */
export const packRefunded = async (trx: Trx, orgId: string, purchaseId: string, at: string) => {
  const p = await trx.selectFrom('pack_purchases').selectAll().where('id', '=', purchaseId).where('org_id', '=', orgId).forUpdate().executeTakeFirst();
  if (!p) return false;
  await lockMember(trx, p.member_id);
  await trx.updateTable('pack_purchases').set({ status: 'refunded' }).where('id', '=', p.id).execute();
  const events = packLedgerDecider.decide(
    { type: 'RevokePackCredits', data: { purchaseId: p.id, memberId: p.member_id, at } },
    await ledgerOf(trx, orgId, p.member_id),
  );
  await apply(trx, orgId, p.location_id, events);
  return true;
};

/** payments.payment_cancelled of an unpaid pack purchase. */
export const packCancelled = (trx: Trx, orgId: string, purchaseId: string) =>
  trx
    .updateTable('pack_purchases')
    .set({ status: 'cancelled' })
    .where('id', '=', purchaseId)
    .where('org_id', '=', orgId)
    .where('status', 'in', ['requested', 'pending'])
    .execute();

/**
 * An appointment that counts (attended; a late cancel or a no-show where the location's settings say so) uses one
 * credit — the earliest-expiring valid pack — or is recorded uncovered. Personal training is never blocked by it.
 */
export const useCredit = async (
  trx: Trx,
  a: { orgId: string; locationId: string; memberId: string; appointmentId: string; startsAt: string; reason: UseReason; at: string },
) => {
  if (a.reason !== 'attended') {
    const s = await trx
      .selectFrom('settings')
      .select(['pack_late_cancel_uses', 'pack_no_show_uses'])
      .where('location_id', '=', a.locationId)
      .executeTakeFirst();
    const uses = a.reason === 'late_cancel' ? (s?.pack_late_cancel_uses ?? true) : (s?.pack_no_show_uses ?? true);
    if (!uses) return;
  }
  await lockMember(trx, a.memberId);
  const events = packLedgerDecider.decide(
    { type: 'UsePackCredit', data: { memberId: a.memberId, appointmentId: a.appointmentId, reason: a.reason, sessionStartsAt: a.startsAt, at: a.at } },
    await ledgerOf(trx, a.orgId, a.memberId),
  );
  await apply(trx, a.orgId, a.locationId, events);
};

/** A member's balance: their own for a member; a member of the caller's locations for staff (memberId required). */
export const packBalance = async (deps: Deps, ctx: RequestContext, memberId: string | undefined): Promise<PackBalance> => {
  const id = ctx.role === 'member' ? ctx.userId : memberId;
  if (!id) throw badRequest('memberId is required: whose balance?', [{ path: 'memberId', message: 'Member is required' }]);
  if (ctx.role === 'member' && memberId && memberId !== ctx.userId) throw notFound('Member');
  const member = await memberOf(deps.db, ctx.orgId, id);
  if (!member) throw notFound('Member');
  if (ctx.role !== 'member') assertLocation(ctx, member.location_id);
  const b = balanceOf(await ledgerOf(deps.db, ctx.orgId, id), deps.clock().toISOString());
  const usages = await deps.db
    .selectFrom('pack_usages')
    .selectAll()
    .where('org_id', '=', ctx.orgId)
    .where('member_id', '=', id)
    .orderBy('at', 'desc')
    .limit(100)
    .execute();
  const purchases = await deps.db
    .selectFrom('pack_purchases')
    .selectAll()
    .where('org_id', '=', ctx.orgId)
    .where('member_id', '=', id)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return {
    memberId: id,
    remaining: b.remaining,
    packs: b.packs.map((p) => ({
      purchaseId: p.purchaseId,
      name: p.name,
      sessions: p.sessions,
      used: p.used,
      remaining: p.remaining,
      expiresAt: p.expiresAt,
      expired: p.expired,
      refunded: p.revoked,
    })),
    history: usages.map((u) => ({ appointmentId: u.appointment_id, purchaseId: u.purchase_id, reason: u.reason as UseReason, at: u.at.toISOString() })),
    purchases: purchases.map(toPurchase),
  };
};
