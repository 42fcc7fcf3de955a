import { MemberEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { notifyMemberRegistered } from '../app/notify-member-registered.ts';
import type { NotificationsDb } from '../db/schema.ts';

/** members.member_registered → notifications for the owners and the location's admins. */
export const memberNotifications = on(MemberEvents.MemberRegistered, async (trx: Transaction<NotificationsDb>, env) => {
  await notifyMemberRegistered(trx, env);
});
