import type { StoredEvent } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { SchedulingDb } from '../db/schema.ts';
import type { AppointmentEvent } from '../domain/appointment/decider.ts';

/** The appointments read table, kept in step with each appointment's stream inside the command's transaction. */
export const projectAppointments = async (trx: Transaction<SchedulingDb>, { event, streamVersion }: StoredEvent<AppointmentEvent>): Promise<void> => {
  if (event.type === 'AppointmentBooked') {
    const d = event.data;
    await trx
      .insertInto('appointments')
      .values({
        id: d.appointmentId,
        org_id: d.orgId,
        location_id: d.locationId,
        member_id: d.memberId,
        trainer_id: d.trainerId,
        starts_at: new Date(d.startsAt),
        ends_at: new Date(d.endsAt),
        status: 'booked',
        late: false,
        booked_by: d.bookedBy,
        cancelled_by: null,
        version: streamVersion,
      })
      .execute();
    return;
  }
  const set =
    event.type === 'AppointmentCancelled'
      ? { status: 'cancelled', late: event.data.late, cancelled_by: event.data.by }
      : { status: event.type === 'AppointmentAttended' ? 'attended' : 'no_show' };
  await trx
    .updateTable('appointments')
    .set({ ...set, version: streamVersion })
    .where('id', '=', event.data.appointmentId)
    .where('version', '<', streamVersion)
    .execute();
};
