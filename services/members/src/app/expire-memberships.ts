import { ConcurrencyError, dateIn, executeCommand, type Logger, newId, periodicJob } from '@akhada/kit';
import { membershipAggregate } from '../aggregates/membership.ts';
import { dueForExpiry } from '../db/members-repo.ts';
import { zoneOf, type MembersDeps } from './deps.ts';

const DAY_MS = 86_400_000;

/**
 * Expires the active memberships whose end date has begun in their location's time zone, through the aggregate
 * (MembershipExpired, projected and published like any event). Safe with several instances at once: each expiry is an
 * append at the version read, so a second instance either finds nothing to do (the decider returns no event) or loses
 * the race (a ConcurrencyError, skipped). Returns how many memberships it expired.
 */
export const expireMemberships = async (
  deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone' | 'directory'> & { logger?: Logger },
  { batchSize = 500 } = {},
): Promise<number> => {
  const now = deps.clock();
  // The furthest "today" on Earth (UTC+14) bounds the candidates; each is then checked in its own location's zone.
  const upTo = new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
  const runId = newId();
  let expired = 0;
  for (const m of await dueForExpiry(deps.db, upTo, batchSize)) {
    const today = dateIn(await zoneOf(deps, m.location_id), now);
    if (m.end_date > today) continue;
    try {
      const { events } = await executeCommand(
        deps.db,
        membershipAggregate,
        m.id,
        { type: 'ExpireMembership', data: { today } },
        { orgId: m.org_id, locationId: m.location_id, correlationId: runId, causationId: runId },
        { maxRetries: 0 },
      );
      expired += events.length;
    } catch (err) {
      if (err instanceof ConcurrencyError) continue; // another instance wrote this stream first
      deps.logger?.error({ err, memberId: m.id }, 'could not expire membership');
    }
  }
  return expired;
};

/** Runs expireMemberships every `intervalMs` (one run at a time, the kit's periodicJob); stop() waits for a run in progress. */
export const startExpiryJob = (deps: Parameters<typeof expireMemberships>[0], { intervalMs = 60_000 } = {}) =>
  periodicJob({ name: 'membership expiry', intervalMs, logger: deps.logger, run: () => expireMemberships(deps) });
