import type { Trainer } from '@akhada/contracts';
import { notFound, type RequestContext } from '@akhada/kit';
import { certificationsOf, findTrainerInOrg } from '../db/trainers-repo.ts';
import { toTrainer } from '../views/trainer-view.ts';
import { todayFor, type TrainersDeps } from './deps.ts';
import { trainerView } from './trainer-access.ts';

/** One trainer of the caller's locations (404 for anything else). */
export const getTrainer = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext, id: string): Promise<Trainer> => {
  return trainerView(deps.db, ctx, id, todayFor(deps));
};

/** The caller's own trainer record (role trainer): their id is their user id. */
export const getMyTrainer = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext): Promise<Trainer> => {
  const row = await findTrainerInOrg(deps.db, ctx.orgId, ctx.userId);
  if (!row || row.status === 'archived') throw notFound('Trainer');
  return toTrainer(row, await certificationsOf(deps.db, [row.id]), todayFor(deps));
};
