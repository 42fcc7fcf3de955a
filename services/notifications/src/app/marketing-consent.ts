import type { MarketingConsentChange, MarketingConsentView, SmsInboundBody, UnsubscribeInfo } from '@akhada/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestContext } from '@akhada/kit';
import { badRequest, notFound, unauthenticated } from '@akhada/kit/domain';
import type { UnsubscribeLinks } from '../adapters/unsubscribe-links.ts';
import { consentHistoryOf, consentRowsOf, orgsOfWhatsAppNumber, peopleWithPhone, recordConsent, withdrawAll } from '../db/marketing-consent-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';
import { changesOf, channelsView, maskEmail } from '../domain/marketing-consent.ts';
import { isStopReply } from '../domain/message-templates.ts';
import type { Executor } from '@akhada/kit';
import type { NotificationsDeps } from './deps.ts';

/** What the consent routes need: the database, the clock, and the unsubscribe links' signer. */
export interface AudienceDeps extends NotificationsDeps {
  unsubscribe: UnsubscribeLinks;
}

interface Person {
  id: string;
  kind: 'member' | 'lead';
  name: string;
  email: string | null;
  locationId: string | null;
}

/** A member or a lead of the organization (members first: a lead who joined has both ids, each its own person). */
const personOf = async (db: Executor<NotificationsDb>, orgId: string, personId: string): Promise<Person | null> => {
  const m = await db
    .selectFrom('member_copies')
    .select(['first_name', 'last_name', 'email', 'location_id'])
    .where('member_id', '=', personId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (m) return { id: personId, kind: 'member', name: `${m.first_name} ${m.last_name}`.trim(), email: m.email || null, locationId: m.location_id };
  const l = await db
    .selectFrom('lead_copies')
    .select(['name', 'email', 'location_id'])
    .where('lead_id', '=', personId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return l ? { id: personId, kind: 'lead', name: l.name, email: l.email, locationId: l.location_id } : null;
};

const viewOf = async (db: Executor<NotificationsDb>, orgId: string, person: Pick<Person, 'id' | 'kind' | 'name'>): Promise<MarketingConsentView> => {
  const [rows, history] = await Promise.all([consentRowsOf(db, orgId, person.id), consentHistoryOf(db, orgId, person.id, 50)]);
  return {
    personId: person.id,
    kind: person.kind,
    name: person.name,
    channels: channelsView(rows),
    history: history.map((h) => ({
      channel: h.channel,
      granted: h.granted,
      method: h.method as MarketingConsentView['history'][number]['method'],
      actorId: h.actor_id,
      byStaff: h.actor_id !== null && h.actor_id !== person.id,
      changedAt: h.changed_at.toISOString(),
    })),
  };
};

/** The staff's person: of the caller's organization and (an admin) of one of their locations; else 404 (the same answer for every id). */
const staffPerson = async (db: Executor<NotificationsDb>, ctx: RequestContext, personId: string): Promise<Person> => {
  const p = await personOf(db, ctx.orgId, personId);
  if (!p || (ctx.role !== 'owner' && (!p.locationId || !ctx.locationIds.includes(p.locationId)))) throw notFound('Person not found');
  return p;
};

const apply = async (
  deps: Pick<NotificationsDeps, 'db' | 'clock'>,
  orgId: string,
  person: Person,
  body: MarketingConsentChange,
  method: 'member_settings' | 'front_desk',
  actorId: string,
): Promise<MarketingConsentView> =>
  deps.db.transaction().execute(async (trx) => {
    const at = deps.clock();
    for (const c of changesOf(body)) await recordConsent(trx, { orgId, personId: person.id, ...c, method, actorId, at });
    return viewOf(trx, orgId, person);
  });

/** The signed-in member's own consent (a member this service has no copy of yet: every channel not granted). */
export const getMyMarketingConsent = async ({ db }: Pick<NotificationsDeps, 'db'>, ctx: RequestContext): Promise<MarketingConsentView> => {
  const p = await personOf(db, ctx.orgId, ctx.userId);
  return viewOf(db, ctx.orgId, { id: ctx.userId, kind: 'member', name: p?.name ?? ctx.name });
};

export const updateMyMarketingConsent = async (deps: Pick<NotificationsDeps, 'db' | 'clock'>, ctx: RequestContext, body: MarketingConsentChange) => {
  const p = (await personOf(deps.db, ctx.orgId, ctx.userId)) ?? { id: ctx.userId, kind: 'member' as const, name: ctx.name, email: null, locationId: null };
  return apply(deps, ctx.orgId, p, body, 'member_settings', ctx.userId);
};

export const getPersonMarketingConsent = async ({ db }: Pick<NotificationsDeps, 'db'>, ctx: RequestContext, personId: string) =>
  viewOf(db, ctx.orgId, await staffPerson(db, ctx, personId));

/** Staff record a member's or lead's choice at the desk: method front_desk, the staff member as the one who recorded it. */
export const updatePersonMarketingConsent = async (
  deps: Pick<NotificationsDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  personId: string,
  body: MarketingConsentChange,
) => apply(deps, ctx.orgId, await staffPerson(deps.db, ctx, personId), body, 'front_desk', ctx.userId);

const NOT_OURS = 'This unsubscribe link is not valid';

const unsubscribeState = async (db: Executor<NotificationsDb>, who: { orgId: string; personId: string }): Promise<UnsubscribeInfo> => {
  const person = await personOf(db, who.orgId, who.personId);
  const brand = await db.selectFrom('org_brands').select('name').where('org_id', '=', who.orgId).executeTakeFirst();
  const email = (await consentRowsOf(db, who.orgId, who.personId)).find((r) => r.channel === 'email');
  return {
    gymName: brand?.name ?? 'your gym',
    channel: 'email',
    address: person?.email ? maskEmail(person.email) : null,
    subscribed: email?.granted ?? false,
  };
};

/** The unsubscribe page's facts; changes nothing (mail scanners open links). */
export const unsubscribeInfo = async (deps: Pick<AudienceDeps, 'db' | 'unsubscribe'>, token: string): Promise<UnsubscribeInfo> => {
  const who = deps.unsubscribe.verify(token);
  if (!who) throw badRequest(NOT_OURS);
  return unsubscribeState(deps.db, who);
};

/** The link's button (or a mail client's one-click): email marketing consent withdrawn now, with a history row. */
export const unsubscribe = async (deps: Pick<AudienceDeps, 'db' | 'clock' | 'unsubscribe'>, token: string): Promise<UnsubscribeInfo> => {
  const who = deps.unsubscribe.verify(token);
  if (!who) throw badRequest(NOT_OURS);
  return deps.db.transaction().execute(async (trx) => {
    await withdrawAll(trx, [who], 'email', 'email_unsubscribe', deps.clock());
    return unsubscribeState(trx, who);
  });
};

/**
 * A person's message to a WhatsApp business number: a STOP reply (or the template's "Stop promotions" button)
 * withdraws WhatsApp marketing consent, at once, of every person with that phone in the organizations of that number
 * (the platform's shared number: every organization without its own). How many consents it withdrew.
 */
export const stopFromWhatsApp = async (
  db: Executor<NotificationsDb>,
  m: { phoneNumberId: string; from: string; text: string | undefined; at: Date },
): Promise<number> => {
  if (!m.text || !isStopReply(m.text)) return 0;
  const orgIds = await orgsOfWhatsAppNumber(db, m.phoneNumberId);
  const people = await peopleWithPhone(db, m.from, orgIds.length ? { orgIds } : 'platform');
  return withdrawAll(db, people, 'whatsapp', 'whatsapp_stop', m.at);
};

/** An SMS reply forwarded by the gateway: a STOP withdraws SMS marketing consent of every person with that number (the gateway is every gym's). */
export const stopFromSms = async (db: Executor<NotificationsDb>, m: { from: string; text: string; at: Date }): Promise<number> => {
  if (!isStopReply(m.text)) return 0;
  return withdrawAll(db, await peopleWithPhone(db, m.from, 'all'), 'sms', 'sms_stop', m.at);
};

/** The SMS gateway's inbound webhook, checked against its signature (HMAC-SHA256 of the raw body) before anything is read. */
export const receiveSmsInbound = async (
  deps: Pick<AudienceDeps, 'db' | 'clock'> & { smsInboundSecret: string },
  raw: Buffer | undefined,
  signature: string | undefined,
  body: SmsInboundBody,
): Promise<string> => {
  if (!raw || !signature || !deps.smsInboundSecret || !signature.startsWith('sha256='))
    throw unauthenticated('The SMS signature does not match', 'UNAUTHENTICATED');
  const given = Buffer.from(signature.slice(7), 'hex');
  const expected = createHmac('sha256', deps.smsInboundSecret).update(raw).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthenticated('The SMS signature does not match', 'UNAUTHENTICATED');
  const withdrawn = await deps.db.transaction().execute((trx) => stopFromSms(trx, { from: body.from, text: body.text, at: deps.clock() }));
  return withdrawn ? `${withdrawn} SMS marketing consent(s) withdrawn` : 'Reply received';
};
