import { MemberEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { memberById, updateMember, upsertMember } from '../db/people-repo.ts';
import { qrKeyOf } from '../db/qr-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';
import { shiftedTerms, termsOf, withTerm } from '../domain/membership/admission.ts';

/**
 * This service's own copy of each member's state, so a check-in decides without calling the members service.
 * Events of one member arrive in order (the members topic is keyed by member); an older event never overwrites a newer.
 */
type Trx = Transaction<AttendanceDb>;
const at = (occurredAt: string) => new Date(occurredAt);

// The organization's QR signing key is made with its first member, so showing a member their code (a GET) only reads.
export const onMemberRegistered = on(MemberEvents.MemberRegistered, async (trx: Trx, env) => {
  await qrKeyOf(trx, env.orgId);
  await upsertMember(trx, {
    id: env.data.memberId,
    org_id: env.orgId,
    location_id: env.data.locationId,
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    email: env.data.email,
    phone: env.data.phone,
    status: 'active',
    start_date: env.data.startDate,
    end_date: env.data.endDate,
    terms: [{ termNo: 1, startDate: env.data.startDate, endDate: env.data.endDate }],
    updated_at: at(env.occurredAt),
  });
});
export const onMemberSignedUp = on(MemberEvents.MemberSignedUp, async (trx: Trx, env) => {
  await qrKeyOf(trx, env.orgId);
  await upsertMember(trx, {
    id: env.data.memberId,
    org_id: env.orgId,
    location_id: env.data.locationId,
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    email: env.data.email,
    phone: env.data.phone,
    status: 'pending',
    start_date: null,
    end_date: null,
    updated_at: at(env.occurredAt),
  });
});
/** A renewal adds the next term; the current one stays valid until it ends (an early renewal starts at its end). */
export const onMembershipRenewed = on(MemberEvents.MembershipRenewed, async (trx: Trx, env) => {
  const { term } = env.data;
  const m = await memberById(trx, env.data.memberId);
  const terms = withTerm(m ? termsOf({ status: m.status, terms: m.terms, startDate: m.start_date, endDate: m.end_date }) : [], {
    termNo: term.termNo,
    startDate: term.startDate,
    endDate: term.endDate,
  });
  await updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'active', start_date: term.startDate, end_date: term.endDate, terms });
});
export const onMembershipFrozen = on(MemberEvents.MembershipFrozen, (trx: Trx, env) =>
  updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'frozen', frozen_from: env.data.frozenFrom }),
);
/** The frozen days move the terms as in members (a copy that missed the freeze moves only the last term's end). */
export const onMembershipUnfrozen = on(MemberEvents.MembershipUnfrozen, async (trx: Trx, env) => {
  const m = await memberById(trx, env.data.memberId);
  const known = m ? termsOf({ status: m.status, terms: m.terms, startDate: m.start_date, endDate: m.end_date }) : [];
  const moved = m?.frozen_from
    ? shiftedTerms(known, m.frozen_from, env.data.daysFrozen)
    : known.map((t, i) => (i === known.length - 1 ? { ...t, endDate: env.data.endDate } : t));
  await updateMember(trx, env.data.memberId, at(env.occurredAt), { status: 'active', end_date: env.data.endDate, terms: moved, frozen_from: null });
});
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
  updateMember(trx, env.data.memberId, at(env.occurredAt), {
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    email: env.data.email,
    phone: env.data.phone,
  }),
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
