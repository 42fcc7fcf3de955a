import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { MessageTemplateRow, NotificationsDb, WhatsAppApproval } from './schema.ts';

/** One template of the organization (archived ones too), or undefined. */
export const templateOf = (db: Executor<NotificationsDb>, orgId: string, id: string): Promise<MessageTemplateRow | undefined> =>
  db.selectFrom('message_templates').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();

/** The organization's templates by channel then name (archived ones only when asked). */
export const templatesOf = (db: Executor<NotificationsDb>, orgId: string, o: { channel?: string | undefined; archived: boolean }) => {
  let q = db.selectFrom('message_templates').selectAll().where('org_id', '=', orgId);
  if (o.channel) q = q.where('channel', '=', o.channel as MessageTemplateRow['channel']);
  if (!o.archived) q = q.where('archived_at', 'is', null);
  return q.orderBy('channel').orderBy('name').orderBy('id').limit(500).execute();
};

/** Sets one language's review (and the rejection's reason: set when rejected, cleared otherwise). */
export const setWhatsAppReview = async (
  db: Executor<NotificationsDb>,
  id: string,
  language: 'en' | 'hi',
  review: WhatsAppApproval,
  reason: string | null,
): Promise<void> => {
  await db
    .updateTable('message_templates')
    .set({
      whatsapp_status: sql`whatsapp_status || jsonb_build_object(${language}::text, ${review}::text)`,
      whatsapp_rejection: review === 'rejected' ? reason : null,
    })
    .where('id', '=', id)
    .execute();
};

/**
 * A template found by its name on the WhatsApp platform (`<name>_<8 hex of the organization id>`): the platform's
 * webhook names only that.
 */
export const templateByPlatformName = async (db: Executor<NotificationsDb>, platformName: string): Promise<MessageTemplateRow | undefined> => {
  const m = /^(.+)_([0-9a-f]{8})$/.exec(platformName);
  if (!m) return undefined;
  return db
    .selectFrom('message_templates')
    .selectAll()
    .where('channel', '=', 'whatsapp')
    .where('name', '=', m[1]!)
    .where(sql<string>`left(replace(org_id::text, '-', ''), 8)`, '=', m[2]!)
    .orderBy('created_at')
    .executeTakeFirst();
};
