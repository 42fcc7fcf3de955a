import { memberCopy } from '@akhada/kit';
import type { NotificationsDb } from '../db/schema.ts';
import { notifyMemberRegistered } from './member-registered.ts';
import { notifyMemberSignedUp } from './member-signed-up.ts';
import { applyRule } from './rules-engine.ts';
import { startJoinedRuns } from './automations.ts';
import { keepJoinedOn, planOf } from './audience-facts.ts';

/**
 * This service's copy of a member: who to message, where, and for announcements to a group (status, end date,
 * trainer), kept by the kit from members' events. Its own ways, kept as they were: no version column (one member's
 * events arrive in order, the inbox drops redeliveries), and an event about a member it lacks makes the row as far as
 * the event goes (payments' reminders may have made it first, with contacts only). A renewal also says the location.
 * Campaigns' facts (audience-facts.ts): the plan, date of birth, gender and the day they joined.
 */
export const memberCopies = memberCopy<NotificationsDb, 'member_copies'>({
  table: 'member_copies',
  key: 'member_id',
  version: null,
  missing: 'insert',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'email', 'phone', 'status', 'end_date', 'trainer_id'],
  extra: {
    MemberRegistered: ({ data: d }) => ({
      ...planOf(d.membershipType),
      joined_on: d.startDate,
      ...(d.dateOfBirth !== undefined ? { date_of_birth: d.dateOfBirth } : {}),
      ...(d.gender !== undefined ? { gender: d.gender } : {}),
    }),
    MembershipRenewed: ({ data: d }) => ({ location_id: d.locationId, ...planOf(d.term.membershipType) }),
    MemberProfileChanged: ({ data: d }) => ({ date_of_birth: d.dateOfBirth, gender: d.gender }),
  },
});

/** The members topic: the copy, then the staff's notifications of a new member and the rule table's lines for renewals and expiries. */
export const memberCopyHandlers = memberCopies.handlers({
  MemberRegistered: async (trx, env) => {
    await notifyMemberRegistered(trx, env);
    // Automations' "member joined" rules (the built-in welcome among them).
    await startJoinedRuns(trx, env);
  },
  MemberSignedUp: async (trx, env) => {
    await notifyMemberSignedUp(trx, env);
    // Joined with the gym code (no plan yet): welcomed like a member the desk registered.
    await startJoinedRuns(trx, env);
  },
  MembershipRenewed: async (trx, env) => {
    await keepJoinedOn(trx, env);
    await applyRule(trx, env as never);
  },
  MembershipExpired: (trx, env) => applyRule(trx, env as never),
});
