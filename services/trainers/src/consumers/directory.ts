import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { upsertLocation, upsertOrganization } from '../db/directory-repo.ts';
import type { TrainersDb } from '../db/schema.ts';

// The organization directory (plan, location time zones) from auth's events. The kit's own consumer (branch
// kitshell) does this for every service; these handlers stand in until it is merged, then they go.

export const onOrganizationCreated = on(AuthEvents.OrganizationCreated, async (trx: Transaction<TrainersDb>, env) => {
  const d = env.data;
  await upsertOrganization(trx, { org_id: d.orgId, plan: d.plan, trial_ends_at: d.trialEndsAt ? new Date(d.trialEndsAt) : null });
});

export const onOrganizationPlanChanged = on(AuthEvents.OrganizationPlanChanged, async (trx: Transaction<TrainersDb>, env) => {
  const d = env.data;
  await upsertOrganization(trx, { org_id: d.orgId, plan: d.plan, trial_ends_at: d.trialEndsAt ? new Date(d.trialEndsAt) : null });
});

export const onLocationCreated = on(AuthEvents.LocationCreated, async (trx: Transaction<TrainersDb>, env) => {
  const d = env.data;
  await upsertLocation(trx, { location_id: d.locationId, org_id: d.orgId, name: d.name, city: d.city, timezone: d.timezone });
});
