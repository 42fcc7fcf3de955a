import { ConcurrencyError, executeCommand, newId, periodicJob, type Logger } from '@akhada/kit';
import { sessionAggregate } from '../aggregates/session.ts';
import { openSessionsBefore } from '../db/sessions-repo.ts';
import type { AttendanceDeps } from './deps.ts';

/**
 * Closes the sessions left open longer than `maxOpenMinutes`, at check-in + maxOpenMinutes, marked autoClosed.
 * Safe on several instances: each closure is an append at the version read, so a second instance finds nothing to do
 * (the decider decides no event) or loses the race (ConcurrencyError, skipped).
 */
export const autoCloseSessions = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock'> & { logger?: Logger },
  { maxOpenMinutes, batchSize = 500 }: { maxOpenMinutes: number; batchSize?: number },
): Promise<number> => {
  const limitMs = maxOpenMinutes * 60_000;
  const runId = newId();
  let closed = 0;
  for (const s of await openSessionsBefore(deps.db, new Date(deps.clock().getTime() - limitMs), batchSize)) {
    try {
      const { events } = await executeCommand(
        deps.db,
        sessionAggregate,
        s.person_id,
        { type: 'AutoClose', data: { attendanceId: s.id, closeAt: new Date(s.check_in_time.getTime() + limitMs).toISOString() } },
        { orgId: s.org_id, locationId: s.location_id, correlationId: runId, causationId: runId },
        { maxRetries: 0 },
      );
      closed += events.length;
    } catch (err) {
      if (err instanceof ConcurrencyError) continue;
      deps.logger?.error({ err, attendanceId: s.id }, 'could not close session');
    }
  }
  return closed;
};

/** Runs autoCloseSessions every `intervalMs` (one run at a time, the kit's periodicJob); stop() waits for a run in progress. */
export const startAutoCloseJob = (deps: Parameters<typeof autoCloseSessions>[0], o: { maxOpenMinutes: number; intervalMs: number }) =>
  periodicJob({ name: 'auto-close', intervalMs: o.intervalMs, logger: deps.logger, run: () => autoCloseSessions(deps, o) });
