import { MemberEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { NotificationsDb } from '../db/schema.ts';
import { applyRule } from './rules-engine.ts';

type Env<D extends { data: z.ZodType }> = EventEnvelope<z.infer<D['data']>>;
type Trx = Transaction<NotificationsDb>;

/** This service's copy of a member: who to message, where, and for announcements to a group (status, end date, trainer). */
const patch = async (
  trx: Trx,
  orgId: string,
  memberId: string,
  set: Partial<{
    location_id: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    status: string;
    end_date: string;
    trainer_id: string | null;
  }>,
) => {
  await trx
    .insertInto('member_copies')
    .values({ member_id: memberId, org_id: orgId, location_id: null, email: null, phone: null, end_date: null, trainer_id: null, ...set })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(set))
    .execute();
};

export const copyMemberRegistered = (trx: Trx, env: Env<typeof MemberEvents.MemberRegistered>) =>
  patch(trx, env.orgId, env.data.memberId, {
    location_id: env.data.locationId,
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    email: env.data.email,
    phone: env.data.phone,
    status: 'active',
    end_date: env.data.endDate,
  });
export const copyMemberSignedUp = (trx: Trx, env: Env<typeof MemberEvents.MemberSignedUp>) =>
  patch(trx, env.orgId, env.data.memberId, {
    location_id: env.data.locationId,
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    email: env.data.email,
    phone: env.data.phone,
    status: 'pending',
  });

export const memberCopyHandlers = [
  on(MemberEvents.MembershipRenewed, async (trx: Trx, env) => {
    await patch(trx, env.orgId, env.data.memberId, { location_id: env.data.locationId, status: 'active', end_date: env.data.term.endDate });
    await applyRule(trx, env as never);
  }),
  on(MemberEvents.MembershipExpired, async (trx: Trx, env) => {
    await patch(trx, env.orgId, env.data.memberId, { status: 'expired' });
    await applyRule(trx, env as never);
  }),
  on(MemberEvents.MembershipCancelled, (trx: Trx, env) => patch(trx, env.orgId, env.data.memberId, { status: 'cancelled' })),
  on(MemberEvents.MembershipFrozen, (trx: Trx, env) => patch(trx, env.orgId, env.data.memberId, { status: 'frozen' })),
  on(MemberEvents.MembershipUnfrozen, (trx: Trx, env) => patch(trx, env.orgId, env.data.memberId, { status: 'active', end_date: env.data.endDate })),
  on(MemberEvents.MemberArchived, (trx: Trx, env) => patch(trx, env.orgId, env.data.memberId, { status: 'archived' })),
  on(MemberEvents.MemberTrainerAssigned, (trx: Trx, env) => patch(trx, env.orgId, env.data.memberId, { trainer_id: env.data.trainerId })),
  on(MemberEvents.MemberTrainerUnassigned, (trx: Trx, env) => patch(trx, env.orgId, env.data.memberId, { trainer_id: null })),
  on(MemberEvents.MemberProfileChanged, (trx: Trx, env) =>
    patch(trx, env.orgId, env.data.memberId, { first_name: env.data.firstName, last_name: env.data.lastName, email: env.data.email, phone: env.data.phone }),
  ),
];
