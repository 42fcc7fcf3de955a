import { EnquiriesEvents, topicOf } from '@akhada/contracts';
import { enqueueMany, inTransaction, makeEnvelope, type Executor } from '@akhada/kit';
import { sql, type Kysely } from 'kysely';
import type { EnquiriesDb } from './schema.ts';

export const formCodeOf = (db: Executor<EnquiriesDb>, locationId: string) =>
  db.selectFrom('form_codes').selectAll().where('location_id', '=', locationId).executeTakeFirst();

export const formByCode = (db: Executor<EnquiriesDb>, code: string) => db.selectFrom('form_codes').selectAll().where('code', '=', code).executeTakeFirst();

/** Gives a location its code unless it has one (a racing insert keeps the first). */
export const insertFormCode = (db: Executor<EnquiriesDb>, row: { location_id: string; org_id: string; code: string; created_at: Date }) =>
  db
    .insertInto('form_codes')
    .values(row)
    .onConflict((oc) => oc.column('location_id').doNothing())
    .execute();

/**
 * Announces the forms' codes not announced yet (enquiries.form_link_made: notifications builds members' referral links
 * from them), each once: the events and the mark in one transaction, rows another caller is announcing skipped.
 */
export const announceFormCodes = (db: Kysely<EnquiriesDb>, now: Date): Promise<number> =>
  inTransaction(db, async (trx) => {
    const rows = await trx.selectFrom('form_codes').selectAll().where('announced', '=', false).limit(500).forUpdate().skipLocked().execute();
    if (rows.length === 0) return 0;
    await enqueueMany(
      trx,
      topicOf('enquiries'),
      rows.map((r) =>
        makeEnvelope(EnquiriesEvents.FormLinkMade, {
          orgId: r.org_id,
          locationId: r.location_id,
          aggregateId: r.location_id,
          occurredAt: now.toISOString(),
          correlationId: `form-code:${r.location_id}`,
          causationId: `form-code:${r.location_id}`,
          data: { locationId: r.location_id, code: r.code },
        }),
      ),
    );
    await trx
      .updateTable('form_codes')
      .set({ announced: true })
      .where(
        'location_id',
        'in',
        rows.map((r) => r.location_id),
      )
      .execute();
    return rows.length;
  });

/** Public enquiries from one address are serialized, so parallel requests cannot slip past the hourly limit. */
export const lockAddress = (db: Executor<EnquiriesDb>, ip: string) => sql`select pg_advisory_xact_lock(hashtext(${`enquiries-ip:${ip}`}))`.execute(db);

export const recentFrom = async (db: Executor<EnquiriesDb>, ip: string, since: Date) => {
  const r = await db
    .selectFrom('public_enquiries')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('received_at').as('oldest')])
    .where('ip', '=', ip)
    .where('received_at', '>', since)
    .executeTakeFirstOrThrow();
  return { n: Number(r.n), oldest: r.oldest ? new Date(r.oldest as unknown as string | Date) : null };
};

export const recordFrom = (db: Executor<EnquiriesDb>, ip: string, at: Date) => db.insertInto('public_enquiries').values({ ip, received_at: at }).execute();
