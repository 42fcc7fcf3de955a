import { EnquiriesEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type AfterEvent, type StoredEvent } from '@akhada/kit';
import type { EnquiriesDb } from '../db/schema.ts';
import { leadDecider, leadStreamId, type LeadCommand, type LeadEvent, type LeadState } from '../domain/lead/decider.ts';
import { projectLeads } from '../projections/leads.ts';

/** A lead's internal events → the integration events of akhada.enquiries.events (what reports and automations need). */
export const toIntegrationEvents = (
  { event, metadata, recordedAt }: StoredEvent<LeadEvent>,
  { state }: AfterEvent<EnquiriesDb, LeadState>,
): EventEnvelope[] => {
  if (state.status === 'none') return [];
  const facts = {
    leadId: state.leadId,
    locationId: state.locationId,
    name: state.details.name,
    phone: state.details.phone,
    interest: state.details.interest,
    source: state.details.source,
    stage: state.stage,
    ownerId: state.ownerId,
  };
  const base = { ...metadata, locationId: state.locationId, aggregateId: state.leadId, occurredAt: recordedAt.toISOString() };
  switch (event.type) {
    case 'LeadCaptured':
      return [makeEnvelope(EnquiriesEvents.LeadCaptured, { ...base, data: { ...facts, viaPublicForm: event.data.actorId === null } })];
    case 'EnquiredAgain':
      return [makeEnvelope(EnquiriesEvents.LeadEnquiredAgain, { ...base, data: { ...facts, viaPublicForm: event.data.actorId === null } })];
    case 'StageChanged':
      return [makeEnvelope(EnquiriesEvents.LeadStageChanged, { ...base, data: { ...facts, from: event.data.from, lostReason: null } })];
    case 'LeadLost':
      return [makeEnvelope(EnquiriesEvents.LeadStageChanged, { ...base, data: { ...facts, from: event.data.from, lostReason: event.data.reason } })];
    case 'LeadReopened':
      return [makeEnvelope(EnquiriesEvents.LeadStageChanged, { ...base, data: { ...facts, from: 'lost', lostReason: null } })];
    case 'LeadAssigned':
      return [makeEnvelope(EnquiriesEvents.LeadAssigned, { ...base, data: facts })];
    case 'LeadJoined': {
      // Its own event id: the stored event's goes to the stage change announced beside it.
      const { eventId: _storedId, ...fresh } = base;
      const joined = makeEnvelope(EnquiriesEvents.LeadJoined, {
        ...fresh,
        data: { leadId: state.leadId, locationId: state.locationId, memberId: event.data.memberId, referralCode: state.referralCode },
      });
      return event.data.from === 'joined'
        ? [joined]
        : [makeEnvelope(EnquiriesEvents.LeadStageChanged, { ...base, data: { ...facts, from: event.data.from, lostReason: null } }), joined];
    }
    case 'TrialPassIssued': {
      const { passId, code, days, validFrom, validUntil, lastDay } = event.data;
      return [
        makeEnvelope(EnquiriesEvents.TrialPassIssued, {
          ...base,
          data: {
            passId,
            leadId: state.leadId,
            locationId: state.locationId,
            name: state.details.name,
            phone: state.details.phone,
            code,
            days,
            validFrom,
            validUntil,
            lastDay,
          },
        }),
      ];
    }
    case 'TrialVisited':
    case 'LeadEdited':
    case 'NoteAdded':
    case 'FollowUpAdded':
    case 'FollowUpCompleted':
      return [];
  }
};

/** One lead: its stream, decider, read tables (leads, lead_timeline, lead_follow_ups, lead_trial_passes) and integration events. */
export const lead = defineAggregate<EnquiriesDb, LeadCommand, LeadEvent, LeadState>({
  name: 'lead',
  streamId: leadStreamId,
  decider: leadDecider,
  projections: [projectLeads],
  toIntegrationEvents,
  topic: topicOf('enquiries'),
});
