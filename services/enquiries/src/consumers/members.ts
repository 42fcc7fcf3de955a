import { MemberEvents } from '@akhada/contracts';
import { executeCommand, metadataOf, on } from '@akhada/kit';
import { lead } from '../aggregates/lead.ts';
import { leadOf } from '../db/leads-repo.ts';
import type { EnquiriesDb } from '../db/schema.ts';
import type { Transaction } from 'kysely';

/**
 * members.member_registered naming a lead (`enquiryId`: staff converted it) → the lead joined, linked to the member,
 * when it is a lead of the event's organization; another organization's id, or none, is passed over. A lead joins
 * once (the decider), and the inbox makes a redelivery a no-op.
 */
export const onMemberRegistered = on(MemberEvents.MemberRegistered, async (trx: Transaction<EnquiriesDb>, env) => {
  const { enquiryId, memberId } = env.data;
  if (!enquiryId) return;
  const row = await leadOf(trx, env.orgId, enquiryId);
  if (!row) return;
  await executeCommand(
    trx,
    lead,
    row.id,
    { type: 'JoinAsMember', data: { memberId, actorId: env.actorId ?? null, at: env.occurredAt } },
    metadataOf(env, { locationId: row.location_id }),
  );
});
