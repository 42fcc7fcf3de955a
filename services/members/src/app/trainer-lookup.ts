import { readThrough, type RequestContext } from '@akhada/kit';
import { findTrainer, upsertTrainer } from '../db/trainers-repo.ts';
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
    save: (t) =>
      upsertTrainer(deps.db, {
        id: t.trainerId,
        // The trainers service answered under the caller's token: the trainer is of the caller's organization.
        org_id: ctx.orgId,
        location_id: t.locationId,
        first_name: t.firstName,
        last_name: t.lastName,
        specialization: t.specialization,
        max_clients: t.maxClients,
        is_available: t.isAvailable,
        status: t.status,
        updated_at: new Date(t.updatedAt),
      }),
    key: `trainer:${trainerId}:${ctx.bearer ?? ''}`,
  });
