import type { TrainerCopy } from '@akhada/contracts';
import { toStored, type RequestContext } from '@akhada/kit';
import { toIntegrationEvents } from '../aggregates/trainer.ts';
import { trainerStreamId, type TrainerEvent } from '../domain/trainer/decider.ts';
import type { TrainersDeps } from './deps.ts';
import { visibleTrainer } from './trainer-access.ts';

/**
 * GET /trainers/:id/copy: a trainer as other services keep their copy (the trainer snapshot), for their read-through
 * when an event has not reached them yet. Scoped like GET /trainers/:id (404 otherwise). `updatedAt` is the latest
 * `occurredAt` among the stream's integration events up to the row's version: what the copies' newer-wins guard compares.
 */
export const trainerCopy = async (deps: Pick<TrainersDeps, 'db'>, ctx: RequestContext, id: string): Promise<TrainerCopy> => {
  const row = await visibleTrainer(deps.db, ctx, id);
  const events = await deps.db
    .selectFrom('events')
    .selectAll()
    .where('stream_id', '=', trainerStreamId(row.id))
    .where('stream_version', '<=', row.version)
    .execute();
  const times = events.flatMap((e) => toIntegrationEvents(toStored<TrainerEvent>(e)).map((env) => Date.parse(env.occurredAt)));
  return {
    trainerId: row.id,
    locationId: row.location_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    specialization: row.specialization,
    maxClients: row.max_clients,
    isAvailable: row.is_available,
    hourlyRatePaise: row.hourly_rate_paise,
    status: row.status,
    version: row.version,
    updatedAt: new Date(times.length ? Math.max(...times) : row.created_at.getTime()).toISOString(),
  };
};
