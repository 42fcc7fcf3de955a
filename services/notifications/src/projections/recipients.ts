import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { releaseAwaiting } from '../app/notify-member-registered.ts';
import { upsertRecipient } from '../db/recipients-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';

/** auth.user_registered → this service's own copy of the recipient (role, locations, name); an owner releases parked member events. */
export const recipientsProjection = on(AuthEvents.UserRegistered, async (trx: Transaction<NotificationsDb>, env) => {
  const u = env.data;
  await upsertRecipient(trx, {
    userId: u.userId,
    orgId: u.orgId,
    role: u.role,
    locationIds: u.locationIds,
    name: `${u.firstName} ${u.lastName}`.trim(),
  });
  if (u.role === 'owner') await releaseAwaiting(trx, u.orgId);
});
