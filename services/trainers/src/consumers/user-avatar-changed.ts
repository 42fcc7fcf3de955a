import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { TrainersDb } from '../db/schema.ts';
import { setTrainerAvatar } from '../db/trainers-repo.ts';

/**
 * auth.user_avatar_changed → the trainer's picture (set, or null when removed), in the event's organization only.
 * Someone who is no trainer here is ignored: a trainer's account is known before any picture of it, since auth's
 * events of one user share a partition (the join-code sign-up) or the trainer was made here before auth invited them.
 */
export const onUserAvatarChanged = on(AuthEvents.UserAvatarChanged, async (trx: Transaction<TrainersDb>, env) => {
  await setTrainerAvatar(trx, env.orgId, env.data.userId, env.data.avatarUrl);
});
