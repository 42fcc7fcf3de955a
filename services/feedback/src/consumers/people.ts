import { AuthEvents, MemberEvents, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { FeedbackDb, MembersTable } from '../db/schema.ts';

/**
 * This service's copies of members (location, membership type, trainer), trainers and staff (owners, admins), from
 * the members, trainers and auth events. Events of one member or trainer arrive in order; an older event never
 * overwrites a newer one (updated_at).
 */
type Trx = Transaction<FeedbackDb>;
const at = (occurredAt: string) => new Date(occurredAt);

const upsertMember = (trx: Trx, row: MembersTable) =>
  trx
    .insertInto('members')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          membership_type: eb.ref('excluded.membership_type'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('members.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();
const updateMember = (trx: Trx, id: string, when: Date, set: Partial<MembersTable>) =>
  trx
    .updateTable('members')
    .set({ ...set, updated_at: when })
    .where('id', '=', id)
    .where('updated_at', '<=', when)
    .execute();

export const memberHandlers = [
  on(MemberEvents.MemberRegistered, async (trx: Trx, env) => {
    const d = env.data;
    await upsertMember(trx, {
      id: d.memberId,
      org_id: env.orgId,
      location_id: d.locationId,
      first_name: d.firstName,
      last_name: d.lastName,
      membership_type: d.membershipType,
      trainer_id: null,
      status: 'active',
      updated_at: at(env.occurredAt),
    });
  }),
  on(MemberEvents.MemberSignedUp, async (trx: Trx, env) => {
    const d = env.data;
    await upsertMember(trx, {
      id: d.memberId,
      org_id: env.orgId,
      location_id: d.locationId,
      first_name: d.firstName,
      last_name: d.lastName,
      membership_type: 'basic',
      trainer_id: null,
      status: 'pending',
      updated_at: at(env.occurredAt),
    });
  }),
  on(MemberEvents.MembershipRenewed, async (trx: Trx, env) => {
    await updateMember(trx, env.data.memberId, at(env.occurredAt), { membership_type: env.data.term.membershipType, status: 'active' });
  }),
  on(MemberEvents.MembershipExpired, async (trx: Trx, env) => {
    await updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'expired' });
  }),
  on(MemberEvents.MembershipCancelled, async (trx: Trx, env) => {
    await updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'cancelled' });
  }),
  on(MemberEvents.MemberArchived, async (trx: Trx, env) => {
    await updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'archived' });
  }),
  on(MemberEvents.MemberProfileChanged, async (trx: Trx, env) => {
    await updateMember(trx, env.data.memberId, at(env.occurredAt), { first_name: env.data.firstName, last_name: env.data.lastName });
  }),
  on(MemberEvents.MemberTrainerAssigned, async (trx: Trx, env) => {
    await updateMember(trx, env.data.memberId, at(env.occurredAt), { trainer_id: env.data.trainerId });
  }),
  on(MemberEvents.MemberTrainerUnassigned, async (trx: Trx, env) => {
    await trx
      .updateTable('members')
      .set({ trainer_id: null, updated_at: at(env.occurredAt) })
      .where('id', '=', env.data.memberId)
      .where('trainer_id', '=', env.data.trainerId)
      .where('updated_at', '<=', at(env.occurredAt))
      .execute();
  }),
];

const projectTrainer = async (trx: Trx, env: EventEnvelope<z.infer<typeof TrainerEvents.TrainerSnapshot>>) => {
  const d = env.data;
  await trx
    .insertInto('trainers')
    .values({
      id: d.trainerId,
      org_id: env.orgId,
      location_id: d.locationId,
      first_name: d.firstName,
      last_name: d.lastName,
      status: d.status,
      updated_at: at(env.occurredAt),
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('trainers.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();
};
const trainerStatus = (status: string) => async (trx: Trx, env: EventEnvelope<{ trainerId: string }>) => {
  await trx
    .updateTable('trainers')
    .set({ status, updated_at: at(env.occurredAt) })
    .where('id', '=', env.data.trainerId)
    .where('updated_at', '<=', at(env.occurredAt))
    .execute();
};

export const trainerHandlers = [
  on(TrainerEvents.TrainerCreated, projectTrainer),
  on(TrainerEvents.TrainerUpdated, projectTrainer),
  on(TrainerEvents.TrainerApproved, trainerStatus('active')),
  on(TrainerEvents.TrainerArchived, trainerStatus('archived')),
];

/** Owners and admins: whom tickets may be assigned to. */
export const staffHandlers = [
  on(AuthEvents.UserRegistered, async (trx: Trx, env) => {
    const d = env.data;
    if (d.role !== 'owner' && d.role !== 'admin') return;
    const role = d.role;
    await trx
      .insertInto('staff')
      .values({ id: d.userId, org_id: d.orgId, role, first_name: d.firstName, last_name: d.lastName })
      .onConflict((oc) => oc.column('id').doUpdateSet({ role, first_name: d.firstName, last_name: d.lastName }))
      .execute();
  }),
];
