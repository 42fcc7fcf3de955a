import { DEFAULT_CAMPAIGN_RATE, type MessageLanguage } from '@akhada/contracts';
import { newId, type Executor } from '@akhada/kit';
import { sql, type Kysely } from 'kysely';
import { burstOf, rateKeyOf, take } from '../domain/campaigns.ts';
import type { NotificationsDb, OutboundContent, OutboundMessageRow, OutboundRowStatus, ProviderStatus } from './schema.ts';

/** One message to queue: who, where, on which channel, why, and what it says (rendered: domain/message-templates.ts). */
export interface NewOutboundMessage {
  orgId: string;
  locationId: string | null;
  personId: string;
  personKind: 'member' | 'lead';
  personName: string;
  channel: 'whatsapp' | 'sms' | 'email';
  /** The phone number (WhatsApp, SMS) or email address. */
  address: string;
  language: MessageLanguage;
  purpose: 'campaign' | 'automation';
  /** A marketing message: sent only while the person's marketing consent for the channel is granted (checked again when it goes). */
  marketing: boolean;
  campaignId?: string | null;
  automationRunId?: string | null;
  /** An automation run's message: the index of its action in the rule (each step queues its own message). */
  actionStep?: number | null;
  templateId: string | null;
  content: OutboundContent;
  /** Not before this instant (default: now). */
  notBefore?: Date;
  /** The lane's rate (messages a minute): a campaign's own; automations go at the organization's lane (default 600). */
  ratePerMinute?: number;
}

const CHUNK = 5000;

/**
 * How long past its lease a WhatsApp message whose sender died waits for the platform's status callback before it is
 * sent again (the platform reports 'sent' within seconds of accepting a message; 25 minutes covers a webhook outage of
 * that length too).
 */
export const WHATSAPP_RECONCILE_MS = 25 * 60_000;

/**
 * Queues messages in the caller's transaction (campaigns when they start; automations' "send a template" action):
 * one row per person, channel and campaign, or per automation run and action step — a second enqueue of the same one
 * adds nothing.
 * The lane's token bucket is made, full, if it has none. Returns how many rows were added.
 */
export const enqueueMessages = async (trx: Executor<NotificationsDb>, rows: readonly NewOutboundMessage[], now: Date = new Date()): Promise<number> => {
  if (rows.length === 0) return 0;
  const lanes = new Map<string, number>();
  for (const r of rows) lanes.set(rateKeyOf(r), r.ratePerMinute ?? DEFAULT_CAMPAIGN_RATE);
  await trx
    .insertInto('outbound_rates')
    .values([...lanes].map(([rate_key, per_minute]) => ({ rate_key, per_minute, tokens: burstOf(per_minute), refilled_at: now })))
    .onConflict((oc) => oc.column('rate_key').doNothing())
    .execute();
  // One statement per chunk, its columns as arrays (unnest): 20,000 rows are a few statements, not 20,000 parameters' worth of SQL text.
  let added = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const col = <T>(f: (r: NewOutboundMessage) => T) => sql.val(chunk.map(f));
    const res = await sql`insert into outbound_messages (id, org_id, location_id, person_id, person_kind, person_name, channel, address, language,
        purpose, marketing, campaign_id, automation_run_id, action_step, template_id, content, rate_key, not_before, status_at, created_at)
      select *, ${now}::timestamptz, ${now}::timestamptz from unnest(
        ${col(() => newId())}::uuid[], ${col((r) => r.orgId)}::uuid[], ${col((r) => r.locationId)}::uuid[], ${col((r) => r.personId)}::uuid[],
        ${col((r) => r.personKind)}::text[], ${col((r) => r.personName)}::text[], ${col((r) => r.channel)}::text[], ${col((r) => r.address)}::text[],
        ${col((r) => r.language)}::text[], ${col((r) => r.purpose)}::text[], ${col((r) => r.marketing)}::boolean[],
        ${col((r) => r.campaignId ?? null)}::uuid[], ${col((r) => r.automationRunId ?? null)}::uuid[],
        ${col((r) => (r.automationRunId ? (r.actionStep ?? 0) : null))}::integer[], ${col((r) => r.templateId)}::uuid[],
        ${col((r) => JSON.stringify(r.content))}::jsonb[], ${col((r) => rateKeyOf(r))}::text[], ${col((r) => r.notBefore ?? now)}::timestamptz[])
      on conflict do nothing`.execute(trx);
    added += Number(res.numAffectedRows ?? 0);
  }
  return added;
};

export type ClaimedMessage = Pick<
  OutboundMessageRow,
  'id' | 'org_id' | 'channel' | 'address' | 'language' | 'marketing' | 'content' | 'attempts' | 'campaign_id' | 'person_id'
>;

/**
 * Takes the next messages to send (at most `max`), lane by lane within each lane's rate, and marks them sending, in one
 * transaction: a lane's bucket row is locked (FOR UPDATE SKIP LOCKED), so two senders never spend the same tokens, and
 * its rows are taken with SKIP LOCKED and committed as sending before anything goes out, so no row is sent twice.
 * A marketing message whose person has no marketing consent for the channel any more (STOP, unsubscribe) is
 * cancelled here instead. Claims older than `leaseMs` (a sender that died) go back to the queue first — but a WhatsApp
 * message only after `reconcileMs` more: it went with its id as the platform's reference (biz_opaque_callback_data),
 * so if the sender died after the platform accepted it, the platform's status callback finds it still 'sending' and
 * settles it (recordOutboundStatus: sent, delivered, read, failed) instead of it being sent a second time. Only a
 * message no callback spoke of in that time is sent again. SMS and email have no such callback here: their claims go
 * back after the lease.
 */
export const claimOutbound = (
  db: Kysely<NotificationsDb>,
  now: Date,
  max: number,
  leaseMs: number,
  reconcileMs: number = WHATSAPP_RECONCILE_MS,
): Promise<ClaimedMessage[]> =>
  db.transaction().execute(async (trx) => {
    await trx
      .updateTable('outbound_messages')
      .set({ status: 'queued', not_before: now, claimed_at: null })
      .where('status', '=', 'sending')
      .where((eb) =>
        eb.or([
          eb.and([eb('channel', '<>', 'whatsapp'), eb('claimed_at', '<', new Date(now.getTime() - leaseMs))]),
          eb('claimed_at', '<', new Date(now.getTime() - leaseMs - reconcileMs)),
        ]),
      )
      .execute();
    const lanes = await trx
      .selectFrom('outbound_rates as r')
      .selectAll('r')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('outbound_messages as o')
            .select(sql`1`.as('one'))
            .whereRef('o.rate_key', '=', 'r.rate_key')
            .where('o.status', '=', 'queued')
            .where('o.not_before', '<=', now),
        ),
      )
      .orderBy('r.refilled_at')
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    const claimed: ClaimedMessage[] = [];
    for (const lane of lanes) {
      if (claimed.length >= max) break;
      const { n, bucket } = take({ perMinute: lane.per_minute, tokens: lane.tokens, refilledAt: lane.refilled_at }, now, max - claimed.length);
      let got: ClaimedMessage[] = [];
      if (n > 0) {
        const ids = trx
          .selectFrom('outbound_messages')
          .select('id')
          .where('rate_key', '=', lane.rate_key)
          .where('status', '=', 'queued')
          .where('not_before', '<=', now)
          .orderBy('not_before')
          .orderBy('id')
          .limit(n)
          .forUpdate()
          .skipLocked();
        got = await trx
          .updateTable('outbound_messages')
          .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', ids)
          .returning(['id', 'org_id', 'channel', 'address', 'language', 'marketing', 'content', 'attempts', 'campaign_id', 'person_id'])
          .execute();
      }
      await trx
        .updateTable('outbound_rates')
        .set({ tokens: bucket.tokens + (n - got.length), refilled_at: bucket.refilledAt })
        .where('rate_key', '=', lane.rate_key)
        .execute();
      claimed.push(...got);
    }
    const marketing = claimed.filter((m) => m.marketing).map((m) => m.id);
    if (marketing.length === 0) return claimed;
    const optedOut = new Set(
      (
        await trx
          .updateTable('outbound_messages as o')
          .set({ status: 'cancelled', reason: 'No marketing consent for this channel when it was due (opted out)', status_at: now, claimed_at: null })
          .where('o.id', 'in', marketing)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('marketing_consent as mc')
                  .select(sql`1`.as('one'))
                  .whereRef('mc.org_id', '=', 'o.org_id')
                  .whereRef('mc.person_id', '=', 'o.person_id')
                  .whereRef('mc.channel', '=', 'o.channel')
                  .where('mc.granted', '=', true),
              ),
            ),
          )
          .returning('o.id')
          .execute()
      ).map((r) => r.id),
    );
    return optedOut.size ? claimed.filter((m) => !optedOut.has(m.id)) : claimed;
  });

/** The provider took these messages: sent (a callback that came first keeps its later status). */
export const markOutboundSent = async (db: Executor<NotificationsDb>, sent: readonly { id: string; providerId: string | null }[], now: Date): Promise<void> => {
  if (sent.length === 0) return;
  await sql`update outbound_messages o set
      status = case when o.status = 'sending' then 'sent' else o.status end,
      status_at = case when o.status = 'sending' then ${now}::timestamptz else o.status_at end,
      provider_id = coalesce(o.provider_id, v.pid), sent_at = coalesce(o.sent_at, ${now}::timestamptz), claimed_at = null, reason = null
    from unnest(${sql.val(sent.map((s) => s.id))}::uuid[], ${sql.val(sent.map((s) => s.providerId))}::text[]) as v(id, pid)
    where o.id = v.id`.execute(db);
};

/** Failed for good (the provider refused it, or every attempt failed): the reason kept for the report. */
export const markOutboundFailed = async (db: Executor<NotificationsDb>, id: string, reason: string, now: Date): Promise<void> => {
  await db
    .updateTable('outbound_messages')
    .set({ status: 'failed', reason: reason.slice(0, 500), status_at: now, claimed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
};

/** A transient failure: queued again after the back-off. */
export const markOutboundRetry = async (db: Executor<NotificationsDb>, id: string, reason: string, notBefore: Date): Promise<void> => {
  await db
    .updateTable('outbound_messages')
    .set({ status: 'queued', reason: reason.slice(0, 500), not_before: notBefore, claimed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
};

/** The order statuses move in; callbacks arrive unordered and repeated, so a status only moves a message forward. */
const ORDER: readonly OutboundRowStatus[] = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed'];

/**
 * A provider's status callback of an outbound message, found by our id (the reference it was sent with; the callback
 * may come before the send's answer was recorded) or else by the provider's message id. Failed keeps the provider's
 * reason. A cancelled message is never changed. Returns whether a message was changed.
 */
export const recordOutboundStatus = async (
  db: Executor<NotificationsDb>,
  s: { outboundId: string | null; providerId: string; status: ProviderStatus; at: Date; reason: string | null },
): Promise<boolean> => {
  const res = await db
    .updateTable('outbound_messages')
    .set({
      status: s.status,
      status_at: s.at,
      provider_id: sql<string>`coalesce(provider_id, ${s.providerId})`,
      sent_at: sql<Date>`coalesce(sent_at, ${s.at}::timestamptz)`,
      claimed_at: null,
      ...(s.status === 'failed' ? { reason: (s.reason ?? 'failed').slice(0, 500) } : {}),
    })
    .where((eb) =>
      s.outboundId
        ? eb.and([eb('id', '=', s.outboundId), eb.or([eb('provider_id', 'is', null), eb('provider_id', '=', s.providerId)])])
        : eb('provider_id', '=', s.providerId),
    )
    .where('status', '<>', 'cancelled')
    .where(sql<boolean>`array_position(${sql.val(ORDER)}::text[], status) < array_position(${sql.val(ORDER)}::text[], ${s.status}::text)`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
};

/** How many of each campaign's messages are in each status. */
export const countsByCampaign = async (
  db: Executor<NotificationsDb>,
  campaignIds: readonly string[],
): Promise<Map<string, Partial<Record<OutboundRowStatus, number>>>> => {
  const out = new Map<string, Partial<Record<OutboundRowStatus, number>>>();
  if (campaignIds.length === 0) return out;
  const rows = await db
    .selectFrom('outbound_messages')
    .select(['campaign_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('campaign_id', 'in', campaignIds)
    .groupBy(['campaign_id', 'status'])
    .execute();
  for (const r of rows) {
    const m = out.get(r.campaign_id!) ?? {};
    m[r.status] = Number(r.n);
    out.set(r.campaign_id!, m);
  }
  return out;
};

/** A campaign's messages in one status ('queued' includes those being sent), oldest first, paged. */
export const campaignMessages = async (
  db: Executor<NotificationsDb>,
  campaignId: string,
  status: OutboundRowStatus,
  page: { offset: number; limit: number },
): Promise<{ rows: OutboundMessageRow[]; total: number }> => {
  const statuses: OutboundRowStatus[] = status === 'queued' ? ['queued', 'sending'] : [status];
  const base = db.selectFrom('outbound_messages').where('campaign_id', '=', campaignId).where('status', 'in', statuses);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('status_at').orderBy('id').offset(page.offset).limit(page.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

/** Cancels what of a campaign is still queued (a message already being sent goes on). */
export const cancelQueued = async (db: Executor<NotificationsDb>, campaignId: string, now: Date): Promise<number> => {
  const res = await db
    .updateTable('outbound_messages')
    .set({ status: 'cancelled', reason: 'Campaign cancelled', status_at: now })
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
};
