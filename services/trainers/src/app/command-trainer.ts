import { conflict, isUniqueViolation, metadataOf, type CommandResult, type RequestContext } from '@akhada/kit';
import { executeInTransaction, withRetry } from '../aggregates/execute-in-transaction.ts';
import { trainerAggregate } from '../aggregates/trainer.ts';
import { TRAINER_EMAIL_UNIQUE } from '../db/migrations.ts';
import type { TrainerRow } from '../db/trainers-repo.ts';
import type { TrainerCommand, TrainerEvent, TrainerState } from '../domain/trainer/decider.ts';
import type { TrainersDeps } from './deps.ts';
import { assertTrainerAllowance } from './plan-allowance.ts';
import { visibleTrainer } from './trainer-access.ts';

/**
 * The write path of every command on an existing trainer: the trainer must be visible to the caller (404 otherwise),
 * `authorize` may refuse (403) once it is known, then one transaction runs the command (after the plan check when it
 * adds an approved trainer) with the trainer's location on the events.
 */
export const commandTrainer = async (
  deps: Pick<TrainersDeps, 'db'>,
  ctx: RequestContext,
  id: string,
  build: (row: TrainerRow) => TrainerCommand,
  opts: { expectedVersion?: number | undefined; countsAgainstPlan?: boolean; authorize?: (row: TrainerRow) => void } = {},
): Promise<CommandResult<TrainerEvent, TrainerState>> => {
  const row = await visibleTrainer(deps.db, ctx, id);
  opts.authorize?.(row);
  const command = build(row);
  try {
    return await withRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        if (opts.countsAgainstPlan) await assertTrainerAllowance(trx, ctx.orgId, id);
        return executeInTransaction(trx, trainerAggregate, id, command, metadataOf(ctx, { locationId: row.location_id }), {
          expectedVersion: opts.expectedVersion,
        });
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, TRAINER_EMAIL_UNIQUE)) throw conflict('EMAIL_TAKEN', 'A trainer with this email already exists');
    throw err;
  }
};
