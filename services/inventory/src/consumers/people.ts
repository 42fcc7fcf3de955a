import { MemberEvents, TrainerEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { InventoryDb, PeopleTable } from '../db/schema.ts';

/** Names of members (buyers at the counter) and trainers (who equipment is assigned to), from their services' events. */
type Trx = Transaction<InventoryDb>;

const upsert = async (trx: Trx, row: PeopleTable): Promise<void> => {
  await trx
    .insertInto('people')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: row.name, location_id: row.location_id, archived: row.archived }))
    .execute();
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
    }),
  ),
  on(MemberEvents.MemberProfileChanged, async (trx: Trx, env) => {
    await trx
      .updateTable('people')
      .set({ name: `${env.data.firstName} ${env.data.lastName}`.trim() })
      .where('id', '=', env.data.memberId)
      .execute();
  }),
  on(MemberEvents.MemberArchived, async (trx: Trx, env) => {
    await trx.updateTable('people').set({ archived: true }).where('id', '=', env.data.memberId).execute();
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
