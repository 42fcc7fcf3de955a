import type { Trainer, UpdateTrainerBody } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { commandTrainer } from './command-trainer.ts';
import { rupeesToPaise } from '@akhada/kit';
import { todayFor, type TrainersDeps } from './deps.ts';
import { trainerView } from './trainer-access.ts';

/** Staff edit a trainer's details, capacity and availability; `expectedVersion` refuses an edit of a stale copy (409). */
export const updateTrainer = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext, id: string, body: UpdateTrainerBody): Promise<Trainer> => {
  const { expectedVersion, hourlyRate, specialization, ...rest } = body;
  await commandTrainer(
    deps,
    ctx,
    id,
    () => ({
      type: 'UpdateTrainer',
      data: { ...rest, specialization: [...new Set(specialization)], hourlyRatePaise: rupeesToPaise(hourlyRate), updatedAt: deps.clock().toISOString() },
    }),
    { expectedVersion },
  );
  return trainerView(deps.db, ctx, id, todayFor(deps));
};
