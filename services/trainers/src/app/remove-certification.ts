import type { Trainer } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { commandTrainer } from './command-trainer.ts';
import { todayFor, type TrainersDeps } from './deps.ts';
import { requireSelfOrStaff, trainerView } from './trainer-access.ts';

/** Staff, or the trainer themself, remove a certification (404 for one the trainer does not have). */
export const removeCertification = async (
  deps: Pick<TrainersDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  id: string,
  certificationId: string,
): Promise<Trainer> => {
  await commandTrainer(deps, ctx, id, () => ({ type: 'RemoveCertification', data: { certificationId, removedAt: deps.clock().toISOString() } }), {
    authorize: (row) => requireSelfOrStaff(ctx, row.id, 'Trainers can change only their own certifications'),
  });
  return trainerView(deps.db, ctx, id, todayFor(deps));
};
