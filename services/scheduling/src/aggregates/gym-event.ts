import { EVENT_ADMISSION_RATES, rateOn, saleTotalsOf, SchedulingEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type AfterEvent, type EventMetadata, type StoredEvent } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { SchedulingDb } from '../db/schema.ts';
import {
  gymEventDecider,
  gymEventStreamId,
  type EventCommand,
  type GymEventEvent,
  type GymEventState,
  type PurchaseSettlement,
} from '../domain/event/decider.ts';
import { projectGymEvents } from '../projections/gym-events.ts';

/** The event as consumers show it (title, time, place or link), from the state right after the stored event. */
const factsOf = (state: GymEventState, eventId: string) =>
  state.status === 'none'
    ? null
    : {
        eventId,
        locationId: state.locationId,
        title: state.title,
        kind: state.kind,
        startsAt: state.startsAt,
        endsAt: state.endsAt,
        onlineUrl: state.onlineUrl,
        capacity: state.capacity,
        pricePaise: state.pricePaise,
      };

type Facts = NonNullable<ReturnType<typeof factsOf>>;
type Meta = EventMetadata & { occurredAt: string };

/**
 * A paid ticket's purchase → payments (the purchase pipeline, aggregate = the purchase): cancel an unpaid one (payments
 * cancels its order), refund a paid one (payments refunds it, through Razorpay when it was paid online).
 */
const settlementOf = (s: PurchaseSettlement, facts: Facts, meta: Meta, orgId: string, reason: string): EventEnvelope => {
  const common = { ...meta, aggregateId: s.id };
  const data = { purchaseId: s.id, organizationId: orgId, locationId: facts.locationId, reason, occurredAt: meta.occurredAt };
  return s.action === 'cancel'
    ? makeEnvelope(SchedulingEvents.PurchaseCancelled, { ...common, data })
    : makeEnvelope(SchedulingEvents.PurchaseRefundRequested, { ...common, data: { ...data, requestedBy: meta.actorId ?? null } });
};

/**
 * A paid ticket taken: its purchase asked of payments in the ticket's own transaction (the outbox), one service line
 * (SAC EVENT_TICKET_SAC, admission to an event the gym organises) at the event's price before GST.
 */
const purchaseRequested = async (trx: Transaction<SchedulingDb>, facts: Facts, meta: Meta, orgId: string, memberId: string, purchaseId: string) => {
  const member = await trx.selectFrom('members').select(['first_name', 'last_name']).where('id', '=', memberId).executeTakeFirst();
  const line = {
    itemId: facts.eventId,
    name: `Ticket: ${facts.title}`.slice(0, 200),
    hsn: SchedulingEvents.EVENT_TICKET_SAC,
    quantity: 1,
    unitPricePaise: facts.pricePaise,
    discountPaise: 0,
    gstRatePercent: rateOn(EVENT_ADMISSION_RATES, meta.occurredAt.slice(0, 10)) / 100,
    kind: 'service' as const,
  };
  return makeEnvelope(SchedulingEvents.PurchaseRequested, {
    ...meta,
    aggregateId: purchaseId,
    data: {
      purchaseId,
      organizationId: orgId,
      locationId: facts.locationId,
      memberId,
      memberName: member ? `${member.first_name} ${member.last_name ?? ''}`.trim() : 'Member',
      kind: 'event_ticket',
      description: line.name,
      lines: [line],
      totals: saleTotalsOf([line]),
      method: 'online',
      requestedBy: memberId,
      occurredAt: meta.occurredAt,
    },
  });
};

/** An event's internal events → the integration events notifications use, and the purchase pipeline's for payments. */
export const toIntegrationEvents = async (
  { event, metadata, recordedAt }: StoredEvent<GymEventEvent>,
  { state, trx }: AfterEvent<SchedulingDb, GymEventState>,
): Promise<EventEnvelope[]> => {
  const eventId = event.data.eventId;
  const facts = factsOf(state, eventId);
  if (!facts || state.status === 'none') return [];
  const base = { ...metadata, aggregateId: eventId, occurredAt: recordedAt.toISOString() };
  // The purchase pipeline's envelopes are further integration events of the same stored event: ids of their own.
  const { eventId: _storedId, ...plain } = metadata;
  const meta: Meta = { ...plain, occurredAt: base.occurredAt };
  const settled = (s: PurchaseSettlement | undefined, reason: string) => (s ? [settlementOf(s, facts, meta, state.orgId, reason)] : []);
  switch (event.type) {
    case 'EventPublished':
      return [makeEnvelope(SchedulingEvents.EventPublished, { ...base, data: facts })];
    case 'EventEdited':
      return [makeEnvelope(SchedulingEvents.EventChanged, { ...base, data: facts })];
    case 'EventCancelled': {
      const { reason, ticketHolderIds, refunds } = event.data;
      return [
        makeEnvelope(SchedulingEvents.EventCancelled, {
          ...base,
          data: {
            ...facts,
            reason,
            ticketHolderIds,
            refundMemberIds: refunds.map((r) => r.memberId),
            // A pending ticket's purchase is cancelled, not refunded.
            pendingHolderIds: (event.data.purchases ?? []).filter((p) => p.action === 'cancel').map((p) => p.memberId),
          },
        }),
        ...(event.data.purchases ?? []).map((p) => settlementOf(p, facts, meta, state.orgId, `Event cancelled: ${reason}`)),
      ];
    }
    case 'TicketTaken':
      // A free ticket is confirmed at once; a paid one when its payment is captured (TicketConfirmed).
      if (event.data.holdUntil === null)
        return [makeEnvelope(SchedulingEvents.TicketConfirmed, { ...base, data: { ...facts, memberId: event.data.memberId } })];
      return event.data.purchaseId ? [await purchaseRequested(trx, facts, meta, state.orgId, event.data.memberId, event.data.purchaseId)] : [];
    case 'TicketConfirmed':
      return [makeEnvelope(SchedulingEvents.TicketConfirmed, { ...base, data: { ...facts, memberId: event.data.memberId } })];
    case 'TicketCancelled':
      return [
        makeEnvelope(SchedulingEvents.TicketCancelled, {
          ...base,
          // A pending ticket's purchase is cancelled; a confirmed one's refunded or kept.
          data: {
            ...facts,
            memberId: event.data.memberId,
            refund: event.data.refundPaise > 0,
            lapsed: false,
            pending: event.data.purchase?.action === 'cancel',
          },
        }),
        ...settled(event.data.purchase, 'Ticket given up by the member'),
      ];
    case 'TicketLapsed':
      return [
        makeEnvelope(SchedulingEvents.TicketCancelled, { ...base, data: { ...facts, memberId: event.data.memberId, refund: false, lapsed: true } }),
        ...settled(event.data.purchase, 'The ticket’s hold ran out unpaid'),
      ];
    case 'TicketAttended':
      return [makeEnvelope(SchedulingEvents.TicketAttended, { ...base, data: { eventId, memberId: event.data.memberId } })];
    case 'PaymentToRefund':
      return event.data.purchaseId ? settled({ id: event.data.purchaseId, action: 'refund' }, event.data.reason) : [];
    case 'EventEnded':
      return [];
  }
};

/** One event with its tickets: its stream, decider, read tables (gym_events, event_tickets) and integration events. */
export const gymEvent = defineAggregate<SchedulingDb, EventCommand, GymEventEvent, GymEventState>({
  name: 'event',
  streamId: gymEventStreamId,
  decider: gymEventDecider,
  projections: [projectGymEvents],
  toIntegrationEvents,
  topic: topicOf('scheduling'),
  snapshot: { every: 20, schema: 1 },
});
