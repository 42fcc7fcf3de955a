import { readThrough, type RequestContext } from '@akhada/kit';
import { findTrainer, trainers } from '../db/trainers-repo.ts';
import type { TrainersTable } from '../db/schema.ts';
import type { MembersDeps } from './deps.ts';

/**
 * A trainer of the caller's organization as this service knows them (from the trainers events), read through to the
 * trainers service when the copy lacks them — a trainer added a moment ago — and written with the projection's
 * newer-wins upsert, so their event changes nothing when it arrives. Undefined when the trainers service does not
 * show the caller that trainer either.
 */
export const trainerOf = (deps: Pick<MembersDeps, 'db' | 'people'>, ctx: RequestContext, trainerId: string): Promise<TrainersTable | undefined> =>
  readThrough({
    local: () => findTrainer(deps.db, ctx.orgId, trainerId),
    remote: () => deps.people?.trainer(trainerId, ctx) ?? Promise.resolve(null),
    save: (t) => trainers.save(deps.db, ctx.orgId, t),
    key: `trainer:${trainerId}:${ctx.bearer ?? ''}`,
  });
