import { assertPlanAllows } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { TrainersDb } from '../db/schema.ts';
import { countApprovedTrainers } from '../db/trainers-repo.ts';

/**
 * Refuses one more approved trainer when the organization's plan has no room (the kit's plan check, inside the
 * command's transaction). `trainerId`: the trainer being approved, left out of the count (approving one who is active
 * already takes no new place).
 */
export const assertTrainerAllowance = (trx: Transaction<TrainersDb>, orgId: string, trainerId?: string): Promise<void> =>
  assertPlanAllows(trx, orgId, 'trainers', () => countApprovedTrainers(trx, orgId, trainerId ? { except: trainerId } : {}));
