import { TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { PaymentsDb } from '../db/schema.ts';

type Trx = Transaction<PaymentsDb>;

const project = async (trx: Trx, env: EventEnvelope<z.infer<typeof TrainerEvents.TrainerSnapshot>>): Promise<void> => {
  const d = env.data;
  const row = {
    id: d.trainerId,
    org_id: env.orgId,
    location_id: d.locationId,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    hourly_rate_paise: d.hourlyRatePaise,
    status: d.status,
    updated_at: new Date(env.occurredAt),
  };
  await trx
    .insertInto('pay_trainers')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ ...row, id: undefined } as never)
        .where('pay_trainers.updated_at', '<=', sql<Date>`excluded.updated_at`),
    )
    .execute();
};
const setStatus = async (trx: Trx, id: string, status: string, at: string): Promise<void> => {
  await trx
    .updateTable('pay_trainers')
    .set({ status, updated_at: new Date(at) })
    .where('id', '=', id)
    .where('updated_at', '<=', new Date(at))
    .execute();
};

/** The trainers this service pays, kept from the trainers service's events (newer events win). */
export const trainerHandlers = [
  on(TrainerEvents.TrainerCreated, project),
  on(TrainerEvents.TrainerUpdated, project),
  on(TrainerEvents.TrainerApproved, (trx: Trx, env) => setStatus(trx, env.data.trainerId, 'active', env.occurredAt)),
  on(TrainerEvents.TrainerArchived, (trx: Trx, env) => setStatus(trx, env.data.trainerId, 'archived', env.occurredAt)),
];
