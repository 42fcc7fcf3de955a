import { MemberEvents, TrainerEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { InventoryDb, PeopleTable } from '../db/schema.ts';

/** Names of members (buyers at the counter) and trainers (who equipment is assigned to), from their services' events. */
type Trx = Transaction<InventoryDb>;

type PersonRow = Omit<PeopleTable, 'status'> & { status?: string };

const upsert = async (trx: Trx, row: PersonRow): Promise<void> => {
  await trx
    .insertInto('people')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ name: row.name, location_id: row.location_id, archived: row.archived, ...(row.status ? { status: row.status } : {}) }),
    )
    .execute();
};

/** A member's status as members' events move it (the counter refuses an archived member; the others may buy). */
const setStatus = async (trx: Trx, orgId: string, memberId: string, status: string): Promise<void> => {
  await trx.updateTable('people').set({ status }).where('id', '=', memberId).where('org_id', '=', orgId).where('kind', '=', 'member').execute();
};

export const memberHandlers = [
  on(MemberEvents.MemberRegistered, (trx: Trx, env) =>
    upsert(trx, {
      id: env.data.memberId,
      org_id: env.orgId,
      kind: 'member',
      location_id: env.data.locationId,
      name: `${env.data.firstName} ${env.data.lastName}`.trim(),
      archived: false,
      status: 'active',
    }),
  ),
  on(MemberEvents.MemberSignedUp, (trx: Trx, env) =>
    upsert(trx, {
      id: env.data.memberId,
      org_id: env.orgId,
      kind: 'member',
      location_id: env.data.locationId,
      name: `${env.data.firstName} ${env.data.lastName}`.trim(),
      archived: false,
      status: 'pending',
    }),
  ),
  on(MemberEvents.MemberProfileChanged, async (trx: Trx, env) => {
    await trx
      .updateTable('people')
      .set({ name: `${env.data.firstName} ${env.data.lastName}`.trim() })
      .where('id', '=', env.data.memberId)
      .where('org_id', '=', env.orgId)
      .execute();
  }),
  on(MemberEvents.MembershipRenewed, (trx: Trx, env) => setStatus(trx, env.orgId, env.data.memberId, 'active')),
  on(MemberEvents.MembershipFrozen, (trx: Trx, env) => setStatus(trx, env.orgId, env.data.memberId, 'frozen')),
  on(MemberEvents.MembershipUnfrozen, (trx: Trx, env) => setStatus(trx, env.orgId, env.data.memberId, 'active')),
  on(MemberEvents.MembershipExpired, (trx: Trx, env) => setStatus(trx, env.orgId, env.data.memberId, 'expired')),
  on(MemberEvents.MembershipCancelled, (trx: Trx, env) => setStatus(trx, env.orgId, env.data.memberId, 'cancelled')),
  on(MemberEvents.MemberArchived, async (trx: Trx, env) => {
    await trx.updateTable('people').set({ archived: true, status: 'archived' }).where('id', '=', env.data.memberId).where('org_id', '=', env.orgId).execute();
  }),
];

export const trainerHandlers = [
  on(TrainerEvents.TrainerCreated, (trx: Trx, env) =>
    upsert(trx, {
      id: env.data.trainerId,
      org_id: env.orgId,
      kind: 'trainer',
      location_id: env.data.locationId,
      name: `${env.data.firstName} ${env.data.lastName}`.trim(),
      archived: false,
    }),
  ),
  on(TrainerEvents.TrainerUpdated, (trx: Trx, env) =>
    upsert(trx, {
      id: env.data.trainerId,
      org_id: env.orgId,
      kind: 'trainer',
      location_id: env.data.locationId,
      name: `${env.data.firstName} ${env.data.lastName}`.trim(),
      archived: false,
    }),
  ),
  on(TrainerEvents.TrainerArchived, async (trx: Trx, env) => {
    await trx.updateTable('people').set({ archived: true }).where('id', '=', env.data.trainerId).execute();
  }),
];
