import type { RequestContext } from '@akhada/kit';
import { commandTrainer } from './command-trainer.ts';
import type { TrainersDeps } from './deps.ts';

/** Staff archive a trainer (or refuse a pending one). Members unassigns their clients and auth ends their sign-in, from trainers.trainer_archived. */
export const archiveTrainer = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext, id: string): Promise<void> => {
  await commandTrainer(deps, ctx, id, () => ({ type: 'ArchiveTrainer', data: { archivedAt: deps.clock().toISOString() } }));
};
