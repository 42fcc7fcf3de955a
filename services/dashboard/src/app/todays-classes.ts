import { includesScheduling, type TodaysClasses } from '@akhada/contracts';
import { dateIn, isTrialEnded, type RequestContext } from '@akhada/kit';
import { todaysClasses as read } from '../db/classes-repo.ts';
import { locationsWithZones } from '../db/figures-repo.ts';
import { locationsFor } from './access.ts';
import type { DashboardDeps } from './deps.ts';

/**
 * GET /dashboard/classes/today: the classes starting today in the caller's locations (the one asked for, else all of
 * theirs; each location's day in its own zone), by start time, with places taken of capacity and the waitlist.
 * `included` says whether the organization's plan has class scheduling (an organization the directory does not know
 * yet has just been made: in its trial, so it has).
 */
export const todaysClasses = async (
  deps: Pick<DashboardDeps, 'db' | 'clock' | 'timeZone' | 'directory'>,
  ctx: RequestContext,
  q: { locationId?: string | undefined },
): Promise<TodaysClasses> => {
  const ids = locationsFor(ctx, q.locationId);
  const now = deps.clock();
  const [org, locations] = await Promise.all([deps.directory?.organization(ctx.orgId) ?? null, locationsWithZones(deps.db, ctx.orgId, ids, deps.timeZone)]);
  const included = !org || includesScheduling(org.plan, isTrialEnded(org, now));
  const date = dateIn(locations[0]?.timeZone ?? deps.timeZone, now);
  if (!included) return { included, date, classes: [] };
  const byId = new Map(locations.map((l) => [l.locationId, l]));
  const rows = await read(deps.db, ctx.orgId, locations, now);
  return {
    included,
    date,
    classes: rows.map((r) => ({
      classId: r.class_id,
      locationId: r.location_id,
      locationName: byId.get(r.location_id)?.name ?? '',
      timeZone: byId.get(r.location_id)?.timeZone ?? deps.timeZone,
      name: r.name,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at.toISOString(),
      trainerId: r.trainer_id,
      trainerName: r.trainer_first === null ? null : `${r.trainer_first} ${r.trainer_last ?? ''}`.trim(),
      room: r.room,
      capacity: r.capacity,
      booked: r.booked + (r.offer_open ? 1 : 0),
      waitlist: r.waitlist,
      cancelled: r.cancelled,
    })),
  };
};
