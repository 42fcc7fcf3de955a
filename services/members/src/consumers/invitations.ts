import { AuthEvents } from '@akhada/contracts';
import type { Transaction } from 'kysely';
import { on } from '@akhada/kit';
import { setAccountStatus } from '../db/members-repo.ts';
import type { MembersDb } from '../db/schema.ts';

/** The sign-in account of a member added by staff: invited (mail sent), failed (email in use), active (password set). */
export const onInvitationSent = on(AuthEvents.InvitationSent, async (trx: Transaction<MembersDb>, env) => {
  if (env.data.role === 'member') await setAccountStatus(trx, env.data.userId, 'invited');
});
export const onInvitationFailed = on(AuthEvents.InvitationFailed, async (trx: Transaction<MembersDb>, env) => {
  if (env.data.role === 'member') await setAccountStatus(trx, env.data.userId, 'failed');
});
export const onInvitationAccepted = on(AuthEvents.InvitationAccepted, async (trx: Transaction<MembersDb>, env) => {
  if (env.data.role === 'member') await setAccountStatus(trx, env.data.userId, 'active');
});
