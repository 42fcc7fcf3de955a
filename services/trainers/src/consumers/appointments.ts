import { SchedulingEvents } from '@akhada/contracts';
import { dateIn, on } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import { timeZoneOf } from '../db/directory-repo.ts';
import type { TrainersDb } from '../db/schema.ts';

type Trx = Transaction<TrainersDb>;
type AppointmentFacts = SchedulingEvents.AppointmentFacts;

/**
 * The trainer's appointments as scheduling tells them: each event carries the whole appointment, so the row is written
 * whole with its status; an older event never overwrites a newer one. The schedule shows the booked ones; earnings
 * count the attended ones by their day in the location's calendar.
 */
const record = async (trx: Trx, env: { orgId: string; occurredAt: string }, a: AppointmentFacts, status: string) => {
  const startsAt = new Date(a.startsAt);
  const row = {
    id: a.appointmentId,
    org_id: env.orgId,
    trainer_id: a.trainerId,
    member_id: a.memberId,
    location_id: a.locationId,
    starts_at: startsAt,
    ends_at: new Date(a.endsAt),
    local_date: dateIn(await timeZoneOf(trx, a.locationId), startsAt),
    status,
    updated_at: new Date(env.occurredAt),
  };
  await trx
    .insertInto('trainer_appointments')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ status: row.status, updated_at: row.updated_at })
        .where('trainer_appointments.updated_at', '<=', sql<Date>`excluded.updated_at`)
        .where('trainer_appointments.org_id', '=', sql<string>`excluded.org_id`),
    )
    .execute();
};

export const appointmentHandlers = [
  on(SchedulingEvents.AppointmentBooked, (trx: Trx, env) => record(trx, env, env.data, 'booked')),
  on(SchedulingEvents.AppointmentCancelled, (trx: Trx, env) => record(trx, env, env.data, 'cancelled')),
  on(SchedulingEvents.AppointmentAttended, (trx: Trx, env) => record(trx, env, env.data, 'attended')),
  on(SchedulingEvents.AppointmentNoShow, (trx: Trx, env) => record(trx, env, env.data, 'no_show')),
];
