import type { RequestContext } from '@akhada/kit';
import { commandTrainer } from './command-trainer.ts';
import type { TrainersDeps } from './deps.ts';
import { requireSelfOrStaff } from './trainer-access.ts';

/** Staff, or the trainer themself, cancel a booked session (404 for a session the trainer does not have). */
export const cancelSession = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext, id: string, sessionId: string): Promise<void> => {
  await commandTrainer(deps, ctx, id, () => ({ type: 'CancelSession', data: { sessionId, cancelledAt: deps.clock().toISOString() } }), {
    authorize: (row) => requireSelfOrStaff(ctx, row.id, 'Trainers can cancel only their own sessions'),
  });
};
