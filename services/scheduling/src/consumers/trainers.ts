import { TrainerEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { SchedulingDb } from '../db/schema.ts';
import { setTrainerStatus, upsertTrainer } from '../db/trainers-repo.ts';

/** This service's copy of trainers: who may lead a class of an organization. */
type Trx = Transaction<SchedulingDb>;
const row = (orgId: string, t: TrainerEvents.TrainerSnapshot, occurredAt: string) => ({
  id: t.trainerId,
  org_id: orgId,
  location_id: t.locationId,
  first_name: t.firstName,
  last_name: t.lastName,
  status: t.status,
  updated_at: new Date(occurredAt),
});

export const onTrainerCreated = on(TrainerEvents.TrainerCreated, (trx: Trx, env) => upsertTrainer(trx, row(env.orgId, env.data, env.occurredAt)));
export const onTrainerUpdated = on(TrainerEvents.TrainerUpdated, (trx: Trx, env) => upsertTrainer(trx, row(env.orgId, env.data, env.occurredAt)));
export const onTrainerApproved = on(TrainerEvents.TrainerApproved, (trx: Trx, env) =>
  setTrainerStatus(trx, env.data.trainerId, 'active', new Date(env.occurredAt)),
);
export const onTrainerArchived = on(TrainerEvents.TrainerArchived, (trx: Trx, env) =>
  setTrainerStatus(trx, env.data.trainerId, 'archived', new Date(env.occurredAt)),
);

export const trainerHandlers = [onTrainerCreated, onTrainerUpdated, onTrainerApproved, onTrainerArchived];
