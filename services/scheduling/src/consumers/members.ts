import { MemberEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { updateMember, upsertMember } from '../db/members-repo.ts';
import type { SchedulingDb } from '../db/schema.ts';

/**
 * This service's copy of each member (status, plan, end date), so a booking decides without calling members. Events
 * of one member arrive in order (the members topic is keyed by member); an older event never overwrites a newer one.
 */
type Trx = Transaction<SchedulingDb>;
const at = (occurredAt: string) => new Date(occurredAt);

export const onMemberRegistered = on(MemberEvents.MemberRegistered, (trx: Trx, env) =>
  upsertMember(trx, {
    id: env.data.memberId,
    org_id: env.orgId,
    location_id: env.data.locationId,
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    status: 'active',
    membership_type: env.data.membershipType,
    end_date: env.data.endDate,
    updated_at: at(env.occurredAt),
  }),
);
export const onMemberSignedUp = on(MemberEvents.MemberSignedUp, (trx: Trx, env) =>
  upsertMember(trx, {
    id: env.data.memberId,
    org_id: env.orgId,
    location_id: env.data.locationId,
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    status: 'pending',
    membership_type: 'basic',
    end_date: null,
    updated_at: at(env.occurredAt),
  }),
);
export const onMembershipRenewed = on(MemberEvents.MembershipRenewed, (trx: Trx, env) =>
  updateMember(trx, env.data.memberId, at(env.occurredAt), {
    status: 'active',
    membership_type: env.data.term.membershipType,
    end_date: env.data.term.endDate,
  }),
);
export const onMembershipFrozen = on(MemberEvents.MembershipFrozen, (trx: Trx, env) =>
  updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'frozen' }),
);
export const onMembershipUnfrozen = on(MemberEvents.MembershipUnfrozen, (trx: Trx, env) =>
  updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'active', end_date: env.data.endDate }),
);
export const onMembershipExpired = on(MemberEvents.MembershipExpired, (trx: Trx, env) =>
  updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'expired', end_date: env.data.endDate }),
);
export const onMembershipCancelled = on(MemberEvents.MembershipCancelled, (trx: Trx, env) =>
  updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'cancelled' }),
);
export const onMemberArchived = on(MemberEvents.MemberArchived, (trx: Trx, env) =>
  updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'archived' }),
);
export const onMemberProfileChanged = on(MemberEvents.MemberProfileChanged, (trx: Trx, env) =>
  updateMember(trx, env.data.memberId, at(env.occurredAt), { first_name: env.data.firstName, last_name: env.data.lastName }),
);

export const memberHandlers = [
  onMemberRegistered,
  onMemberSignedUp,
  onMembershipRenewed,
  onMembershipFrozen,
  onMembershipUnfrozen,
  onMembershipExpired,
  onMembershipCancelled,
  onMemberArchived,
  onMemberProfileChanged,
];
