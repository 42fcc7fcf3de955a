import { MemberEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type StoredEvent } from '@akhada/kit';
import type { MembershipEvent } from '../domain/membership/decider.ts';

/**
 * Internal membership events → the integration events other services rely on (contracts/events/members.ts).
 * The envelope reuses the stored event's id, so a published event can be traced back to the event store.
 */
export const toIntegrationEvent = ({ event, metadata }: StoredEvent<MembershipEvent>): EventEnvelope => {
  switch (event.type) {
    case 'MemberRegistered': {
      const d = event.data;
      return makeEnvelope(MemberEvents.MemberRegistered, {
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
      });
    }
  }
};
