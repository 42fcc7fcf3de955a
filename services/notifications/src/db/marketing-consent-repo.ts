import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { MarketingChannelColumn, NotificationsDb } from './schema.ts';

export const MARKETING_CHANNELS: readonly MarketingChannelColumn[] = ['whatsapp', 'sms', 'email'];

export interface ConsentRow {
  channel: MarketingChannelColumn;
  granted: boolean;
  method: string;
  changedAt: Date;
}

/** A person's marketing consent per channel as it stands (channels never recorded are absent: not granted). */
export const consentRowsOf = async (db: Executor<NotificationsDb>, orgId: string, personId: string): Promise<ConsentRow[]> => {
  const rows = await db
    .selectFrom('marketing_consent')
    .select(['channel', 'granted', 'method', 'changed_at'])
    .where('org_id', '=', orgId)
    .where('person_id', '=', personId)
    .execute();
  return rows.map((r) => ({ channel: r.channel, granted: r.granted, method: r.method, changedAt: r.changed_at }));
};

export interface ConsentChange {
  orgId: string;
  personId: string;
  channel: MarketingChannelColumn;
  granted: boolean;
  method: string;
  /** Who changed it (staff at the desk, the member in settings); null for the person's own STOP, link or form. */
  actorId: string | null;
  at: Date;
}

/**
 * Records a change of a person's marketing consent on a channel and appends it to the history, in the caller's
 * transaction. A change that changes nothing (granted as it already was) writes nothing and returns false. A change
 * older than what is recorded (an event replayed late) does not overwrite it.
 */
export const recordConsent = async (db: Executor<NotificationsDb>, c: ConsentChange): Promise<boolean> => {
  const res = await db
    .insertInto('marketing_consent')
    .values({ org_id: c.orgId, person_id: c.personId, channel: c.channel, granted: c.granted, method: c.method, changed_at: c.at })
    .onConflict((oc) =>
      oc
        .columns(['org_id', 'person_id', 'channel'])
        .doUpdateSet({ granted: c.granted, method: c.method, changed_at: c.at })
        .where('marketing_consent.granted', '<>', c.granted)
        .where('marketing_consent.changed_at', '<=', c.at),
    )
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .insertInto('marketing_consent_history')
    .values({ org_id: c.orgId, person_id: c.personId, channel: c.channel, granted: c.granted, method: c.method, actor_id: c.actorId, changed_at: c.at })
    .execute();
  return true;
};

/** The history of a person's marketing consent, newest first. */
export const consentHistoryOf = (db: Executor<NotificationsDb>, orgId: string, personId: string, limit = 100) =>
  db
    .selectFrom('marketing_consent_history')
    .select(['channel', 'granted', 'method', 'actor_id', 'changed_at'])
    .where('org_id', '=', orgId)
    .where('person_id', '=', personId)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Of these people, those with marketing consent granted on the channel (the one rule every marketing message passes). */
export const grantedAmong = async (
  db: Executor<NotificationsDb>,
  orgId: string,
  channel: MarketingChannelColumn,
  personIds: readonly string[],
): Promise<Set<string>> => {
  if (personIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('marketing_consent')
    .select('person_id')
    .where('org_id', '=', orgId)
    .where('channel', '=', channel)
    .where('granted', '=', true)
    .where('person_id', 'in', [...personIds])
    .execute();
  return new Set(rows.map((r) => r.person_id));
};

/** Whether one person has marketing consent granted on the channel (checked again just before a marketing message goes). */
export const hasMarketingConsent = async (db: Executor<NotificationsDb>, orgId: string, personId: string, channel: MarketingChannelColumn): Promise<boolean> =>
  (await grantedAmong(db, orgId, channel, [personId])).has(personId);

/** The last 10 digits of a phone number: how an Indian number is matched whatever its prefix (+91, 0) or spacing. */
export const phoneKey = (phone: string): string => phone.replace(/\D/g, '').slice(-10);

/**
 * Every person (member or lead) with this phone number: in the given organizations, or (`'platform'`) in every
 * organization without a WhatsApp number of its own (they all message through the platform's shared number), or
 * (`'all'`) in every organization (the SMS gateway every gym sends through).
 */
export const peopleWithPhone = async (
  db: Executor<NotificationsDb>,
  phone: string,
  scope: { orgIds: readonly string[] } | 'platform' | 'all',
): Promise<{ orgId: string; personId: string }[]> => {
  const key = phoneKey(phone);
  if (key.length < 10) return [];
  if (typeof scope === 'object' && scope.orgIds.length === 0) return [];
  // The very expressions of the phone indexes (0015).
  const memberDigits = sql<string>`right(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), 10)`;
  const leadDigits = sql<string>`right(regexp_replace(phone, '\\D', '', 'g'), 10)`;
  const ownNumber = db.selectFrom('org_sms_settings').select('org_sms_settings.org_id');
  let members = db.selectFrom('member_copies').select(['org_id', 'member_id as person_id']).where(memberDigits, '=', key);
  let leads = db.selectFrom('lead_copies').select(['org_id', 'lead_id as person_id']).where(leadDigits, '=', key);
  if (scope === 'all') {
    // every organization
  } else if (scope === 'platform') {
    members = members.where('org_id', 'not in', ownNumber);
    leads = leads.where('org_id', 'not in', ownNumber);
  } else {
    members = members.where('org_id', 'in', [...scope.orgIds]);
    leads = leads.where('org_id', 'in', [...scope.orgIds]);
  }
  const rows = await members.unionAll(leads).execute();
  return rows.map((r) => ({ orgId: r.org_id, personId: r.person_id }));
};

/** The organizations whose own WhatsApp number this is (none: the platform's shared number). */
export const orgsOfWhatsAppNumber = async (db: Executor<NotificationsDb>, phoneNumberId: string): Promise<string[]> =>
  (await db.selectFrom('org_sms_settings').select('org_id').where('sender', '=', phoneNumberId).where('provider', '=', 'whatsapp_cloud').execute()).map(
    (r) => r.org_id,
  );

/** Withdraws marketing consent on the channel of every one of these people at once, with a history row each; how many changed. */
export const withdrawAll = async (
  db: Executor<NotificationsDb>,
  people: readonly { orgId: string; personId: string }[],
  channel: MarketingChannelColumn,
  method: string,
  at: Date,
): Promise<number> => {
  let changed = 0;
  for (const p of people)
    if (await recordConsent(db, { orgId: p.orgId, personId: p.personId, channel, granted: false, method, actorId: null, at })) changed += 1;
  return changed;
};

/**
 * A person's erasure (data rights): the audience facts that name them go — their date of birth and gender, the lead
 * they were (name, phone, email) — and their marketing consent is withdrawn on every channel (recorded: method erased).
 */
export const eraseAudienceFacts = async (db: Executor<NotificationsDb>, orgId: string, personId: string, erasedName: string, now: Date): Promise<void> => {
  await db.updateTable('member_copies').set({ date_of_birth: null, gender: null }).where('org_id', '=', orgId).where('member_id', '=', personId).execute();
  const leads = await db
    .updateTable('lead_copies')
    .set({ name: erasedName, phone: '', email: null })
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('lead_id', '=', personId), eb('member_id', '=', personId)]))
    .returning('lead_id')
    .execute();
  const people = [personId, ...leads.map((l) => l.lead_id)].map((id) => ({ orgId, personId: id }));
  for (const channel of MARKETING_CHANNELS) await withdrawAll(db, people, channel, 'erased', now);
};
