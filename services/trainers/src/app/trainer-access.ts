import type { Trainer } from '@akhada/contracts';
import { forbidden, isStaff, notFound, type Executor, type RequestContext } from '@akhada/kit';
import { certificationsOf, findTrainer, type TrainerRow } from '../db/trainers-repo.ts';
import type { TrainersDb } from '../db/schema.ts';
import { toTrainer } from '../views/trainer-view.ts';

// Who may call each route is its contract's `roles`, which addRoute enforces before any lookup; what follows are the
// rules a role list cannot say.

/**
 * A trainer the caller may see: their organization, one of their locations; trainers see only approved colleagues
 * (and themselves). Anything else is "not found", never "forbidden", so ids of other gyms reveal nothing.
 */
export const visibleTrainer = async (db: Executor<TrainersDb>, ctx: RequestContext, id: string): Promise<TrainerRow> => {
  const row = ctx.locationIds.length === 0 ? undefined : await findTrainer(db, { orgId: ctx.orgId, locationIds: ctx.locationIds }, id);
  if (!row) throw notFound('Trainer');
  if (!isStaff(ctx) && row.id !== ctx.userId && row.status !== 'active') throw notFound('Trainer');
  return row;
};

/** Staff, or the trainer themself: the trainer's schedule, sessions and certifications. */
export const requireSelfOrStaff = (ctx: RequestContext, trainerId: string, message: string): void => {
  if (!isStaff(ctx) && ctx.userId !== trainerId) throw forbidden(message);
};

/** The trainer in the contract's shape, read after a command committed. */
export const trainerView = async (db: Executor<TrainersDb>, ctx: RequestContext, id: string, today: string): Promise<Trainer> => {
  const row = await visibleTrainer(db, ctx, id);
  return toTrainer(row, await certificationsOf(db, [row.id]), today);
};
