import { AttendanceEvents, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { addActivity, addCheckIn } from '../db/read-model-repo.ts';
import type { ActivityTable, CheckInsTable } from '../db/schema.ts';
import { figuresChangedMany, handlersFor, type ApplyOptions, type Trx } from './record.ts';

type CheckedIn = z.infer<typeof AttendanceEvents.CheckedIn.data>;

const rowsOf = (env: EventEnvelope<CheckedIn>): { checkIn: CheckInsTable; activity: ActivityTable } => {
  const d = env.data;
  const name = `${d.firstName.trim()} ${d.lastName.trim()}`.trim();
  const at = new Date(d.checkInTime);
  return {
    checkIn: { attendance_id: d.attendanceId, org_id: env.orgId, location_id: d.locationId, person_id: d.memberId, type: d.type, name, at },
    activity: {
      event_id: env.eventId,
      org_id: env.orgId,
      location_id: d.locationId,
      kind: 'check_in',
      at,
      person_id: d.memberId,
      name,
      amount_paise: null,
      detail: d.type,
    },
  };
};

/** Check-ins for Today's Check-ins and Recent Activity: a burst of them in one statement per table. */
const checkedIn = async (trx: Trx, envs: EventEnvelope<CheckedIn>[], o: ApplyOptions) => {
  const rows = envs.map(rowsOf);
  await addCheckIn(
    trx,
    rows.map((r) => r.checkIn),
  );
  await addActivity(
    trx,
    rows.map((r) => r.activity),
  );
  await figuresChangedMany(
    trx,
    envs.map((env) => ({ env, locationId: env.data.locationId })),
    o,
    'attendance',
  );
};

/** The attendance topic: check-ins for Today's Check-ins and Recent Activity, audit. */
export const attendanceHandlers = (o: ApplyOptions) =>
  handlersFor(
    'attendance',
    AttendanceEvents,
    { [AttendanceEvents.CheckedIn.type]: (trx: Trx, env: EventEnvelope<CheckedIn>) => checkedIn(trx, [env], o) },
    undefined,
    { [AttendanceEvents.CheckedIn.type]: (trx: Trx, envs: EventEnvelope<CheckedIn>[]) => checkedIn(trx, envs, o) },
  );
