import { NotificationEvents } from '@akhada/contracts';
import { executeCommand, metadataOf, on } from '@akhada/kit';
import { DomainError } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { lead } from '../aggregates/lead.ts';
import { leadOf } from '../db/leads-repo.ts';
import type { EnquiriesDb } from '../db/schema.ts';

/**
 * notifications.follow_up_requested (an automation's "create a follow-up") → the follow-up on the lead, the lead's
 * owner's to do, with the automation's id for it; a lead of another organization or unknown is passed over. Exactly
 * once: the inbox drops a redelivery, and the lead's decider refuses a follow-up id it has already (passed over here).
 */
export const onFollowUpRequested = on(NotificationEvents.FollowUpRequested, async (trx: Transaction<EnquiriesDb>, env) => {
  const row = await leadOf(trx, env.orgId, env.data.leadId);
  if (!row) return;
  const { followUpId, kind, dueAt, note } = env.data;
  try {
    await executeCommand(
      trx,
      lead,
      row.id,
      { type: 'AddFollowUp', data: { followUpId, kind, dueAt, note, assigneeId: row.owner_id, actorId: null, at: env.occurredAt } },
      metadataOf(env, { locationId: row.location_id }),
    );
  } catch (err) {
    // Already on the lead (the same request again), or a due time the lead refuses: nothing to add.
    if (err instanceof DomainError && (err.status === 409 || err.status === 400)) return;
    throw err;
  }
});
