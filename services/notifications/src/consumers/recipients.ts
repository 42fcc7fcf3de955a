import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { seedBuiltins } from '../db/automations-repo.ts';
import { upsertRecipient } from '../db/recipients-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';
import { releaseAwaiting } from './awaiting.ts';
import { applyRule } from './rules-engine.ts';

/**
 * auth.user_registered → this service's own copy of the recipient (role, locations, name), versioned by the event's
 * occurredAt; an owner's arrival makes the organization's built-in automations and releases the member events parked for it.
 */
export const onUserRegistered = on(AuthEvents.UserRegistered, async (trx: Transaction<NotificationsDb>, env) => {
  const u = env.data;
  await upsertRecipient(trx, {
    userId: u.userId,
    orgId: u.orgId,
    role: u.role,
    locationIds: u.locationIds,
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email || null,
    asOf: env.occurredAt,
  });
  if (u.role === 'owner') {
    // The organization is first seen with its owner: its built-in automations (renewal, overdue, welcome, birthday).
    await seedBuiltins(trx, new Date(env.occurredAt), u.orgId);
    await releaseAwaiting(trx, u.orgId);
  }
});

/** auth.new_device_signed_in → the account's owner is told (the rule line in domain/rules.ts). */
export const onNewDeviceSignedIn = on(AuthEvents.NewDeviceSignedIn, async (trx: Transaction<NotificationsDb>, env) => {
  await applyRule(trx, env as never);
});
