import { newId, periodicJob, type Logger, type PeriodicJob } from '@akhada/kit';
import { endedEvents, eventsWithHoldsRunOut } from '../db/events-repo.ts';
import type { SchedulingDeps } from './deps.ts';
import { commandOnEvent } from './event-command.ts';

/**
 * The events' clockwork: a paid ticket's hold that ran out unpaid lapses (its place is free again: the next ticket
 * taken lapses it too, so nobody waits on this run), and an event past its end is ended. Each event in its own
 * transaction, behind its lock.
 */
export const runEventClock = async (deps: Pick<SchedulingDeps, 'db' | 'clock'>): Promise<{ lapsed: number; ended: number }> => {
  const now = deps.clock();
  const runId = newId();
  const meta = (orgId: string, locationId: string) => ({ orgId, locationId, correlationId: runId, causationId: runId });
  let lapsed = 0;
  let ended = 0;
  for (const e of await eventsWithHoldsRunOut(deps.db, now)) {
    const r = await deps.db
      .transaction()
      .execute((trx) => commandOnEvent(trx, e.event_id, { type: 'LapseHolds', data: { at: now.toISOString() } }, meta(e.org_id, e.location_id)));
    lapsed += r.events.length;
  }
  for (const e of await endedEvents(deps.db, now)) {
    await deps.db
      .transaction()
      .execute((trx) => commandOnEvent(trx, e.id, { type: 'EndEvent', data: { at: now.toISOString() } }, meta(e.org_id, e.location_id)));
    ended += 1;
  }
  return { lapsed, ended };
};

export const startEventClock = (deps: Pick<SchedulingDeps, 'db' | 'clock'> & { logger: Logger }, intervalMs: number): PeriodicJob =>
  periodicJob({ name: 'scheduling.event-clock', intervalMs, run: () => runEventClock(deps), logger: deps.logger });
