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
