import { MemberEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { unassignClient, upsertClient } from '../db/clients-repo.ts';
import type { TrainersDb } from '../db/schema.ts';

// The trainers' clients, from the members service's events (trainers never calls members). Every event of a member is
// on one partition (key = member id), so they arrive in order; each handler sets what its event says, so applying one
// twice gives the same row. A member's row is created by whichever of their events arrives first.

type Trx = Transaction<TrainersDb>;

export const onMemberRegistered = on(MemberEvents.MemberRegistered, async (trx: Trx, env) => {
  const d = env.data;
  await upsertClient(trx, d.memberId, env.orgId, {
    location_id: d.locationId,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    membership_status: 'active',
    membership_end_date: d.endDate,
  });
});

export const onMemberSignedUp = on(MemberEvents.MemberSignedUp, async (trx: Trx, env) => {
  const d = env.data;
  await upsertClient(trx, d.memberId, env.orgId, {
    location_id: d.locationId,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    membership_status: 'pending',
    membership_end_date: null,
  });
});

export const onMemberProfileChanged = on(MemberEvents.MemberProfileChanged, async (trx: Trx, env) => {
  const d = env.data;
  await upsertClient(trx, d.memberId, env.orgId, { first_name: d.firstName, last_name: d.lastName, email: d.email, phone: d.phone });
});

export const onTrainerAssigned = on(MemberEvents.MemberTrainerAssigned, async (trx: Trx, env) => {
  await upsertClient(trx, env.data.memberId, env.orgId, { trainer_id: env.data.trainerId, assigned_at: new Date(env.occurredAt) });
});

export const onTrainerUnassigned = on(MemberEvents.MemberTrainerUnassigned, async (trx: Trx, env) => {
  await unassignClient(trx, env.data.memberId, env.data.trainerId);
});

export const onMemberArchived = on(MemberEvents.MemberArchived, async (trx: Trx, env) => {
  await upsertClient(trx, env.data.memberId, env.orgId, { archived: true, trainer_id: null, assigned_at: null });
});

export const onMembershipRenewed = on(MemberEvents.MembershipRenewed, async (trx: Trx, env) => {
  await upsertClient(trx, env.data.memberId, env.orgId, { membership_status: 'active', membership_end_date: env.data.term.endDate });
});

export const onMembershipExpired = on(MemberEvents.MembershipExpired, async (trx: Trx, env) => {
  await upsertClient(trx, env.data.memberId, env.orgId, { membership_status: 'expired', membership_end_date: env.data.endDate });
});

export const onMembershipFrozen = on(MemberEvents.MembershipFrozen, async (trx: Trx, env) => {
  await upsertClient(trx, env.data.memberId, env.orgId, { membership_status: 'frozen' });
});

export const onMembershipUnfrozen = on(MemberEvents.MembershipUnfrozen, async (trx: Trx, env) => {
  await upsertClient(trx, env.data.memberId, env.orgId, { membership_status: 'active', membership_end_date: env.data.endDate });
});

export const onMembershipCancelled = on(MemberEvents.MembershipCancelled, async (trx: Trx, env) => {
  await upsertClient(trx, env.data.memberId, env.orgId, { membership_status: 'cancelled' });
});

export const clientHandlers = [
  onMemberRegistered,
  onMemberSignedUp,
  onMemberProfileChanged,
  onTrainerAssigned,
  onTrainerUnassigned,
  onMemberArchived,
  onMembershipRenewed,
  onMembershipExpired,
  onMembershipFrozen,
  onMembershipUnfrozen,
  onMembershipCancelled,
];
