import { TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { addStatusChange, personById, trainerPeople, upsertActor } from '../db/read-model-repo.ts';
import { figuresChanged, handlersFor, type ApplyOptions, type Trx } from './record.ts';

type Snapshot = z.infer<typeof TrainerEvents.TrainerSnapshot>;
const at = (env: EventEnvelope<unknown>) => new Date(env.occurredAt);

const changed = async (trx: Trx, env: EventEnvelope<unknown>, o: ApplyOptions, trainerId: string, locationId: string, status: string) => {
  await addStatusChange(trx, { event_id: env.eventId, org_id: env.orgId, location_id: locationId, kind: 'trainer', person_id: trainerId, status, at: at(env) });
  await figuresChanged(trx, env, o, 'trainers', locationId);
};

const project = async (trx: Trx, env: EventEnvelope<Snapshot>, o: ApplyOptions) => {
  const d = env.data;
  await trainerPeople.apply(trx, env);
  await upsertActor(trx, { user_id: d.trainerId, org_id: env.orgId, name: `${d.firstName} ${d.lastName}`.trim() });
  await changed(trx, env, o, d.trainerId, d.locationId, d.status);
};

/** A trainer's new status (the kit's copy says which). */
const statusTo = async (trx: Trx, env: EventEnvelope<{ trainerId: string }>, o: ApplyOptions) => {
  const status = (await trainerPeople.apply(trx, env))!.set.status!;
  const p = await personById(trx, env.data.trainerId);
  const locationId = env.locationId ?? p?.location_id;
  if (locationId) await changed(trx, env, o, env.data.trainerId, locationId, status);
};

/** The trainers topic: trainers for the search and Total Trainers (with their statuses over time), audit. */
export const trainerHandlers = (o: ApplyOptions) =>
  handlersFor('trainers', TrainerEvents, {
    [TrainerEvents.TrainerCreated.type]: (trx, env: EventEnvelope<Snapshot>) => project(trx, env, o),
    [TrainerEvents.TrainerUpdated.type]: (trx, env: EventEnvelope<Snapshot>) => project(trx, env, o),
    [TrainerEvents.TrainerApproved.type]: (trx, env: EventEnvelope<{ trainerId: string }>) => statusTo(trx, env, o),
    [TrainerEvents.TrainerArchived.type]: (trx, env: EventEnvelope<{ trainerId: string }>) => statusTo(trx, env, o),
  });
