import { conflict, type RequestContext } from '@akhada/kit';
import { commandTrainer } from './command-trainer.ts';
import type { TrainersDeps } from './deps.ts';

/** Staff ask auth to send the sign-in invitation again (a new link; the old one stops working). */
export const resendInvitation = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext, id: string): Promise<void> => {
  await commandTrainer(deps, ctx, id, () => ({ type: 'RequestInvitationResend', data: { requestedAt: deps.clock().toISOString() } }), {
    authorize: (row) => {
      if (row.account_status === 'active') throw conflict('CONFLICT', 'This trainer has already accepted the invitation and can sign in');
    },
  });
};
