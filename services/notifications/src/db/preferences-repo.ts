import { DEFAULT_NOTIFICATION_PREFERENCES, type MessageLanguage, type MessagingConsent, type NotificationPreferences } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { NotificationsDb } from './schema.ts';

export interface StoredPreferences {
  notifications: NotificationPreferences;
  language: MessageLanguage;
}

/** A user's preferences, or the spec's defaults when they never saved any (a category missing from an older row: its default). */
export const preferencesOf = async (db: Executor<NotificationsDb>, userId: string, orgId: string): Promise<StoredPreferences> => {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['prefs', 'language'])
    .where('user_id', '=', userId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return { notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(row?.prefs ?? {}) }, language: row?.language ?? 'en' };
};

/** preferencesOf for several users of one organization in one query. */
export const preferencesOfMany = async (db: Executor<NotificationsDb>, userIds: readonly string[], orgId: string): Promise<Map<string, StoredPreferences>> => {
  const rows = userIds.length
    ? await db
        .selectFrom('notification_preferences')
        .select(['user_id', 'prefs', 'language'])
        .where('user_id', 'in', [...userIds])
        .where('org_id', '=', orgId)
        .execute()
    : [];
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  return new Map(
    userIds.map((id) => {
      const row = byUser.get(id);
      return [id, { notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(row?.prefs ?? {}) }, language: row?.language ?? 'en' }];
    }),
  );
};

export const savePreferences = async (
  db: Executor<NotificationsDb>,
  p: { userId: string; orgId: string; notifications: NotificationPreferences; language: MessageLanguage; now: Date },
): Promise<void> => {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: p.userId, org_id: p.orgId, prefs: JSON.stringify(p.notifications) as never, language: p.language, updated_at: p.now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({ prefs: eb.ref('excluded.prefs'), language: eb.ref('excluded.language'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
};

const NO_CONSENT: MessagingConsent = { granted: false, phone: null, grantedAt: null, method: null, withdrawnAt: null };

export const consentOf = async (db: Executor<NotificationsDb>, userId: string, orgId: string): Promise<MessagingConsent> => {
  const row = await db.selectFrom('messaging_consent').selectAll().where('user_id', '=', userId).where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return NO_CONSENT;
  return {
    granted: row.granted,
    phone: row.phone,
    grantedAt: row.granted_at?.toISOString() ?? null,
    method: (row.method as MessagingConsent['method']) ?? null,
    withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
  };
};

export const saveConsent = async (
  db: Executor<NotificationsDb>,
  c: { userId: string; orgId: string; granted: boolean; phone: string | null; method: string; now: Date },
): Promise<void> => {
  const values = c.granted
    ? { granted: true, phone: c.phone, granted_at: c.now, method: c.method, withdrawn_at: null }
    : { granted: false, phone: c.phone, withdrawn_at: c.now as Date | null };
  await db
    .insertInto('messaging_consent')
    .values({ user_id: c.userId, org_id: c.orgId, granted_at: null, method: null, ...values, updated_at: c.now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: c.now }))
    .execute();
};

/** A withdrawal stops at once every WhatsApp/SMS message of this user not yet handed to the provider. */
export const skipPendingMessages = async (db: Executor<NotificationsDb>, userId: string, now: Date): Promise<number> => {
  const res = await db
    .updateTable('deliveries')
    .set({ status: 'skipped', last_error: 'consent withdrawn', next_attempt_at: now })
    .where('recipient_id', '=', userId)
    .where('channel', '=', 'sms')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
};
