import { MemberEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type StoredEvent } from '@akhada/kit';
import { membershipDecider, membershipStreamId, type MembershipEvent } from '../domain/membership/decider.ts';
import { projectMembers } from '../projections/members.ts';

/**
 * Internal membership events → the integration events other services rely on (contracts/events/members.ts).
 * The envelope reuses the stored event's id, so a published event can be traced back to the event store.
 */
export const toIntegrationEvents = ({ event, metadata, recordedAt }: StoredEvent<MembershipEvent>): EventEnvelope[] => {
  const base = { ...metadata, aggregateId: event.data.memberId };
  const at = recordedAt.toISOString();
  switch (event.type) {
    case 'MemberRegistered': {
      const d = event.data;
      return [
        makeEnvelope(MemberEvents.MemberRegistered, {
          ...base,
          occurredAt: d.registeredAt,
          data: {
            memberId: d.memberId,
            locationId: d.locationId,
            firstName: d.firstName,
            lastName: d.lastName,
            email: d.email,
            phone: d.phone,
            membershipType: d.membershipType,
            paymentFrequency: d.paymentFrequency,
            feePaise: d.feePaise,
            startDate: d.startDate,
            endDate: d.endDate,
            ...(d.enquiryId ? { enquiryId: d.enquiryId } : {}),
            ...(d.acquisitionSource ? { acquisitionSource: d.acquisitionSource } : {}),
            dateOfBirth: d.dateOfBirth ?? null,
            gender: d.gender ?? null,
          },
        }),
      ];
    }
    case 'MemberSignedUp': {
      const { memberId, locationId, firstName, lastName, email, phone, signedUpAt } = event.data;
      return [
        makeEnvelope(MemberEvents.MemberSignedUp, {
          ...base,
          locationId,
          occurredAt: signedUpAt,
          data: { memberId, locationId, firstName, lastName, email, phone },
        }),
      ];
    }
    case 'MembershipRenewed': {
      const { memberId, term, renewedAt, paymentId } = event.data;
      const locationId = metadata.locationId ?? '';
      return [
        makeEnvelope(MemberEvents.MembershipRenewed, {
          ...base,
          occurredAt: renewedAt,
          data: { memberId, locationId, term, renewedAt, ...(paymentId ? { paymentId } : {}) },
        }),
      ];
    }
    case 'MembershipFrozen':
      return [makeEnvelope(MemberEvents.MembershipFrozen, { ...base, occurredAt: at, data: event.data })];
    case 'MembershipUnfrozen':
      return [makeEnvelope(MemberEvents.MembershipUnfrozen, { ...base, occurredAt: at, data: event.data })];
    case 'MembershipExpired':
      return [makeEnvelope(MemberEvents.MembershipExpired, { ...base, occurredAt: at, data: event.data })];
    case 'MembershipCancelled':
      return [makeEnvelope(MemberEvents.MembershipCancelled, { ...base, occurredAt: at, data: event.data })];
    case 'MemberTrainerAssigned':
      return [makeEnvelope(MemberEvents.MemberTrainerAssigned, { ...base, occurredAt: at, data: event.data })];
    case 'MemberTrainerUnassigned':
      return [makeEnvelope(MemberEvents.MemberTrainerUnassigned, { ...base, occurredAt: at, data: event.data })];
    case 'MemberProfileChanged':
      return [makeEnvelope(MemberEvents.MemberProfileChanged, { ...base, occurredAt: at, data: event.data })];
    case 'MemberArchived':
      return [makeEnvelope(MemberEvents.MemberArchived, { ...base, occurredAt: event.data.archivedAt, data: { memberId: event.data.memberId } })];
    case 'ReferralRewarded':
      return [makeEnvelope(MemberEvents.ReferralRewarded, { ...base, occurredAt: at, data: event.data })];
    case 'ReferralCreditGranted':
      return [makeEnvelope(MemberEvents.ReferralCreditGranted, { ...base, occurredAt: at, data: event.data })];
    case 'MemberInvitationResendRequested':
      return [makeEnvelope(MemberEvents.MemberInvitationResendRequested, { ...base, occurredAt: at, data: event.data })];
    default:
      return [];
  }
};

/** The membership aggregate, registered once: its decider, the members read table, and its integration events. */
export const membershipAggregate = defineAggregate({
  name: 'membership',
  streamId: membershipStreamId,
  decider: membershipDecider,
  projections: [projectMembers],
  toIntegrationEvents,
  topic: topicOf('members'),
});
