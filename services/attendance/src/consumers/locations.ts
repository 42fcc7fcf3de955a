import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { saveEntryRule } from '../db/dues-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';

/**
 * auth.location_updated → the location's entry rule (refuse check-in when a payment is overdue by more than N days).
 * An event from before the setting existed has none: off.
 */
export const onLocationUpdated = on(AuthEvents.LocationUpdated, async (trx: Transaction<AttendanceDb>, env) => {
  const d = env.data;
  await saveEntryRule(trx, {
    location_id: d.locationId,
    org_id: d.orgId,
    refuse_overdue_days: d.refuseCheckInOverdueDays ?? null,
    updated_at: new Date(env.occurredAt),
  });
});
