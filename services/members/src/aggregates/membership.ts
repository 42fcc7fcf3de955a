import { MemberEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type StoredEvent } from '@akhada/kit';
import { membershipDecider, membershipStreamId, type MembershipEvent } from '../domain/membership/decider.ts';
import { projectMembers } from '../projections/members.ts';

/**
 * Internal membership events → the integration events other services rely on (contracts/events/members.ts).
 * The envelope reuses the stored event's id, so a published event can be traced back to the event store.
 */
export const toIntegrationEvents = ({ event, metadata }: StoredEvent<MembershipEvent>): EventEnvelope[] => {
  switch (event.type) {
    case 'MemberRegistered': {
      const d = event.data;
      return [
        makeEnvelope(MemberEvents.MemberRegistered, {
          ...metadata,
          aggregateId: d.memberId,
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
          },
        }),
      ];
    }
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
