import type { DashboardActivity } from '@akhada/contracts';
import type { Selectable } from 'kysely';
import type { ActivityTable } from '../db/schema.ts';

export const toActivity = (r: Selectable<ActivityTable>): DashboardActivity => ({
  id: r.event_id,
  kind: r.kind,
  at: r.at.toISOString(),
  locationId: r.location_id,
  personId: r.person_id,
  name: r.name,
  amountPaise: r.amount_paise === null ? null : Number(r.amount_paise),
  detail: r.detail,
});
