import { AttendanceEvents } from '@akhada/contracts';
import { executeCommand, metadataOf, on } from '@akhada/kit';
import { appointmentAggregate } from '../aggregates/appointment.ts';
import { appointmentsAround } from '../db/appointments-repo.ts';
import type { Transaction } from 'kysely';
import { commandOnClass } from '../app/class-command.ts';
import { bookedAround } from '../db/classes-repo.ts';
import type { SchedulingDb } from '../db/schema.ts';
import { markTicketsOnCheckIn } from './event-check-in.ts';

/**
 * A member's check-in at a location (QR or desk) marks their booking of a class there that is on around then attended
 * (from an hour before it starts until three hours after), their ticket for an event there that is on, and their
 * personal-training appointment there that is on (from an hour before it starts until it ends). The check-in itself
 * stays in attendance.
 */
export const onCheckedIn = on(AttendanceEvents.CheckedIn, async (trx: Transaction<SchedulingDb>, env) => {
  if (env.data.type !== 'member') return;
  const at = new Date(env.data.checkInTime);
  for (const b of await bookedAround(trx, env.data.memberId, env.data.locationId, at)) {
    if (b.org_id !== env.orgId) continue;
    await commandOnClass(
      trx,
      b.class_id,
      { type: 'MarkAttended', data: { memberId: env.data.memberId, at: env.data.checkInTime } },
      metadataOf(env, { locationId: env.data.locationId }),
    );
  }
  await markTicketsOnCheckIn(trx, env);
  for (const a of await appointmentsAround(trx, env.data.memberId, env.data.locationId, at)) {
    if (a.org_id !== env.orgId) continue;
    await executeCommand(
      trx,
      appointmentAggregate,
      a.id,
      { type: 'MarkAttended', data: { by: env.data.memberId, at: env.data.checkInTime } },
      metadataOf(env, { locationId: env.data.locationId }),
    );
  }
});
