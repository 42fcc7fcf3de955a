import type { Executor } from '@akhada/kit';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { CampaignRow, CampaignsTable, NotificationsDb } from './schema.ts';

export const insertCampaign = async (db: Executor<NotificationsDb>, row: Insertable<CampaignsTable>): Promise<CampaignRow> =>
  db.insertInto('campaigns').values(row).returningAll().executeTakeFirstOrThrow();

/**
 * A campaign of the organization the caller may see: an owner any; an admin one whose locations are all theirs (a
 * campaign of the whole organization, location_ids null, is the owner's). Anything else: undefined (404).
 */
export const findCampaign = async (
  db: Executor<NotificationsDb>,
  id: string,
  scope: { orgId: string; locationIds: readonly string[] | null },
  lock = false,
): Promise<CampaignRow | undefined> => {
  let q = db.selectFrom('campaigns').selectAll().where('id', '=', id).where('org_id', '=', scope.orgId);
  if (scope.locationIds) q = q.where('location_ids', 'is not', null).where(sql<boolean>`location_ids <@ ${sql.val(scope.locationIds)}::uuid[]`);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export const listCampaigns = async (
  db: Executor<NotificationsDb>,
  scope: { orgId: string; locationIds: readonly string[] | null },
  q: { status?: CampaignRow['status'] | undefined; offset: number; limit: number },
): Promise<{ rows: CampaignRow[]; total: number }> => {
  let base = db.selectFrom('campaigns').where('org_id', '=', scope.orgId);
  if (scope.locationIds) base = base.where('location_ids', 'is not', null).where(sql<boolean>`location_ids <@ ${sql.val(scope.locationIds)}::uuid[]`);
  if (q.status) base = base.where('status', '=', q.status);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

/** The campaign is sending: how many were queued and skipped. */
export const markStarted = async (
  db: Executor<NotificationsDb>,
  id: string,
  r: { recipients: number; skippedNoConsent: number; skippedNoAddress: number; at: Date },
): Promise<CampaignRow> =>
  db
    .updateTable('campaigns')
    .set({ status: 'sending', started_at: r.at, recipients: r.recipients, skipped_no_consent: r.skippedNoConsent, skipped_no_address: r.skippedNoAddress })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Scheduled campaigns whose time has come, locked (SKIP LOCKED: another instance starts the others). */
export const lockDueCampaigns = (trx: Executor<NotificationsDb>, now: Date, limit: number): Promise<CampaignRow[]> =>
  trx
    .selectFrom('campaigns')
    .selectAll()
    .where('status', '=', 'scheduled')
    .where('scheduled_at', '<=', now)
    .orderBy('scheduled_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();

/** Sending campaigns with nothing left queued or being sent are completed; their lanes' buckets go. */
export const completeFinished = async (db: Kysely<NotificationsDb>, now: Date): Promise<number> => {
  const done = await db
    .updateTable('campaigns as c')
    .set({ status: 'completed', completed_at: now })
    .where('c.status', '=', 'sending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbound_messages as o')
            .select(sql`1`.as('one'))
            .whereRef('o.campaign_id', '=', 'c.id')
            .where('o.status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .returning('c.id')
    .execute();
  if (done.length)
    await db
      .deleteFrom('outbound_rates')
      .where(
        'rate_key',
        'in',
        done.map((d) => `campaign:${d.id}`),
      )
      .execute();
  return done.length;
};

/** Cancelled: its lane's bucket goes (nothing of it is queued any more). */
export const markCancelled = async (db: Executor<NotificationsDb>, id: string, at: Date): Promise<CampaignRow> => {
  await db.deleteFrom('outbound_rates').where('rate_key', '=', `campaign:${id}`).execute();
  return db.updateTable('campaigns').set({ status: 'cancelled', cancelled_at: at }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
};
