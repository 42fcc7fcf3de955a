import type { MemberEvents, EventEnvelope } from '@akhada/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { NotificationsDb } from '../db/schema.ts';
import { recipientsOfMemberRegistered } from '../domain/recipient-rule.ts';
import { memberRegisteredText, renderTemplate } from '../domain/templates.ts';
import { deliver, staffOrPark } from '../app/notify.ts';

type MemberRegistered = EventEnvelope<z.infer<typeof MemberEvents.MemberRegistered.data>>;

/**
 * members.member_registered → one notification per owner of the organization and per admin of the member's location,
 * each announced to the hubs with the recipient's new unread count (see notify.ts). Returns the ids notified now.
 */
export const notifyMemberRegistered = async (trx: Transaction<NotificationsDb>, env: MemberRegistered): Promise<string[]> => {
  const m = env.data;
  const candidates = await staffOrPark(trx, env);
  if (!candidates) return [];
  const action = {
    actionUrl: `/dashboard/members/${m.memberId}`,
    actionText: renderTemplate('notifications.action.view'),
    actionKey: 'notifications.action.view',
  };
  return deliver(
    trx,
    env,
    { locationId: m.locationId, type: 'membership', category: 'member_registered', priority: 'low', text: memberRegisteredText(m) },
    recipientsOfMemberRegistered(candidates, m.locationId).map((r) => ({ recipientId: r.userId, ...action })),
  );
};
