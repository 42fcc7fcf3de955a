import type { Executor } from '@akhada/kit';
import type { SchedulingDb } from './schema.ts';

/** Makes or replaces the member's feed (one per member: a new token stops the old one). */
export const saveFeed = async (db: Executor<SchedulingDb>, row: { member_id: string; org_id: string; token_hash: string; created_at: Date }) => {
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ token_hash: row.token_hash, created_at: row.created_at }))
    .execute();
};

export const feedOf = (db: Executor<SchedulingDb>, orgId: string, memberId: string) =>
  db.selectFrom('calendar_feeds').select('created_at').where('org_id', '=', orgId).where('member_id', '=', memberId).executeTakeFirst();

export const feedByHash = (db: Executor<SchedulingDb>, tokenHash: string) =>
  db.selectFrom('calendar_feeds').select(['member_id', 'org_id']).where('token_hash', '=', tokenHash).executeTakeFirst();

/** The member's places to show in their calendar: from `from` on, with the class; a cancelled class's places too. */
export const calendarPlaces = (db: Executor<SchedulingDb>, orgId: string, memberId: string, from: Date) =>
  db
    .selectFrom('bookings as b')
    .innerJoin('classes as c', 'c.id', 'b.class_id')
    .select(['c.id', 'c.class_name', 'c.starts_at', 'c.ends_at', 'c.room', 'c.location_id', 'c.status as class_status', 'b.status'])
    .where('b.org_id', '=', orgId)
    .where('b.member_id', '=', memberId)
    .where('c.starts_at', '>=', from)
    .where((eb) => eb.or([eb('b.status', '!=', 'cancelled'), eb('c.status', '=', 'cancelled')]))
    .orderBy('c.starts_at')
    .limit(500)
    .execute();
