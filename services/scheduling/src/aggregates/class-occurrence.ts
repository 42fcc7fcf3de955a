import { SchedulingEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type StoredEvent } from '@akhada/kit';
import type { SchedulingDb } from '../db/schema.ts';
import { occurrenceDecider, occurrenceStreamId, type OccurrenceEvent } from '../domain/occurrence/decider.ts';
import { projectClasses } from '../projections/classes.ts';

/** A class's internal events → the integration events notifications and the dashboard will use (contracts/events/scheduling.ts). */
export const toIntegrationEvents = ({ event, metadata, recordedAt }: StoredEvent<OccurrenceEvent>): EventEnvelope[] => {
  const occurredAt = recordedAt.toISOString();
  if (event.type === 'ClassScheduled') {
    const d = event.data;
    return [
      makeEnvelope(SchedulingEvents.ClassScheduled, {
        ...metadata,
        aggregateId: d.occurrenceId,
        occurredAt,
        data: {
          classId: d.occurrenceId,
          locationId: d.locationId,
          classTypeId: d.classTypeId,
          className: d.className,
          seriesId: d.seriesId,
          startsAt: d.startsAt,
          endsAt: d.endsAt,
          capacity: d.capacity,
          trainerId: d.trainerId,
          room: d.room,
        },
      }),
    ];
  }
  const base = { ...metadata, aggregateId: event.data.classId, occurredAt };
  const { classId } = event.data;
  switch (event.type) {
    case 'ClassEdited':
      return [makeEnvelope(SchedulingEvents.ClassChanged, { ...base, data: { classId, ...event.data.changes } })];
    case 'ClassCancelled': {
      const { reason, bookedMemberIds, waitlistedMemberIds } = event.data;
      return [makeEnvelope(SchedulingEvents.ClassCancelled, { ...base, data: { classId, reason, bookedMemberIds, waitlistedMemberIds } })];
    }
    case 'ClassBooked':
      return [makeEnvelope(SchedulingEvents.ClassBooked, { ...base, data: { classId, memberId: event.data.memberId } })];
    case 'Waitlisted':
      return [makeEnvelope(SchedulingEvents.MemberWaitlisted, { ...base, data: { classId, memberId: event.data.memberId, position: event.data.position } })];
    case 'BookingCancelled': {
      const { memberId, late, from } = event.data;
      return [makeEnvelope(SchedulingEvents.BookingCancelled, { ...base, data: { classId, memberId, late, from } })];
    }
    case 'WaitlistPromoted':
      return [makeEnvelope(SchedulingEvents.WaitlistPromoted, { ...base, data: { classId, memberId: event.data.memberId } })];
    case 'PromotionOffered':
      return [makeEnvelope(SchedulingEvents.PromotionOffered, { ...base, data: { classId, memberId: event.data.memberId, expiresAt: event.data.expiresAt } })];
    case 'ClassFilled':
      return [makeEnvelope(SchedulingEvents.ClassFull, { ...base, data: { classId, capacity: event.data.capacity } })];
    case 'ClassClosed': {
      const { attendedMemberIds, noShowMemberIds } = event.data;
      return [makeEnvelope(SchedulingEvents.ClassClosed, { ...base, data: { classId, attendedMemberIds, noShowMemberIds } })];
    }
    case 'PromotionExpired':
    case 'AttendanceMarked':
      return [];
  }
};

/** One class on the timetable: its stream, decider, read tables (classes, bookings) and integration events. */
export const classOccurrence = defineAggregate<
  SchedulingDb,
  Parameters<typeof occurrenceDecider.decide>[0],
  OccurrenceEvent,
  ReturnType<typeof occurrenceDecider.initialState>
>({
  name: 'class',
  streamId: occurrenceStreamId,
  decider: occurrenceDecider,
  projections: [projectClasses],
  toIntegrationEvents,
  topic: topicOf('scheduling'),
  // A popular class's stream grows with every booking, cancel and promotion (157 events in bench:booking's burst):
  // a command folds at most 20 events after the last snapshot instead of the whole stream.
  snapshot: { every: 20, schema: 1 },
});
