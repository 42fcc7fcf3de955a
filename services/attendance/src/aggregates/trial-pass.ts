import { AttendanceEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type StoredEvent } from '@akhada/kit';
import type { AttendanceDb } from '../db/schema.ts';
import { trialPassDecider, trialPassStreamId, type TrialPassCommand, type TrialPassEvent, type TrialPassState } from '../domain/trial-pass/decider.ts';
import { projectTrialVisits } from '../projections/trial-visits.ts';

/** A trial visit → attendance.trial_visit_recorded, keyed by the pass (aggregateId = passId). */
export const toIntegrationEvents = ({ event, metadata }: StoredEvent<TrialPassEvent>): EventEnvelope[] => {
  const d = event.data;
  return [
    makeEnvelope(AttendanceEvents.TrialVisitRecorded, {
      ...metadata,
      aggregateId: d.passId,
      locationId: d.locationId,
      occurredAt: d.visitTime,
      data: {
        visitId: d.visitId,
        passId: d.passId,
        leadId: d.leadId,
        locationId: d.locationId,
        name: d.name,
        visitTime: d.visitTime,
        checkInMethod: d.method,
        visitNumber: d.visitNumber,
      },
    }),
  ];
};

/** One trial pass's visits: its stream, decider, read table (trial_visits) and integration events. */
export const trialPassAggregate = defineAggregate<AttendanceDb, TrialPassCommand, TrialPassEvent, TrialPassState>({
  name: 'trial-pass',
  streamId: trialPassStreamId,
  decider: trialPassDecider,
  projections: [projectTrialVisits],
  toIntegrationEvents,
  topic: topicOf('attendance'),
});
