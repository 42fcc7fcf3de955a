import { SchedulingEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type AfterEvent, type StoredEvent } from '@akhada/kit';
import type { SchedulingDb } from '../db/schema.ts';
import { gymEventDecider, gymEventStreamId, type EventCommand, type GymEventEvent, type GymEventState } from '../domain/event/decider.ts';
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

/** An event's internal events → the integration events notifications (and payments, for refunds) use. */
export const toIntegrationEvents = (
  { event, metadata, recordedAt }: StoredEvent<GymEventEvent>,
  { state }: AfterEvent<SchedulingDb, GymEventState>,
): EventEnvelope[] => {
  const eventId = event.data.eventId;
  const facts = factsOf(state, eventId);
  if (!facts) return [];
  const base = { ...metadata, aggregateId: eventId, occurredAt: recordedAt.toISOString() };
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
          data: { ...facts, reason, ticketHolderIds, refundMemberIds: refunds.map((r) => r.memberId) },
        }),
      ];
    }
    case 'TicketTaken':
      // A free ticket is confirmed at once; a paid one when its payment is captured (TicketConfirmed).
      return event.data.holdUntil === null
        ? [makeEnvelope(SchedulingEvents.TicketConfirmed, { ...base, data: { ...facts, memberId: event.data.memberId } })]
        : [];
    case 'TicketConfirmed':
      return [makeEnvelope(SchedulingEvents.TicketConfirmed, { ...base, data: { ...facts, memberId: event.data.memberId } })];
    case 'TicketCancelled':
      return [
        makeEnvelope(SchedulingEvents.TicketCancelled, {
          ...base,
          data: { ...facts, memberId: event.data.memberId, refund: event.data.refundPaise > 0, lapsed: false },
        }),
      ];
    case 'TicketLapsed':
      return [makeEnvelope(SchedulingEvents.TicketCancelled, { ...base, data: { ...facts, memberId: event.data.memberId, refund: false, lapsed: true } })];
    case 'TicketAttended':
      return [makeEnvelope(SchedulingEvents.TicketAttended, { ...base, data: { eventId, memberId: event.data.memberId } })];
    case 'EventEnded':
    case 'PaymentToRefund':
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
