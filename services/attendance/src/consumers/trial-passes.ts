import { EnquiriesEvents, normalizeTrialPassCode } from '@akhada/contracts';
import { on } from '@akhada/kit';
import { DEFAULT_TIME_ZONE, dateIn } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { saveTrialPass } from '../db/trial-passes-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';

/**
 * enquiries.trial_pass_issued → the pass in this service's own table, so a check-in by its code never asks enquiries.
 * The first day is the location's date at `validFrom` (the event's `lastDay` is the last).
 */
export const onTrialPassIssued = on(EnquiriesEvents.TrialPassIssued, async (trx: Transaction<AttendanceDb>, env) => {
  const d = env.data;
  const code = normalizeTrialPassCode(d.code);
  if (!code) return;
  const location = await trx.selectFrom('kit_locations').select('timezone').where('location_id', '=', d.locationId).executeTakeFirst();
  await saveTrialPass(trx, {
    id: d.passId,
    org_id: env.orgId,
    location_id: d.locationId,
    lead_id: d.leadId,
    name: d.name,
    phone: d.phone,
    code,
    valid_from: new Date(d.validFrom),
    valid_until: new Date(d.validUntil),
    first_day: dateIn(location?.timezone ?? DEFAULT_TIME_ZONE, new Date(d.validFrom)),
    last_day: d.lastDay,
  });
});
