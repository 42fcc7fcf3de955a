import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { setMemberAvatar } from '../db/members-repo.ts';
import type { MembersDb } from '../db/schema.ts';

/**
 * auth.user_avatar_changed → the member's picture (set, or null when removed), in the event's organization only.
 * Someone who is no member here (staff, a trainer, a join-code account whose email another member has) is ignored:
 * a member's account is known before any picture of it, since auth's events of one user share a partition (the
 * join-code sign-up) or the member was made here before auth invited them.
 */
export const onUserAvatarChanged = on(AuthEvents.UserAvatarChanged, async (trx: Transaction<MembersDb>, env) => {
  await setMemberAvatar(trx, env.orgId, env.data.userId, env.data.avatarUrl);
});
