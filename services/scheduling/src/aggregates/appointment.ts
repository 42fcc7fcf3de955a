import { SchedulingEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type StoredEvent } from '@akhada/kit';
import type { SchedulingDb } from '../db/schema.ts';
import { appointmentDecider, appointmentStreamId, slotOf, type AppointmentEvent, type AppointmentState } from '../domain/appointment/decider.ts';
import { projectAppointments } from '../projections/appointments.ts';

/**
 * An appointment's internal events → the integration events (contracts/events/scheduling.ts), each carrying the whole
 * appointment as it is after the event: notifications, trainers (schedule and delivered sessions) and session packs.
 */
export const toIntegrationEvents = (
  { event, metadata, recordedAt }: StoredEvent<AppointmentEvent>,
  { state }: { state: AppointmentState },
): EventEnvelope[] => {
  if (state.status === 'none') return [];
  const s = slotOf(state);
  const facts = {
    appointmentId: s.appointmentId,
    locationId: s.locationId,
    memberId: s.memberId,
    trainerId: s.trainerId,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    bookedBy: s.bookedBy,
  };
  const base = { ...metadata, aggregateId: s.appointmentId, occurredAt: recordedAt.toISOString() };
  switch (event.type) {
    case 'AppointmentBooked':
      return [makeEnvelope(SchedulingEvents.AppointmentBooked, { ...base, data: facts })];
    case 'AppointmentCancelled':
      return [makeEnvelope(SchedulingEvents.AppointmentCancelled, { ...base, data: { ...facts, late: event.data.late, cancelledBy: event.data.by } })];
    case 'AppointmentAttended':
      return [makeEnvelope(SchedulingEvents.AppointmentAttended, { ...base, data: facts })];
    case 'AppointmentNoShow':
      return [makeEnvelope(SchedulingEvents.AppointmentNoShow, { ...base, data: facts })];
  }
};

/** One personal-training appointment: its stream, decider, read table and integration events. */
export const appointmentAggregate = defineAggregate<SchedulingDb, Parameters<typeof appointmentDecider.decide>[0], AppointmentEvent, AppointmentState>({
  name: 'appointment',
  streamId: appointmentStreamId,
  decider: appointmentDecider,
  projections: [projectAppointments],
  toIntegrationEvents,
  topic: topicOf('scheduling'),
});
