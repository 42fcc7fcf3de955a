import { PLAN_TERMS } from '@akhada/contracts';
import { conflict } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { planOf } from '../db/directory-repo.ts';
import type { TrainersDb } from '../db/schema.ts';
import { countApprovedTrainers, lockTrainerPlan } from '../db/trainers-repo.ts';

const planName = (plan: string): string => plan.charAt(0).toUpperCase() + plan.slice(1);

/**
 * Refuses one more approved trainer when the organization's plan has no room: under the organization's advisory lock,
 * inside the command's transaction, so concurrent creates and approvals are counted one after the other. `trainerId`:
 * the trainer being approved, left out of the count (approving one who is active already takes no new place).
 */
export const assertTrainerAllowance = async (trx: Transaction<TrainersDb>, orgId: string, trainerId?: string): Promise<void> => {
  await lockTrainerPlan(trx, orgId);
  const plan = await planOf(trx, orgId);
  const limit = PLAN_TERMS[plan].trainers;
  if (limit === null) return;
  if ((await countApprovedTrainers(trx, orgId, trainerId ? { except: trainerId } : {})) >= limit) {
    throw conflict('PLAN_LIMIT', `Your ${planName(plan)} plan allows ${limit} trainer${limit === 1 ? '' : 's'}. Choose a bigger plan to add more.`);
  }
};
