import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { MembersDb } from './schema.ts';

/** A member's check-ins from a run of attendance events: how many, and the latest one's time. */
export interface Visits {
  orgId: string;
  memberId: string;
  checkIns: number;
  /** ISO time of the latest of these check-ins. */
  lastCheckIn: string;
}

/**
 * Adds check-ins to members' visit counts and moves their last check-in forward (never back: `greatest` keeps a later
 * one already there), in one statement for a whole run. Only the event's organization's member is touched; a member
 * not known here (a trainer, another gym's id) changes nothing. Exactly once per event is the consumer's inbox.
 */
export const addVisits = async (db: Executor<MembersDb>, visits: readonly Visits[]): Promise<void> => {
  if (visits.length === 0) return;
  const sorted = [...visits].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
  await sql`update members m
               set total_workouts = m.total_workouts + v.n, last_check_in = greatest(m.last_check_in, v.last)
              from unnest(${sorted.map((v) => v.memberId)}::uuid[], ${sorted.map((v) => v.orgId)}::uuid[],
                          ${sorted.map((v) => v.checkIns)}::int[], ${sorted.map((v) => v.lastCheckIn)}::timestamptz[]) as v(member_id, org_id, n, last)
             where m.id = v.member_id and m.org_id = v.org_id`.execute(db);
};
