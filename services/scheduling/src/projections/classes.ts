import { preparedSql, type StoredEvent } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { SchedulingDb } from '../db/schema.ts';
import type { OccurrenceEvent } from '../domain/occurrence/decider.ts';

type Trx = Transaction<SchedulingDb>;

/** A member's place in the class: inserted (with the class's organization, location and start), or the row of an earlier place (a cancelled booking) taken over. One statement. */
const place = async (trx: Trx, classId: string, memberId: string, set: { status: string; seq: number; since: string }) => {
  await trx.executeQuery(placeQuery([memberId, set.status, String(set.seq), new Date(set.since), classId]));
};
// Every booking runs it: prepared. $1 member, $2 status, $3 seq, $4 since, $5 class.
const placeQuery = preparedSql(
  `insert into bookings (class_id, member_id, org_id, location_id, starts_at, status, seq, offer_expires_at, late, since)
   select c.id, $1, c.org_id, c.location_id, c.starts_at, $2, $3, null, false, $4
     from classes c where c.id = $5
   on conflict (class_id, member_id)
   do update set status = excluded.status, seq = excluded.seq, offer_expires_at = null, late = false, since = excluded.since`,
);

/** The class's occupancy and stream version, after every event of it (prepared). $1 version, $2 class. */
const countQuery = preparedSql(
  `update classes c
      set booked = (select count(*) from bookings b where b.class_id = c.id and b.status in ('booked', 'offered', 'attended', 'no_show'))::int,
          waitlisted = (select count(*) from bookings b where b.class_id = c.id and b.status = 'waitlisted')::int,
          version = $1
    where c.id = $2`,
);

const setStatus = (trx: Trx, classId: string, memberIds: string[], status: string, extra: { late?: boolean; offer_expires_at?: Date | null } = {}) =>
  memberIds.length === 0
    ? Promise.resolve()
    : trx
        .updateTable('bookings')
        .set({ status, ...extra })
        .where('class_id', '=', classId)
        .where('member_id', 'in', memberIds)
        .execute();

/**
 * The classes and bookings read tables, kept in step with each class's stream inside the command's transaction:
 * a class's row carries its occupancy (booked, offered and attended count as taken; waitlisted apart) and the version
 * of its stream; a booking row is a member's place, its `seq` the order in which they joined the waitlist.
 */
export const projectClasses = async (trx: Trx, stored: StoredEvent<OccurrenceEvent>): Promise<void> => {
  const { event, streamVersion, globalPosition } = stored;
  const classId = event.type === 'ClassScheduled' ? event.data.occurrenceId : event.data.classId;
  switch (event.type) {
    case 'ClassScheduled': {
      const d = event.data;
      await trx
        .insertInto('classes')
        .values({
          id: d.occurrenceId,
          org_id: d.orgId,
          location_id: d.locationId,
          class_type_id: d.classTypeId,
          class_name: d.className,
          series_id: d.seriesId,
          starts_at: new Date(d.startsAt),
          ends_at: new Date(d.endsAt),
          capacity: d.capacity,
          trainer_id: d.trainerId,
          room: d.room,
          status: 'scheduled',
          booked: 0,
          waitlisted: 0,
          version: streamVersion,
        })
        .execute();
      return;
    }
    case 'ClassEdited': {
      const c = event.data.changes;
      await trx
        .updateTable('classes')
        .set({
          ...(c.startsAt !== undefined ? { starts_at: new Date(c.startsAt) } : {}),
          ...(c.endsAt !== undefined ? { ends_at: new Date(c.endsAt) } : {}),
          ...(c.capacity !== undefined ? { capacity: c.capacity } : {}),
          ...(c.trainerId !== undefined ? { trainer_id: c.trainerId } : {}),
          ...(c.room !== undefined ? { room: c.room } : {}),
        })
        .where('id', '=', classId)
        .execute();
      if (c.startsAt !== undefined)
        await trx
          .updateTable('bookings')
          .set({ starts_at: new Date(c.startsAt) })
          .where('class_id', '=', classId)
          .execute();
      break;
    }
    case 'ClassCancelled':
      await trx.updateTable('classes').set({ status: 'cancelled' }).where('id', '=', classId).execute();
      await setStatus(trx, classId, [...event.data.bookedMemberIds, ...event.data.waitlistedMemberIds], 'cancelled', { offer_expires_at: null });
      break;
    case 'ClassBooked':
      await place(trx, classId, event.data.memberId, { status: 'booked', seq: globalPosition, since: event.data.at });
      break;
    case 'Waitlisted':
      await place(trx, classId, event.data.memberId, { status: 'waitlisted', seq: globalPosition, since: event.data.at });
      break;
    case 'BookingCancelled':
      await setStatus(trx, classId, [event.data.memberId], 'cancelled', { late: event.data.late, offer_expires_at: null });
      break;
    case 'WaitlistPromoted':
      await setStatus(trx, classId, [event.data.memberId], 'booked', { offer_expires_at: null });
      break;
    case 'PromotionOffered':
      await setStatus(trx, classId, [event.data.memberId], 'offered', { offer_expires_at: new Date(event.data.expiresAt) });
      break;
    case 'PromotionExpired':
      await setStatus(trx, classId, [event.data.memberId], 'expired', { offer_expires_at: null });
      break;
    case 'AttendanceMarked':
      await setStatus(trx, classId, [event.data.memberId], 'attended');
      break;
    case 'ClassClosed':
      await trx.updateTable('classes').set({ status: 'closed' }).where('id', '=', classId).execute();
      await setStatus(trx, classId, event.data.noShowMemberIds, 'no_show');
      break;
    case 'ClassFilled':
      break;
  }
  await trx.executeQuery(countQuery([streamVersion, classId]));
};
