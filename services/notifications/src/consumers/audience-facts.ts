import { AttendanceEvents, AuthEvents, EnquiriesEvents, type EventEnvelope, type MemberEvents, type MembershipType } from '@akhada/contracts';
import { on } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { MARKETING_CHANNELS, consentRowsOf, recordConsent } from '../db/marketing-consent-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';

/**
 * The facts campaigns' segments and templates read, kept from other services' events: a member's plan, the day they
 * joined and their last visit (member_copies' 0015 columns; the rest is in member-copies.ts), and enquiries' leads
 * (lead_copies) with the marketing consent given with an enquiry.
 */

const PLAN_NAMES: Record<MembershipType, string> = { basic: 'Basic', premium: 'Premium', vip: 'VIP', annual: 'Annual' };

/**
 * A member's plan as members publish it: the membership type is the plan's id (basic | premium | vip | annual; members'
 * terms name no plan of the gym's list), its English name the display name (screens translate the id).
 */
export const planOf = (type: MembershipType): { plan_id: string; plan_name: string } => ({ plan_id: type, plan_name: PLAN_NAMES[type] });

type Renewed = EventEnvelope<z.infer<typeof MemberEvents.MembershipRenewed.data>>;

/** A member who signed up with the gym's code joins on their first term's first day; a renewal never moves it. */
export const keepJoinedOn = async (trx: Transaction<NotificationsDb>, env: Renewed): Promise<void> => {
  await trx
    .updateTable('member_copies')
    .set({ joined_on: env.data.term.startDate })
    .where('member_id', '=', env.data.memberId)
    .where('org_id', '=', env.orgId)
    .where('joined_on', 'is', null)
    .execute();
};

/** A member's check-in: their last visit (only ever forward). Trainers' check-ins are not members' visits. */
export const onMemberCheckedIn = on(AttendanceEvents.CheckedIn, async (trx: Transaction<NotificationsDb>, env) => {
  if (env.data.type !== 'member') return;
  const at = new Date(env.data.checkInTime);
  await trx
    .updateTable('member_copies')
    .set({ last_visit_at: sql<Date>`greatest(coalesce(last_visit_at, ${at}), ${at})` })
    .where('member_id', '=', env.data.memberId)
    .where('org_id', '=', env.orgId)
    .execute();
});

type LeadFacts = z.infer<typeof EnquiriesEvents.LeadAssigned.data>;

/** Writes what a lead event says of the lead, over a row no newer than the event (a replayed older event changes nothing). */
const upsertLead = async (trx: Transaction<NotificationsDb>, env: EventEnvelope<LeadFacts>): Promise<void> => {
  const at = new Date(env.occurredAt);
  const d = env.data;
  const facts = {
    location_id: d.locationId,
    name: d.name,
    phone: d.phone,
    stage: d.stage,
    source: d.source,
    owner_id: d.ownerId,
    ...(d.email !== undefined ? { email: d.email || null } : {}),
    updated_at: at,
  };
  await trx
    .insertInto('lead_copies')
    .values({ lead_id: d.leadId, org_id: env.orgId, email: null, member_id: null, created_at: at, ...facts })
    .onConflict((oc) => oc.column('lead_id').doUpdateSet(facts).where('lead_copies.org_id', '=', env.orgId).where('lead_copies.updated_at', '<=', at))
    .execute();
};

/**
 * The offers-and-news consent given with an enquiry is the lead's marketing consent on every channel: ticked by the
 * person on the public form (method enquiry_form) or recorded by the staff member who captured the walk-in or call
 * (front_desk, with who). The form's consent to be contacted about the enquiry (`consentText`) grants none.
 */
const recordEnquiryConsent = async (
  trx: Transaction<NotificationsDb>,
  env: EventEnvelope<z.infer<typeof EnquiriesEvents.LeadCaptured.data>>,
): Promise<void> => {
  const given = env.data.marketingConsent;
  if (!given) return;
  for (const channel of MARKETING_CHANNELS)
    await recordConsent(trx, {
      orgId: env.orgId,
      personId: env.data.leadId,
      channel,
      granted: true,
      method: given.recordedBy === null ? 'enquiry_form' : 'front_desk',
      actorId: given.recordedBy,
      at: new Date(given.at),
    });
};

/**
 * The lead became a member: the member's copy of the lead, and the lead's marketing choices carried to the member on
 * every channel the member has none of their own (a STOP the lead sent stays a STOP).
 */
const onLeadJoined = on(EnquiriesEvents.LeadJoined, async (trx: Transaction<NotificationsDb>, env) => {
  await trx.updateTable('lead_copies').set({ member_id: env.data.memberId }).where('lead_id', '=', env.data.leadId).where('org_id', '=', env.orgId).execute();
  const own = new Set((await consentRowsOf(trx, env.orgId, env.data.memberId)).map((r) => r.channel));
  for (const r of await consentRowsOf(trx, env.orgId, env.data.leadId))
    if (!own.has(r.channel))
      await recordConsent(trx, {
        orgId: env.orgId,
        personId: env.data.memberId,
        channel: r.channel,
        granted: r.granted,
        method: 'from_enquiry',
        actorId: null,
        at: new Date(env.occurredAt),
      });
});

/** enquiries' topic: the copy of each lead, the offers-and-news consent given with an enquiry, and the member a lead became. */
export const leadCopyHandlers = [
  on(EnquiriesEvents.LeadCaptured, async (trx: Transaction<NotificationsDb>, env) => {
    await upsertLead(trx, env);
    await recordEnquiryConsent(trx, env);
  }),
  on(EnquiriesEvents.LeadEnquiredAgain, async (trx: Transaction<NotificationsDb>, env) => {
    await upsertLead(trx, env);
    await recordEnquiryConsent(trx, env);
  }),
  on(EnquiriesEvents.LeadStageChanged, (trx: Transaction<NotificationsDb>, env) => upsertLead(trx, env)),
  on(EnquiriesEvents.LeadAssigned, (trx: Transaction<NotificationsDb>, env) => upsertLead(trx, env)),
  onLeadJoined,
];

/** The gym's name (and brand colour once the owner saved settings), over an older event's. */
const saveBrand = async (trx: Transaction<NotificationsDb>, orgId: string, name: string, brandColor: string | null, occurredAt: string) => {
  const at = new Date(occurredAt);
  const set = { name, updated_at: at, ...(brandColor !== null ? { brand_color: brandColor } : {}) };
  await trx
    .insertInto('org_brands')
    .values({ org_id: orgId, brand_color: brandColor, ...set })
    .onConflict((oc) => oc.column('org_id').doUpdateSet(set).where('org_brands.updated_at', '<=', at))
    .execute();
};

/**
 * A member's single "marketing messages" choice in their privacy settings (auth): off withdraws marketing consent on
 * every channel, on gives it on every channel (method member_settings, by the member). Staff's choices are not members'.
 */
const onPrivacyChanged = on(AuthEvents.UserPrivacyChanged, async (trx: Transaction<NotificationsDb>, env) => {
  const isMember = await trx
    .selectFrom('member_copies')
    .select('member_id')
    .where('member_id', '=', env.data.userId)
    .where('org_id', '=', env.orgId)
    .executeTakeFirst();
  if (!isMember) return;
  for (const channel of MARKETING_CHANNELS)
    await recordConsent(trx, {
      orgId: env.orgId,
      personId: env.data.userId,
      channel,
      granted: env.data.marketingConsent,
      method: 'member_settings',
      actorId: env.data.userId,
      at: new Date(env.occurredAt),
    });
});

/** auth's topic: the organization's name and brand colour (templates' gymName, emails' branding), and a member's marketing choice. */
export const orgBrandHandlers = [
  onPrivacyChanged,
  on(AuthEvents.OrganizationCreated, (trx: Transaction<NotificationsDb>, env) => saveBrand(trx, env.data.orgId, env.data.name, null, env.occurredAt)),
  on(AuthEvents.OrganizationUpdated, (trx: Transaction<NotificationsDb>, env) =>
    saveBrand(trx, env.data.orgId, env.data.name, env.data.brandColor, env.occurredAt),
  ),
];
