import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { TrainersDb } from '../db/schema.ts';
import { setAccountStatus } from '../db/trainers-repo.ts';

// What auth did about a trainer's sign-in account: the trainer's accountStatus. Events of one user share a partition,
// so they arrive in order; applying one twice sets the same value.

export const onInvitationSent = on(AuthEvents.InvitationSent, async (trx: Transaction<TrainersDb>, env) => {
  if (env.data.role === 'trainer') await setAccountStatus(trx, env.data.userId, 'invited');
});

export const onInvitationFailed = on(AuthEvents.InvitationFailed, async (trx: Transaction<TrainersDb>, env) => {
  if (env.data.role === 'trainer') await setAccountStatus(trx, env.data.userId, 'failed');
});

export const onInvitationAccepted = on(AuthEvents.InvitationAccepted, async (trx: Transaction<TrainersDb>, env) => {
  if (env.data.role === 'trainer') await setAccountStatus(trx, env.data.userId, 'active');
});
