import { EnquiriesEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { defineAggregate, makeEnvelope, type AfterEvent, type StoredEvent } from '@akhada/kit';
import type { EnquiriesDb } from '../db/schema.ts';
import { leadDecider, leadStreamId, type LeadCommand, type LeadEvent, type LeadState } from '../domain/lead/decider.ts';
import { projectLeads } from '../projections/leads.ts';

/** The offers-and-news consent an enquiry gave (by the person on the form, or recorded by the staff member who captured it). */
const marketingOf = (d: { marketingConsentText?: string | null; actorId: string | null; at: string }) =>
  d.marketingConsentText ? { text: d.marketingConsentText, at: d.at, recordedBy: d.actorId } : null;

/** A lead's internal events → the integration events of akhada.enquiries.events (what reports and automations need). */
const announced = ({ event, metadata, recordedAt }: StoredEvent<LeadEvent>, { state }: AfterEvent<EnquiriesDb, LeadState>): EventEnvelope[] => {
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
    email: state.details.email,
  };
  const base = { ...metadata, locationId: state.locationId, aggregateId: state.leadId, occurredAt: recordedAt.toISOString() };
  switch (event.type) {
    case 'LeadCaptured':
      return [
        makeEnvelope(EnquiriesEvents.LeadCaptured, {
          ...base,
          data: { ...facts, viaPublicForm: event.data.actorId === null, consentText: event.data.consentText, marketingConsent: marketingOf(event.data) },
        }),
      ];
    case 'EnquiredAgain':
      return [
        makeEnvelope(EnquiriesEvents.LeadEnquiredAgain, {
          ...base,
          data: { ...facts, viaPublicForm: event.data.actorId === null, consentText: event.data.consentText, marketingConsent: marketingOf(event.data) },
        }),
      ];
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

/** Each internal event's name in enquiries.lead_changed. */
const CHANGE: Record<LeadEvent['type'], z.infer<typeof EnquiriesEvents.LeadChange>> = {
  LeadCaptured: 'captured',
  EnquiredAgain: 'enquired_again',
  LeadEdited: 'edited',
  StageChanged: 'stage_changed',
  LeadLost: 'lost',
  LeadReopened: 'reopened',
  LeadAssigned: 'assigned',
  NoteAdded: 'note_added',
  FollowUpAdded: 'follow_up_added',
  FollowUpCompleted: 'follow_up_completed',
  TrialPassIssued: 'trial_pass_issued',
  TrialVisited: 'trial_visited',
  LeadJoined: 'joined',
};

/** The follow-up a change is about (added: its kind, due time and assignee; completed: done), for lead_changed. */
const followUpOf = (e: LeadEvent): { followUp?: z.infer<typeof EnquiriesEvents.LeadChanged.data>['followUp'] } =>
  e.type === 'FollowUpAdded'
    ? { followUp: { id: e.data.followUpId, done: false, kind: e.data.kind, dueAt: e.data.dueAt, assigneeId: e.data.assigneeId } }
    : e.type === 'FollowUpCompleted'
      ? { followUp: { id: e.data.followUpId, done: true } }
      : {};

/**
 * The events above, then enquiries.lead_changed for every change (the real-time hub's ping to the screens): the stored
 * event's id when nothing else was announced, else an id of its own.
 */
export const toIntegrationEvents = (stored: StoredEvent<LeadEvent>, after: AfterEvent<EnquiriesDb, LeadState>): EventEnvelope[] => {
  const { state } = after;
  if (state.status === 'none') return [];
  const first = announced(stored, after);
  const { eventId, ...fresh } = { ...stored.metadata, locationId: state.locationId, aggregateId: state.leadId, occurredAt: stored.recordedAt.toISOString() };
  const changed = makeEnvelope(EnquiriesEvents.LeadChanged, {
    ...(first.length === 0 ? { ...fresh, eventId } : fresh),
    data: {
      leadId: state.leadId,
      locationId: state.locationId,
      ownerId: state.ownerId,
      ...(stored.event.type === 'LeadAssigned' ? { previousOwnerId: stored.event.data.from ?? null } : {}),
      change: CHANGE[stored.event.type],
      ...followUpOf(stored.event),
    },
  });
  return [...first, changed];
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
