import { AttendanceEvents, topicOf } from '@akhada/contracts';
import { enqueue, makeEnvelope, newId, periodicJob, type Logger } from '@akhada/kit';
import { sql } from 'kysely';
import { dateIn, zoneOf, type AttendanceDeps } from './deps.ts';

const NEVER = new Date(0);

/**
 * Raises attendance.low_attendance_detected for each active member with no visit in `days` days (a member who never
 * came counts from their start date), once per absence: the alert row's key is (member, last visit), so a later run,
 * or another instance, finds it and announces nothing; a new visit starts a new absence. Returns how many it raised.
 */
export const detectLowAttendance = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone'> & { logger?: Logger },
  { days, batchSize = 500 }: { days: number; batchSize?: number },
): Promise<number> => {
  const now = deps.clock();
  const since = new Date(now.getTime() - days * 86_400_000);
  const candidates = await deps.db
    .selectFrom('members as m')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('sessions')
          .select(['person_id', sql<Date>`max(check_in_time)`.as('last_visit')])
          .where('type', '=', 'member')
          .groupBy('person_id')
          .as('v'),
      (join) => join.onRef('v.person_id', '=', 'm.id'),
    )
    .select(['m.id', 'm.org_id', 'm.location_id', 'm.first_name', 'm.last_name', 'm.email', 'v.last_visit'])
    .where('m.status', '=', 'active')
    .where((eb) =>
      eb.or([eb('v.last_visit', '<', since), eb.and([eb('v.last_visit', 'is', null), eb('m.start_date', '<=', since.toISOString().slice(0, 10))])]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('low_attendance_alerts as a')
            .select('a.member_id')
            .whereRef('a.member_id', '=', 'm.id')
            .where(sql<boolean>`a.last_visit = coalesce(v.last_visit, ${NEVER})`),
        ),
      ),
    )
    .limit(batchSize)
    .execute();
  const runId = newId();
  let raised = 0;
  for (const m of candidates) {
    const lastVisit = m.last_visit ? new Date(m.last_visit) : null;
    const periodStart = dateIn(await zoneOf(deps, m.location_id), now);
    await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('low_attendance_alerts')
        .values({ member_id: m.id, last_visit: lastVisit ?? NEVER, detected_at: now })
        .onConflict((oc) => oc.columns(['member_id', 'last_visit']).doNothing())
        .returning('member_id')
        .executeTakeFirst();
      if (!inserted) return;
      await enqueue(
        trx,
        topicOf('attendance'),
        makeEnvelope(AttendanceEvents.LowAttendanceDetected, {
          orgId: m.org_id,
          locationId: m.location_id,
          aggregateId: m.id,
          correlationId: runId,
          causationId: runId,
          occurredAt: now.toISOString(),
          data: {
            memberId: m.id,
            locationId: m.location_id,
            firstName: m.first_name,
            lastName: m.last_name,
            email: m.email,
            days,
            lastVisit: lastVisit ? lastVisit.toISOString() : null,
            periodStart,
          },
        }),
      );
      raised += 1;
    });
  }
  return raised;
};

/** Runs detectLowAttendance every `intervalMs` (one run at a time, the kit's periodicJob); stop() waits for a run in progress. */
export const startLowAttendanceJob = (deps: Parameters<typeof detectLowAttendance>[0], o: { days: number; intervalMs: number }) =>
  periodicJob({ name: 'low-attendance', intervalMs: o.intervalMs, logger: deps.logger, run: () => detectLowAttendance(deps, o) });
