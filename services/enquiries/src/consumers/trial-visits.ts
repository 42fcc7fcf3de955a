import { AttendanceEvents } from '@akhada/contracts';
import { executeCommand, metadataOf, on } from '@akhada/kit';
import { lead } from '../aggregates/lead.ts';
import { leadOf } from '../db/leads-repo.ts';
import type { EnquiriesDb } from '../db/schema.ts';
import type { Transaction } from 'kysely';

/**
 * attendance.trial_visit_recorded → "checked in on trial" on the lead's timeline (and trial done at its first visit),
 * for a lead of the event's organization; anything else is passed over. The inbox and the decider (a visit recorded
 * once per visit id) make a redelivery a no-op.
 */
export const onTrialVisitRecorded = on(AttendanceEvents.TrialVisitRecorded, async (trx: Transaction<EnquiriesDb>, env) => {
  const row = await leadOf(trx, env.orgId, env.data.leadId);
  if (!row) return;
  const { passId, visitId, locationId, visitTime } = env.data;
  await executeCommand(
    trx,
    lead,
    row.id,
    { type: 'RecordTrialVisit', data: { passId, visitId, locationId, actorId: env.actorId ?? null, at: visitTime } },
    metadataOf(env, { locationId: row.location_id }),
  );
});
