import { DataRightsEvents } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import { toWaNumber } from '../adapters/whatsapp.ts';
import type { NotificationsDb } from './schema.ts';
import { eraseAudienceFacts } from './marketing-consent-repo.ts';

/**
 * Erasure (DPDP): nothing more is sent to the person (their pending email/WhatsApp messages are skipped and lose the
 * address, their messaging consent ends), and every copy of their name, email and phone here is removed.
 */
export const erasePerson = async (db: Executor<NotificationsDb>, orgId: string, personId: string, now: Date): Promise<void> => {
  const { ERASED_NAME } = DataRightsEvents;
  await forgetWhatsAppWindow(db, orgId, personId);
  await redactNotificationsAbout(db, orgId, personId);
  await db.updateTable('recipients').set({ name: ERASED_NAME, email: null }).where('org_id', '=', orgId).where('user_id', '=', personId).execute();
  await db
    .updateTable('member_copies')
    .set({ first_name: ERASED_NAME, last_name: '', email: null, phone: null })
    .where('org_id', '=', orgId)
    .where('member_id', '=', personId)
    .execute();
  await eraseAudienceFacts(db, orgId, personId, ERASED_NAME, now);
  await db
    .updateTable('messaging_consent')
    .set({ granted: false, phone: null, withdrawn_at: now, updated_at: now })
    .where('org_id', '=', orgId)
    .where('user_id', '=', personId)
    .execute();
  await db
    .updateTable('deliveries')
    .set({ status: 'skipped', last_error: 'person erased', next_attempt_at: now })
    .where('org_id', '=', orgId)
    .where('recipient_id', '=', personId)
    .where('status', 'in', ['pending', 'sending'])
    .execute();
  await db.updateTable('deliveries').set({ address: '' }).where('org_id', '=', orgId).where('recipient_id', '=', personId).execute();
  await db.updateTable('payment_copies').set({ member_name: ERASED_NAME }).where('org_id', '=', orgId).where('member_id', '=', personId).execute();
  // Automations: a run still waiting reaches nobody now; the run log keeps what happened, not the name.
  await db
    .updateTable('automation_runs')
    .set({ status: 'skipped', reason: 'person_gone', done_at: now })
    .where('org_id', '=', orgId)
    .where('person_id', '=', personId)
    .where('status', '=', 'waiting')
    .execute();
  await db.updateTable('automation_runs').set({ person_name: ERASED_NAME }).where('org_id', '=', orgId).where('person_id', '=', personId).execute();
};

/** When the person last wrote to the gym on WhatsApp is kept by their number: it goes with their numbers (before those are removed). */
const forgetWhatsAppWindow = async (db: Executor<NotificationsDb>, orgId: string, personId: string): Promise<void> => {
  const [copy, consent, sent] = await Promise.all([
    db.selectFrom('member_copies').select('phone').where('org_id', '=', orgId).where('member_id', '=', personId).executeTakeFirst(),
    db.selectFrom('messaging_consent').select('phone').where('org_id', '=', orgId).where('user_id', '=', personId).executeTakeFirst(),
    db
      .selectFrom('deliveries')
      .select('address')
      .distinct()
      .where('org_id', '=', orgId)
      .where('recipient_id', '=', personId)
      .where('channel', '=', 'sms')
      .execute(),
  ]);
  const numbers = [copy?.phone, consent?.phone, ...sent.map((d) => d.address)].filter((p): p is string => !!p && /\d/.test(p)).map(toWaNumber);
  if (numbers.length)
    await db
      .deleteFrom('whatsapp_inbound')
      .where('wa_id', 'in', [...new Set(numbers)])
      .execute();
};

/**
 * Other people's notifications about the person ("Asha Verma renewed", a payment of hers, her chat message) keep their
 * figures and links but lose her name: in their parameters, their English title and message, and in the bodies of
 * outgoing webhooks (sent or not: the delivery log shows them). Found by the person's id (subject_ids, or a memberId parameter for notifications
 * written before subjects were kept), never by the name alone: another member may have the same name.
 */
const redactNotificationsAbout = async (db: Executor<NotificationsDb>, orgId: string, personId: string): Promise<void> => {
  const { ERASED_NAME } = DataRightsEvents;
  const copy = await db
    .selectFrom('member_copies')
    .select(['first_name', 'last_name'])
    .where('org_id', '=', orgId)
    .where('member_id', '=', personId)
    .executeTakeFirst();
  const recipient = await db.selectFrom('recipients').select('name').where('org_id', '=', orgId).where('user_id', '=', personId).executeTakeFirst();
  const full = copy ? `${copy.first_name} ${copy.last_name ?? ''}`.trim() : '';
  // Longest first, so "Asha Verma" goes whole before "Asha" alone.
  const names = [...new Set([full, recipient?.name ?? '', copy?.first_name ?? '', copy?.last_name ?? ''].map((n) => n.trim()))]
    .filter((n) => n.length >= 2 && n !== ERASED_NAME)
    .sort((a, b) => b.length - a.length);
  for (const name of names) {
    await sql`
      update notifications
         set params = coalesce((select jsonb_object_agg(key, replace(value, ${name}, ${ERASED_NAME})) from jsonb_each_text(params)), '{}'::jsonb),
             title = replace(title, ${name}, ${ERASED_NAME}),
             message = replace(message, ${name}, ${ERASED_NAME})
       where org_id = ${orgId}
         and (${personId}::uuid = any(subject_ids) or params->>'memberId' = ${personId})
         and (params::text like ${`%${name}%`} or title like ${`%${name}%`} or message like ${`%${name}%`})
    `.execute(db);
    await sql`
      update webhook_deliveries set body = replace(body, ${name}, ${ERASED_NAME})
       where org_id = ${orgId} and body like ${`%${personId}%`} and body like ${`%${name}%`}
    `.execute(db);
  }
};
