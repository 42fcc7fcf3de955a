import type { Executor } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import type { TrainersDb } from './schema.ts';

export interface ExpiringCertification {
  certification_id: string;
  trainer_id: string;
  org_id: string;
  location_id: string;
  expiry_date: string;
}

/**
 * Certifications of trainers not archived that expire between `from` and `to` and were not announced for that expiry
 * date yet, locked with SKIP LOCKED: another instance running the job at the same time takes the others.
 */
export const claimExpiringCertifications = async (trx: Transaction<TrainersDb>, from: string, to: string, limit: number): Promise<ExpiringCertification[]> =>
  (
    await sql<ExpiringCertification>`
      select tc.id as certification_id, tc.trainer_id, t.org_id, t.location_id, tc.expiry_date
      from trainer_certifications tc
      join trainers t on t.id = tc.trainer_id
      where tc.expiry_date between ${from}::date and ${to}::date
        and t.status <> 'archived'
        and not exists (select 1 from certification_expiry_notices n where n.certification_id = tc.id and n.expiry_date = tc.expiry_date)
      order by tc.expiry_date, tc.id
      limit ${limit}
      for update of tc skip locked`.execute(trx)
  ).rows;

/** The marker that this certification's expiry date was announced; false when another run got there first. */
export const markNoticed = async (
  db: Executor<TrainersDb>,
  row: { certification_id: string; expiry_date: string; trainer_id: string; noticed_at: Date },
): Promise<boolean> =>
  (
    await db
      .insertInto('certification_expiry_notices')
      .values(row)
      .onConflict((oc) => oc.columns(['certification_id', 'expiry_date']).doNothing())
      .returning('certification_id')
      .execute()
  ).length > 0;
