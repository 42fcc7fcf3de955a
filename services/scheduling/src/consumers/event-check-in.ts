import type { AttendanceEvents, EventEnvelope } from '@akhada/contracts';
import { metadataOf } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { commandOnEvent } from '../app/event-command.ts';
import { ticketsOnAt } from '../db/events-repo.ts';
import type { SchedulingDb } from '../db/schema.ts';
import { DOORS_OPEN_MINUTES } from '../domain/event/decider.ts';

type CheckedIn = EventEnvelope<z.infer<(typeof AttendanceEvents.CheckedIn)['data']>>;

/**
 * A member's check-in (QR or desk) at a location marks their confirmed ticket attended for an event there that is on
 * then (from an hour before it starts until it ends). Called from the check-in handler (attendance.ts), in its inbox
 * transaction; the check-in itself stays in attendance.
 */
export const markTicketsOnCheckIn = async (trx: Transaction<SchedulingDb>, env: CheckedIn): Promise<void> => {
  if (env.data.type !== 'member') return;
  for (const t of await ticketsOnAt(trx, env.data.memberId, env.data.locationId, new Date(env.data.checkInTime), DOORS_OPEN_MINUTES)) {
    if (t.org_id !== env.orgId) continue;
    await commandOnEvent(
      trx,
      t.event_id,
      { type: 'MarkAttended', data: { memberId: env.data.memberId, at: env.data.checkInTime, by: 'check_in' } },
      metadataOf(env, { locationId: env.data.locationId }),
    );
  }
};
