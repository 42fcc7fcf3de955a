import type { MemberEvents, EventEnvelope } from '@akhada/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { NotificationsDb } from '../db/schema.ts';
import { ownersAndAdminsOf } from '../domain/recipient-rule.ts';
import { memberSignedUpText, renderTemplate } from '../domain/templates.ts';
import { deliver, staffOrPark } from '../app/notify.ts';

type MemberSignedUp = EventEnvelope<z.infer<typeof MemberEvents.MemberSignedUp.data>>;

/** members.member_signed_up (joined with the gym code, no plan yet) → the owners and the location's admins, to start their membership. */
export const notifyMemberSignedUp = async (trx: Transaction<NotificationsDb>, env: MemberSignedUp): Promise<string[]> => {
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
    { locationId: m.locationId, type: 'membership', category: 'member_signed_up', priority: 'medium', text: memberSignedUpText(m) },
    ownersAndAdminsOf(candidates, m.locationId).map((r) => ({ recipientId: r.userId, ...action })),
  );
};
