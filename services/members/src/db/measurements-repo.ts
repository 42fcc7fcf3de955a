import type { Executor } from '@akhada/kit';
import type { MeasurementsTable, MembersDb } from './schema.ts';

export const insertMeasurement = async (db: Executor<MembersDb>, row: MeasurementsTable): Promise<void> => {
  await db.insertInto('measurements').values(row).execute();
};

/** A page of a member's measurements, newest first, and their total. */
export const measurementsOf = async (
  db: Executor<MembersDb>,
  memberId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: MeasurementsTable[]; totalCount: number }> => {
  const rows = await db
    .selectFrom('measurements')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('measured_on', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('measurements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { rows, totalCount: Number(n) };
};

/** Deletes one measurement of the member; false when there is none with that id. */
export const deleteMeasurement = async (db: Executor<MembersDb>, memberId: string, id: string): Promise<boolean> => {
  const res = await db.deleteFrom('measurements').where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
};
