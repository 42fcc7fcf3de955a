import { TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { setTrainerStatus, upsertTrainer } from '../db/people-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';

type Trx = Transaction<AttendanceDb>;
const project = (trx: Trx, env: EventEnvelope<z.infer<typeof TrainerEvents.TrainerSnapshot>>) =>
  upsertTrainer(trx, {
    id: env.data.trainerId,
    org_id: env.orgId,
    location_id: env.data.locationId,
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    email: env.data.email,
    status: env.data.status,
    updated_at: new Date(env.occurredAt),
  });

/** Trainers' names and status, for trainer check-ins and the trainer with a member. */
export const trainerHandlers = [
  on(TrainerEvents.TrainerCreated, project),
  on(TrainerEvents.TrainerUpdated, project),
  on(TrainerEvents.TrainerApproved, (trx: Trx, env) => setTrainerStatus(trx, env.data.trainerId, 'active', new Date(env.occurredAt))),
  on(TrainerEvents.TrainerArchived, (trx: Trx, env) => setTrainerStatus(trx, env.data.trainerId, 'archived', new Date(env.occurredAt))),
];
