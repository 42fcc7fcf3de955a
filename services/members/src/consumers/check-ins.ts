import { AttendanceEvents, type EventEnvelope } from '@akhada/contracts';
import type { EventHandler } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { MembersDb } from '../db/schema.ts';
import { addVisits, type Visits } from '../db/visits-repo.ts';

/** A run of check-ins → each member's count and latest time, then one statement (a burst at opening time is one round trip). */
const recordCheckIns = async (trx: Transaction<MembersDb>, envs: readonly EventEnvelope<unknown>[]): Promise<void> => {
  const byMember = new Map<string, Visits>();
  for (const env of envs) {
    const d = AttendanceEvents.CheckedIn.data.parse(env.data);
    if (d.type !== 'member') continue; // a trainer's own session is no member's visit
    const key = `${env.orgId}/${d.memberId}`;
    const seen = byMember.get(key);
    if (!seen) byMember.set(key, { orgId: env.orgId, memberId: d.memberId, checkIns: 1, lastCheckIn: d.checkInTime });
    else {
      seen.checkIns += 1;
      if (Date.parse(d.checkInTime) > Date.parse(seen.lastCheckIn)) seen.lastCheckIn = d.checkInTime;
    }
  }
  await addVisits(trx, [...byMember.values()]);
};

/**
 * attendance.checked_in (a member's) → the member's Last Visit and Total Workouts on their read row, in the event's
 * organization. The inbox makes a redelivery a no-op; a rebuild of the members table keeps them (restoreAccounts).
 */
export const onCheckedIn: EventHandler<MembersDb> = {
  type: AttendanceEvents.CheckedIn.type,
  handle: (trx, env) => recordCheckIns(trx, [env]),
  many: recordCheckIns,
};
