import { FeedbackEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type StoredEvent } from '@akhada/kit';
import { ticketDecider, ticketStreamId, type TicketEvent } from '../domain/ticket/decider.ts';
import { projectTickets } from '../projections/tickets.ts';

/**
 * Internal ticket events → integration events (contracts/events/feedback.ts). An anonymous ticket's author is in none
 * of them: no member id, and no actorId when the author acted (submitting, reopening).
 */
export const toIntegrationEvents = ({ event, metadata }: StoredEvent<TicketEvent>): EventEnvelope[] => {
  const { eventId, actorId, ...meta } = metadata;
  const base = (authorActedAnonymously: boolean) => ({
    ...meta,
    ...(actorId && !authorActedAnonymously ? { actorId } : {}),
    eventId,
    aggregateId: event.data.feedbackId,
  });
  if (event.type === 'FeedbackSubmitted') {
    const d = event.data;
    return [
      makeEnvelope(FeedbackEvents.FeedbackSubmitted, {
        ...base(d.isAnonymous),
        locationId: d.locationId,
        occurredAt: d.submittedAt,
        data: {
          feedbackId: d.feedbackId,
          locationId: d.locationId,
          type: d.type,
          rating: d.rating,
          title: d.title,
          complaintCategory: d.complaintCategory,
          priority: d.priority,
          isAnonymous: d.isAnonymous,
          memberId: d.authorId,
          memberName: d.authorName,
          trainerId: d.trainerId,
          submittedAt: d.submittedAt,
        },
      }),
    ];
  }
  const { ref } = event.data;
  const common = { locationId: ref.locationId };
  switch (event.type) {
    case 'FeedbackResponded': {
      const d = event.data;
      return [
        makeEnvelope(FeedbackEvents.FeedbackResponded, {
          ...base(false),
          ...common,
          occurredAt: d.at,
          data: {
            feedbackId: d.feedbackId,
            locationId: ref.locationId,
            title: ref.title,
            message: d.message,
            respondedById: d.byId,
            respondedByName: d.byName,
            respondedAt: d.at,
            recipientId: ref.authorId,
            isAnonymous: ref.isAnonymous,
          },
        }),
      ];
    }
    case 'FeedbackStatusChanged': {
      const d = event.data;
      return [
        makeEnvelope(FeedbackEvents.FeedbackStatusChanged, {
          ...base(ref.isAnonymous && d.byAuthor),
          ...common,
          occurredAt: d.at,
          data: { feedbackId: d.feedbackId, locationId: ref.locationId, from: d.from, to: d.to, byAuthor: d.byAuthor, changedAt: d.at, memberId: ref.authorId },
        }),
      ];
    }
    case 'FeedbackAssigned': {
      const d = event.data;
      return [
        makeEnvelope(FeedbackEvents.FeedbackAssigned, {
          ...base(false),
          ...common,
          occurredAt: d.at,
          data: {
            feedbackId: d.feedbackId,
            locationId: ref.locationId,
            title: ref.title,
            priority: ref.priority,
            assigneeId: d.assigneeId,
            assignedById: d.byId,
          },
        }),
      ];
    }
    case 'FeedbackArchived':
      return [
        makeEnvelope(FeedbackEvents.FeedbackArchived, {
          ...base(false),
          ...common,
          occurredAt: event.data.at,
          data: { feedbackId: event.data.feedbackId, locationId: ref.locationId },
        }),
      ];
  }
};

/** The ticket aggregate: its decider, the feedback read table, and its integration events on the feedback topic. */
export const ticketAggregate = defineAggregate({
  name: 'ticket',
  streamId: ticketStreamId,
  decider: ticketDecider,
  projections: [projectTickets],
  toIntegrationEvents,
  topic: topicOf('feedback'),
});
