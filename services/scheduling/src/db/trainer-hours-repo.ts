import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { WeeklySlot } from '../domain/appointment/hours.ts';
import type { SchedulingDb } from './schema.ts';

/** A trainer's weekly hours as the trainers service last published them ([] when it never did). */
export const hoursOf = async (db: Executor<SchedulingDb>, orgId: string, trainerId: string): Promise<WeeklySlot[]> =>
  (await db.selectFrom('trainer_hours').select('weekly_slots').where('trainer_id', '=', trainerId).where('org_id', '=', orgId).executeTakeFirst())
    ?.weekly_slots ?? [];

/** The newest schedule wins: an older event never overwrites a newer one. */
export const saveHours = (
  db: Executor<SchedulingDb>,
  row: { trainer_id: string; org_id: string; location_id: string; weekly_slots: WeeklySlot[]; updated_at: Date },
) =>
  db
    .insertInto('trainer_hours')
    .values({ ...row, weekly_slots: JSON.stringify(row.weekly_slots) as unknown as WeeklySlot[] })
    .onConflict((oc) =>
      oc
        .column('trainer_id')
        .doUpdateSet({
          location_id: sql`excluded.location_id`,
          weekly_slots: sql`excluded.weekly_slots`,
          updated_at: sql`excluded.updated_at`,
        })
        .where('trainer_hours.updated_at', '<=', sql<Date>`excluded.updated_at`)
        .where('trainer_hours.org_id', '=', sql<string>`excluded.org_id`),
    )
    .execute();

/**
 * Active trainers of an organization, by id or by location, with whether they keep working hours (published slots);
 * by first then last name.
 */
export const trainersWithHours = (db: Executor<SchedulingDb>, orgId: string, o: { ids?: readonly string[]; locationIds?: readonly string[] }) => {
  let q = db
    .selectFrom('trainers as t')
    .leftJoin('trainer_hours as h', (j) => j.onRef('h.trainer_id', '=', 't.id').onRef('h.org_id', '=', 't.org_id'))
    .select(['t.id', 't.first_name', 't.last_name', 't.location_id', sql<boolean>`coalesce(jsonb_array_length(h.weekly_slots) > 0, false)`.as('has_hours')])
    .where('t.org_id', '=', orgId)
    .where('t.status', '=', 'active');
  q = q.where((eb) =>
    eb.or([
      ...(o.ids && o.ids.length > 0 ? [eb('t.id', 'in', [...o.ids])] : []),
      ...(o.locationIds && o.locationIds.length > 0 ? [eb('t.location_id', 'in', [...o.locationIds])] : []),
      eb.val(false),
    ]),
  );
  return q.orderBy('t.first_name').orderBy('t.last_name').limit(200).execute();
};
