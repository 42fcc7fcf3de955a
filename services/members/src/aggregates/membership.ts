import { topicOf } from '@akhada/contracts';
import { defineAggregate } from '@akhada/kit';
import { membershipDecider, membershipStreamId } from '../domain/membership/decider.ts';
import { projectMembers } from '../projections/members.ts';
import { toIntegrationEvent } from './integration-events.ts';

/** The membership aggregate, registered once: its decider, the members read table, and its integration events. */
export const membershipAggregate = defineAggregate({
  name: 'membership',
  streamId: membershipStreamId,
  decider: membershipDecider,
  projections: [projectMembers],
  toIntegrationEvents: (stored) => [toIntegrationEvent(stored)],
  topic: topicOf('members'),
});
