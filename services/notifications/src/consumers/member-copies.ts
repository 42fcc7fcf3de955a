import { memberCopy } from '@akhada/kit';
import type { NotificationsDb } from '../db/schema.ts';
import { notifyMemberRegistered } from './member-registered.ts';
import { notifyMemberSignedUp } from './member-signed-up.ts';
import { applyRule } from './rules-engine.ts';

/**
 * This service's copy of a member: who to message, where, and for announcements to a group (status, end date,
 * trainer), kept by the kit from members' events. Its own ways, kept as they were: no version column (one member's
 * events arrive in order, the inbox drops redeliveries), and an event about a member it lacks makes the row as far as
 * the event goes (payments' reminders may have made it first, with contacts only). A renewal also says the location.
 */
export const memberCopies = memberCopy<NotificationsDb, 'member_copies'>({
  table: 'member_copies',
  key: 'member_id',
  version: null,
  missing: 'insert',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'email', 'phone', 'status', 'end_date', 'trainer_id'],
  extra: { MembershipRenewed: ({ data: d }) => ({ location_id: d.locationId }) },
});

/** The members topic: the copy, then the staff's notifications of a new member and the rule table's lines for renewals and expiries. */
export const memberCopyHandlers = memberCopies.handlers({
  MemberRegistered: notifyMemberRegistered,
  MemberSignedUp: notifyMemberSignedUp,
  MembershipRenewed: (trx, env) => applyRule(trx, env as never),
  MembershipExpired: (trx, env) => applyRule(trx, env as never),
});
