import type { Trainer } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { commandTrainer } from './command-trainer.ts';
import { todayFor, type TrainersDeps } from './deps.ts';
import { trainerView } from './trainer-access.ts';

/** Staff approve a trainer who registered with the join code: from now on they count against the plan and see the gym. */
export const approveTrainer = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext, id: string): Promise<Trainer> => {
  await commandTrainer(deps, ctx, id, () => ({ type: 'ApproveTrainer', data: { approvedAt: deps.clock().toISOString() } }), {
    countsAgainstPlan: true,
  });
  return trainerView(deps.db, ctx, id, todayFor(deps));
};
