import { executeCommand, newId, periodicJob, type Logger, type PeriodicJob } from '@akhada/kit';
import { appointmentAggregate } from '../aggregates/appointment.ts';
import { endedAppointments } from '../db/appointments-repo.ts';
import { DEFAULT_TIME_ZONE } from '@akhada/kit/domain';
import { classOf, endedClasses, expiredOffers } from '../db/classes-repo.ts';
import { settingsOf } from '../db/settings-repo.ts';
import { commandOnClass, rulesOf } from './class-command.ts';
import type { SchedulingDeps } from './deps.ts';
import { ineligibleWaiting } from './waitlist.ts';

/**
 * The timetable's clockwork: a class that ended is closed (its unattended bookings become no-shows) and a place offered
 * from the waitlist that was not confirmed in time passes to the next one who may still book; an appointment that
 * ended unattended becomes a no-show. Each class and appointment in its own transaction.
 */
export const runClassClock = async (
  deps: Pick<SchedulingDeps, 'db' | 'clock' | 'directory'>,
): Promise<{ closed: number; expired: number; noShows: number }> => {
  const now = deps.clock();
  // One run is one conversation: its id is the correlation and the cause of every event it writes.
  const runId = newId();
  const meta = (orgId: string, locationId: string) => ({ orgId, locationId, correlationId: runId, causationId: runId });
  let closed = 0;
  let expired = 0;
  for (const c of await endedClasses(deps.db, now)) {
    await deps.db
      .transaction()
      .execute((trx) => commandOnClass(trx, c.id, { type: 'CloseClass', data: { at: now.toISOString() } }, meta(c.org_id, c.location_id)));
    closed += 1;
  }
  for (const o of await expiredOffers(deps.db, now)) {
    const tz = (await deps.directory.location(o.location_id))?.timezone ?? DEFAULT_TIME_ZONE;
    await deps.db.transaction().execute(async (trx) => {
      const cls = await classOf(trx, o.org_id, o.class_id);
      if (!cls) return;
      const settings = await settingsOf(trx, o.location_id);
      const ineligible = await ineligibleWaiting(trx, tz, cls, settings, now);
      await commandOnClass(
        trx,
        o.class_id,
        { type: 'ExpireOffer', data: { at: now.toISOString(), rules: rulesOf(settings), ineligible } },
        meta(o.org_id, o.location_id),
      );
    });
    expired += 1;
  }
  // An appointment that ended and nobody marked is a no-show.
  let noShows = 0;
  for (const a of await endedAppointments(deps.db, now)) {
    const { events } = await executeCommand(
      deps.db,
      appointmentAggregate,
      a.id,
      { type: 'CloseAppointment', data: { at: now.toISOString() } },
      meta(a.org_id, a.location_id),
    );
    noShows += events.length;
  }
  return { closed, expired, noShows };
};

export const startClassClock = (deps: Pick<SchedulingDeps, 'db' | 'clock' | 'directory'> & { logger: Logger }, intervalMs: number): PeriodicJob =>
  periodicJob({ name: 'scheduling.class-clock', intervalMs, run: () => runClassClock(deps), logger: deps.logger });
