import type { StoredEvent } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import type { SchedulingDb } from '../db/schema.ts';
import type { GymEventEvent, PurchaseSettlement } from '../domain/event/decider.ts';

type Trx = Transaction<SchedulingDb>;

const setTicket = (
  trx: Trx,
  eventId: string,
  memberId: string,
  set: Partial<{ status: string; hold_until: Date | null; refund: string; attended_at: Date; price_paise: number; payment_id: string }>,
) => trx.updateTable('event_tickets').set(set).where('event_id', '=', eventId).where('member_id', '=', memberId).execute();

/** A ticket's purchase given up (unpaid: cancelled) or owed back (paid: refund_requested, until payments refunds it). */
const settlePurchase = async (trx: Trx, s: PurchaseSettlement | undefined, at: string) => {
  if (!s) return;
  await trx
    .updateTable('ticket_purchases')
    .set({ status: s.action === 'cancel' ? 'cancelled' : 'refund_requested', updated_at: new Date(at) })
    .where('id', '=', s.id)
    .where('status', 'in', s.action === 'cancel' ? ['requested', 'pending'] : ['requested', 'pending', 'paid'])
    .execute();
};

/**
 * The gym_events and event_tickets read tables, kept in step with each event's stream inside the command's transaction:
 * an event's row carries its places taken (pending, confirmed, attended) and its stream's version; a ticket row is a
 * member's ticket (a ticket taken again after a lapse or a cancellation takes over the old row).
 */
export const projectGymEvents = async (trx: Trx, stored: StoredEvent<GymEventEvent>): Promise<void> => {
  const { event, streamVersion } = stored;
  const eventId = event.data.eventId;
  switch (event.type) {
    case 'EventPublished': {
      const d = event.data;
      await trx
        .insertInto('gym_events')
        .values({
          id: d.eventId,
          org_id: d.orgId,
          location_id: d.locationId,
          title: d.title,
          description: d.description,
          kind: d.kind,
          online_url: d.onlineUrl,
          starts_at: new Date(d.startsAt),
          ends_at: new Date(d.endsAt),
          capacity: d.capacity,
          price_paise: d.pricePaise,
          status: 'published',
          cancel_reason: null,
          taken: 0,
          version: streamVersion,
        })
        .execute();
      return;
    }
    case 'EventEdited': {
      const c = event.data.changes;
      await trx
        .updateTable('gym_events')
        .set({
          ...(c.title !== undefined ? { title: c.title } : {}),
          ...(c.description !== undefined ? { description: c.description } : {}),
          ...(c.kind !== undefined ? { kind: c.kind } : {}),
          ...(c.onlineUrl !== undefined ? { online_url: c.onlineUrl } : {}),
          ...(c.startsAt !== undefined ? { starts_at: new Date(c.startsAt) } : {}),
          ...(c.endsAt !== undefined ? { ends_at: new Date(c.endsAt) } : {}),
          ...(c.capacity !== undefined ? { capacity: c.capacity } : {}),
        })
        .where('id', '=', eventId)
        .execute();
      if (c.startsAt !== undefined || c.endsAt !== undefined)
        await trx
          .updateTable('event_tickets')
          .set({ ...(c.startsAt !== undefined ? { starts_at: new Date(c.startsAt) } : {}), ...(c.endsAt !== undefined ? { ends_at: new Date(c.endsAt) } : {}) })
          .where('event_id', '=', eventId)
          .execute();
      break;
    }
    case 'EventCancelled': {
      await trx.updateTable('gym_events').set({ status: 'cancelled', cancel_reason: event.data.reason }).where('id', '=', eventId).execute();
      const refunded = event.data.refunds.map((r) => r.memberId);
      if (event.data.ticketHolderIds.length > 0)
        await trx
          .updateTable('event_tickets')
          .set({ status: 'cancelled', hold_until: null })
          .where('event_id', '=', eventId)
          .where('member_id', 'in', event.data.ticketHolderIds)
          .execute();
      if (refunded.length > 0)
        await trx.updateTable('event_tickets').set({ refund: 'due' }).where('event_id', '=', eventId).where('member_id', 'in', refunded).execute();
      for (const p of event.data.purchases ?? []) await settlePurchase(trx, p, event.data.at);
      break;
    }
    case 'EventEnded':
      await trx.updateTable('gym_events').set({ status: 'ended' }).where('id', '=', eventId).execute();
      break;
    case 'TicketTaken': {
      const d = event.data;
      const ev = await trx
        .selectFrom('gym_events')
        .select(['org_id', 'location_id', 'starts_at', 'ends_at'])
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow();
      const row = {
        event_id: eventId,
        member_id: d.memberId,
        org_id: ev.org_id,
        location_id: ev.location_id,
        starts_at: ev.starts_at,
        ends_at: ev.ends_at,
        status: d.holdUntil === null ? 'confirmed' : 'pending',
        price_paise: d.pricePaise,
        hold_until: d.holdUntil === null ? null : new Date(d.holdUntil),
        refund: 'none',
        taken_at: new Date(d.at),
        attended_at: null,
        purchase_id: d.purchaseId ?? null,
        payment_id: null,
      };
      await trx
        .insertInto('event_tickets')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['event_id', 'member_id']).doUpdateSet({
            status: row.status,
            price_paise: row.price_paise,
            hold_until: row.hold_until,
            refund: 'none',
            taken_at: row.taken_at,
            attended_at: null,
            purchase_id: row.purchase_id,
            payment_id: null,
          }),
        )
        .execute();
      if (d.purchaseId)
        await trx
          .insertInto('ticket_purchases')
          .values({
            id: d.purchaseId,
            org_id: ev.org_id,
            location_id: ev.location_id,
            event_id: eventId,
            member_id: d.memberId,
            price_paise: d.pricePaise,
            status: 'requested',
            payment_id: null,
            created_at: new Date(d.at),
            updated_at: new Date(d.at),
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      break;
    }
    case 'TicketConfirmed': {
      const d = event.data;
      // A late capture may confirm a ticket whose hold had lapsed: the row is theirs again.
      await setTicket(trx, eventId, d.memberId, { status: 'confirmed', hold_until: null, price_paise: d.paidPaise, payment_id: d.paymentId });
      if (d.purchaseId)
        await trx
          .updateTable('ticket_purchases')
          .set({ status: 'paid', payment_id: d.paymentId, updated_at: new Date(d.at) })
          .where('id', '=', d.purchaseId)
          .execute();
      break;
    }
    case 'TicketLapsed':
      await setTicket(trx, eventId, event.data.memberId, { status: 'lapsed', hold_until: null });
      await settlePurchase(trx, event.data.purchase, event.data.at);
      break;
    case 'TicketCancelled':
      await setTicket(trx, eventId, event.data.memberId, { status: 'cancelled', hold_until: null, refund: event.data.refundPaise > 0 ? 'due' : 'none' });
      await settlePurchase(trx, event.data.purchase, event.data.at);
      break;
    case 'TicketAttended':
      await setTicket(trx, eventId, event.data.memberId, { status: 'attended', attended_at: new Date(event.data.at) });
      break;
    case 'PaymentToRefund':
      // The member's ticket row shows the refund only when it is this purchase's (not a newer purchase's ticket).
      if (!event.data.purchaseId) await setTicket(trx, eventId, event.data.memberId, { refund: 'due' });
      else {
        await settlePurchase(trx, { id: event.data.purchaseId, action: 'refund' }, event.data.at);
        await trx
          .updateTable('event_tickets')
          .set({ refund: 'due' })
          .where('purchase_id', '=', event.data.purchaseId)
          .where('status', 'not in', ['pending', 'confirmed', 'attended'])
          .execute();
      }
      break;
  }
  await sql`update gym_events g
               set taken = (select count(*) from event_tickets t where t.event_id = g.id and t.status in ('pending', 'confirmed', 'attended'))::int,
                   version = ${streamVersion}
             where g.id = ${eventId}`.execute(trx);
};
