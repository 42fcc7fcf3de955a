import { conflict, executeCommand, isUniqueViolation, metadataOf, type CommandResult, type RequestContext } from '@akhada/kit';
import { trainerAggregate } from '../aggregates/trainer.ts';
import { TRAINER_EMAIL_UNIQUE } from '../db/migrations.ts';
import type { TrainerRow } from '../db/trainers-repo.ts';
import type { TrainerCommand, TrainerEvent, TrainerState } from '../domain/trainer/decider.ts';
import type { TrainersDeps } from './deps.ts';
import { assertTrainerAllowance } from './plan-allowance.ts';
import { visibleTrainer } from './trainer-access.ts';

/** The trainers table's unique email as the caller's 409 (executeCommand's `mapError`). */
export const trainerEmailTaken = (err: unknown): unknown =>
  isUniqueViolation(err, TRAINER_EMAIL_UNIQUE) ? conflict('EMAIL_TAKEN', 'A trainer with this email already exists') : err;

/**
 * The rules every command on an existing trainer shares: the trainer must be visible to the caller (404 otherwise),
 * `authorize` may refuse (403) once it is known, the plan's allowance is checked in the command's transaction when it
 * adds an approved trainer, and a client's stale `expectedVersion` is a 409. The write is the kit's executeCommand.
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
  return executeCommand(deps.db, trainerAggregate, id, build(row), metadataOf(ctx, { locationId: row.location_id }), {
    ...(opts.countsAgainstPlan ? { check: (_state, trx) => assertTrainerAllowance(trx, ctx.orgId, id) } : {}),
    expectedVersion: opts.expectedVersion,
    onStale: () => conflict('CONCURRENCY_CONFLICT', 'Someone else changed this trainer since you opened it. Reload and try again.'),
    mapError: trainerEmailTaken,
  });
};
