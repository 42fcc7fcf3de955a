import { AttendanceEvents, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { addActivity, addCheckIn } from '../db/read-model-repo.ts';
import { figuresChanged, handlersFor, type ApplyOptions, type Trx } from './record.ts';

type CheckedIn = z.infer<typeof AttendanceEvents.CheckedIn.data>;

/** The attendance topic: check-ins for Today's Check-ins and Recent Activity, audit. */
export const attendanceHandlers = (o: ApplyOptions) =>
  handlersFor('attendance', AttendanceEvents, {
    [AttendanceEvents.CheckedIn.type]: async (trx: Trx, env: EventEnvelope<CheckedIn>) => {
      const d = env.data;
      const name = `${d.firstName.trim()} ${d.lastName.trim()}`.trim();
      await addCheckIn(trx, {
        attendance_id: d.attendanceId,
        org_id: env.orgId,
        location_id: d.locationId,
        person_id: d.memberId,
        type: d.type,
        name,
        at: new Date(d.checkInTime),
      });
      await addActivity(trx, {
        event_id: env.eventId,
        org_id: env.orgId,
        location_id: d.locationId,
        kind: 'check_in',
        at: new Date(d.checkInTime),
        person_id: d.memberId,
        name,
        amount_paise: null,
        detail: d.type,
      });
      await figuresChanged(trx, env, o, 'attendance', d.locationId);
    },
  });
