import { topicOf, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type StoredEvent } from '@akhada/kit';
import { trainerDecider, trainerStreamId, type TrainerEvent, type TrainerProfile, type TrainerState } from '../domain/trainer/decider.ts';
import { projectTrainers } from '../projections/trainers.ts';
import type { z } from 'zod';

type TrainerSnapshot = z.infer<typeof TrainerEvents.TrainerSnapshot>;

const snapshot = (d: TrainerProfile & { trainerId: string; locationId: string; isAvailable: boolean; status: TrainerSnapshot['status'] }): TrainerSnapshot => ({
  trainerId: d.trainerId,
  locationId: d.locationId,
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  phone: d.phone,
  specialization: d.specialization,
  maxClients: d.maxClients,
  isAvailable: d.isAvailable,
  hourlyRatePaise: d.hourlyRatePaise,
  status: d.status,
});

/**
 * Internal trainer events → the integration events other services rely on (contracts/events/trainers.ts). The
 * envelope reuses the stored event's id, so a published event can be traced back to the event store. TrainerUpdated
 * carries the whole snapshot as it now is.
 */
export const toIntegrationEvents = ({ event, metadata }: StoredEvent<TrainerEvent>, after?: { state: TrainerState }): EventEnvelope[] => {
  const base = { ...metadata, aggregateId: '' };
  switch (event.type) {
    case 'TrainerCreated': {
      const d = event.data;
      return [
        makeEnvelope(TrainerEvents.TrainerCreated, {
          ...base,
          aggregateId: d.trainerId,
          occurredAt: d.createdAt,
          data: { ...snapshot({ ...d, isAvailable: true, status: d.source === 'staff' ? 'active' : 'pending' }), source: d.source },
        }),
      ];
    }
    case 'TrainerApproved':
      return [
        makeEnvelope(TrainerEvents.TrainerApproved, {
          ...base,
          aggregateId: event.data.trainerId,
          occurredAt: event.data.approvedAt,
          data: { trainerId: event.data.trainerId },
        }),
      ];
    case 'TrainerUpdated': {
      const d = event.data;
      return [
        makeEnvelope(TrainerEvents.TrainerUpdated, {
          ...base,
          aggregateId: d.trainerId,
          occurredAt: d.updatedAt,
          data: snapshot(d),
        }),
      ];
    }
    case 'TrainerArchived':
      return [
        makeEnvelope(TrainerEvents.TrainerArchived, {
          ...base,
          aggregateId: event.data.trainerId,
          occurredAt: event.data.archivedAt,
          data: { trainerId: event.data.trainerId },
        }),
      ];
    case 'InvitationResendRequested': {
      const { requestedAt, ...data } = event.data;
      return [makeEnvelope(TrainerEvents.TrainerInvitationResendRequested, { ...base, aggregateId: data.trainerId, occurredAt: requestedAt, data })];
    }
    case 'CertificationExpiryFlagged': {
      const d = event.data;
      return [
        makeEnvelope(TrainerEvents.CertificationExpiring, {
          ...base,
          aggregateId: d.trainerId,
          occurredAt: d.flaggedAt,
          data: { trainerId: d.trainerId, certificationId: d.certificationId, name: d.name, expiryDate: d.expiryDate, trainerName: d.trainerName },
        }),
      ];
    }
    case 'ScheduleReplaced': {
      // Scheduling books appointments inside these hours: the whole list as it now is, with the trainer's location.
      const locationId = after && 'locationId' in after.state ? after.state.locationId : metadata.locationId;
      if (!locationId) return [];
      const { trainerId, weeklySlots, replacedAt } = event.data;
      return [
        makeEnvelope(TrainerEvents.TrainerScheduleChanged, {
          ...base,
          aggregateId: trainerId,
          occurredAt: replacedAt,
          data: { trainerId, locationId, weeklySlots },
        }),
      ];
    }
    default:
      return []; // certifications stay inside the service
  }
};

/** The trainer aggregate, registered once: its decider, the trainers read tables, and its integration events. */
export const trainerAggregate = defineAggregate({
  name: 'trainer',
  streamId: trainerStreamId,
  decider: trainerDecider,
  projections: [projectTrainers],
  toIntegrationEvents,
  topic: topicOf('trainers'),
});
