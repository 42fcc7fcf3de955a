import { sql, type Insertable } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

/** Serializes enquiries from one address until the transaction ends, so parallel requests cannot slip past the limit. */
export const lockEnquiriesFrom = (trx: Executor<AuthDb>, ip: string) => sql`select pg_advisory_xact_lock(hashtext(${`akhada.enquiry.${ip}`}))`.execute(trx);

export const recentEnquiriesFrom = (db: Executor<AuthDb>, ip: string, since: Date) =>
  db
    .selectFrom('enquiries')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();

export const insertEnquiry = async (db: Executor<AuthDb>, enquiry: Insertable<AuthDb['enquiries']>) => {
  await db.insertInto('enquiries').values(enquiry).execute();
};
