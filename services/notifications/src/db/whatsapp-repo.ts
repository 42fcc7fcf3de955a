import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { NotificationsDb, ProviderStatus } from './schema.ts';

/** A person wrote to a business number at `at` (a later message only moves it forward). */
export const recordInbound = async (db: Executor<NotificationsDb>, phoneNumberId: string, waId: string, at: Date): Promise<void> => {
  await db
    .insertInto('whatsapp_inbound')
    .values({ phone_number_id: phoneNumberId, wa_id: waId, last_at: at })
    .onConflict((oc) => oc.columns(['phone_number_id', 'wa_id']).doUpdateSet({ last_at: sql<Date>`greatest(whatsapp_inbound.last_at, excluded.last_at)` }))
    .execute();
};

/** When the person last wrote to the business number, or null. */
export const lastInbound = async (db: Executor<NotificationsDb>, phoneNumberId: string, waId: string): Promise<Date | null> => {
  const row = await db
    .selectFrom('whatsapp_inbound')
    .select('last_at')
    .where('phone_number_id', '=', phoneNumberId)
    .where('wa_id', '=', waId)
    .executeTakeFirst();
  return row?.last_at ?? null;
};

/** The order statuses come in; callbacks arrive unordered and repeated, so a status only moves a message forward. */
const ORDER: readonly ProviderStatus[] = ['queued', 'sent', 'delivered', 'read', 'failed'];

/**
 * A status callback of a WhatsApp message, found by the delivery key it was sent with (`<notificationId>:sms`; the
 * callback may come before the send's answer was recorded) or else by the platform's message id. `failed` ends the
 * delivery as failed with the reason (the deliverer never tries it again). Returns whether a message was changed.
 */
export const recordProviderStatus = async (
  db: Executor<NotificationsDb>,
  s: { notificationId: string | null; providerId: string; status: ProviderStatus; at: Date; reason: string | null },
): Promise<boolean> => {
  const failed = s.status === 'failed';
  const res = await db
    .updateTable('deliveries')
    .set({
      provider_status: s.status,
      provider_status_at: s.at,
      provider_id: sql<string>`coalesce(provider_id, ${s.providerId})`,
      ...(failed ? { status: 'failed' as const, last_error: (s.reason ?? 'failed').slice(0, 500) } : {}),
    })
    .where('channel', '=', 'sms')
    .where((eb) =>
      s.notificationId
        ? eb.and([eb('notification_id', '=', s.notificationId), eb.or([eb('provider_id', 'is', null), eb('provider_id', '=', s.providerId)])])
        : eb('provider_id', '=', s.providerId),
    )
    .where(sql<boolean>`coalesce(array_position(${sql.val(ORDER)}::text[], provider_status), 0) < array_position(${sql.val(ORDER)}::text[], ${s.status}::text)`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
};
