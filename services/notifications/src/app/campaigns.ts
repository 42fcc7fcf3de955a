import type {
  Campaign,
  CampaignRecipient,
  CreateCampaignBody,
  MessageLanguage,
  OutboundStatus,
  Segment,
  SegmentCount,
  SegmentCountBody,
} from '@akhada/contracts';
import { newId, type Executor, type RequestContext } from '@akhada/kit';
import { badRequest, conflict, DEFAULT_TIME_ZONE, notFound } from '@akhada/kit/domain';
import { cancelQueued, campaignMessages, countsByCampaign, enqueueMessages, type NewOutboundMessage } from '../db/outbound-messages-repo.ts';
import { findCampaign, insertCampaign, listCampaigns, lockDueCampaigns, markCancelled, markStarted } from '../db/campaigns-repo.ts';
import type { CampaignRow, MessageTemplateRow, NotificationsDb, OutboundContent, OutboundRowStatus } from '../db/schema.ts';
import { referralLinksOf } from '../db/referral-links-repo.ts';
import { countSegment, segmentPeople, type SegmentPerson, type SegmentScope } from '../db/segments-repo.ts';
import { reachOf, scheduledInstant } from '../domain/campaigns.ts';
import { fillTemplate, languagesOf, personValues, whatsAppTemplateName } from '../domain/message-templates.ts';
import { pageOffset, totalPages } from '../domain/pagination.ts';
import type { CampaignsDeps } from './deps.ts';

type Staff = Pick<RequestContext, 'userId' | 'orgId' | 'role' | 'locationIds' | 'name'>;

/** Whose locations the caller may address: an owner the organization's (null: all), an admin only theirs. */
const callerScope = (s: Staff): SegmentScope => ({ orgId: s.orgId, locationIds: s.role === 'owner' ? null : s.locationIds });

/**
 * The scope a segment covers for the caller: the locations it names (each one the caller's, else 404 like any
 * location of another organization), or with none every location the caller may reach.
 */
const segmentScope = async (db: Executor<NotificationsDb>, s: Staff, segment: Segment): Promise<SegmentScope> => {
  if (segment.locationIds.length === 0) return callerScope(s);
  const named = [...new Set(segment.locationIds)];
  if (s.role === 'owner') {
    const known = await db.selectFrom('kit_locations').select('location_id').where('org_id', '=', s.orgId).where('location_id', 'in', named).execute();
    const ok = new Set([...known.map((k) => k.location_id), ...s.locationIds]);
    if (named.some((id) => !ok.has(id))) throw notFound('Location');
  } else if (named.some((id) => !s.locationIds.includes(id))) throw notFound('Location');
  return { orgId: s.orgId, locationIds: named };
};

/** The live count of a segment for the caller, with how many the channel reaches (consent, address). Writes nothing. */
export const countSegmentFor = async ({ db, clock }: Pick<CampaignsDeps, 'db' | 'clock'>, s: Staff, body: SegmentCountBody): Promise<SegmentCount> =>
  countSegment(db, body.segment, await segmentScope(db, s, body.segment), body.channel, body.purpose, clock());

/** The languages a template can go out in: written, and on WhatsApp approved by the platform. */
const sendableLanguages = (t: MessageTemplateRow): MessageLanguage[] =>
  languagesOf(t).filter((l) => t.channel !== 'whatsapp' || t.whatsapp_status[l] === 'approved');

/** The person's language when the template can go out in it, else its other one. */
const languageFor = (t: MessageTemplateRow, preferred: MessageLanguage): MessageLanguage | null => {
  const langs = sendableLanguages(t);
  return langs.includes(preferred) ? preferred : (langs[0] ?? null);
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * What one person's message says, in `language` (audience's fillTemplate with the person's values): WhatsApp's
 * template as named on the platform and its body parameters, SMS's DLT ids, email's subject and body HTML with the
 * gym's branding.
 */
export const renderOutbound = (
  t: MessageTemplateRow,
  language: MessageLanguage,
  values: Readonly<Record<string, string>>,
  brand: { name: string; brand_color: string | null } | undefined,
): OutboundContent => {
  const filled = fillTemplate({ bodies: t.bodies, variables: t.variables, subject: t.email_subject, html: t.email_html }, language, values);
  if (t.channel === 'whatsapp')
    return { text: filled.text, whatsapp: { name: whatsAppTemplateName(t.org_id, t.name), language: filled.language, params: filled.variables } };
  if (t.channel === 'sms') return { text: filled.text, sms: { dltTemplateId: t.dlt_template_id, senderHeader: t.sender_header } };
  return {
    text: filled.text,
    email: {
      subject: filled.subject ?? t.name,
      html: filled.html ?? `<p>${escapeHtml(filled.text).replace(/\n/g, '<br>')}</p>`,
      gymName: brand?.name ?? '',
      brandColor: brand?.brand_color ?? null,
    },
  };
};

/** The values of a template's variables for one person of a segment (audience's personValues). */
const valuesOf = (p: SegmentPerson, gymName: string | undefined, language: MessageLanguage, referralLink: string | null): Record<string, string> =>
  personValues({
    referralLink,
    firstName: p.first_name,
    lastName: p.last_name,
    phone: p.phone,
    gymName: gymName ?? null,
    locationName: p.location_name,
    planName: p.plan_name,
    endDate: p.end_date,
    joinedOn: p.joined_on,
    today: p.today,
    language,
  });

/**
 * Starts a campaign in the caller's transaction: its segment resolved now, one queued message per person it can
 * reach (those without consent or address skipped and counted), the campaign marked sending.
 */
export const startCampaign = async (trx: Executor<NotificationsDb>, c: CampaignRow, now: Date): Promise<CampaignRow> => {
  const template = await trx.selectFrom('message_templates').selectAll().where('id', '=', c.template_id).where('org_id', '=', c.org_id).executeTakeFirst();
  const brand = await trx.selectFrom('org_brands').select(['name', 'brand_color']).where('org_id', '=', c.org_id).executeTakeFirst();
  const people = await segmentPeople(trx, c.segment, { orgId: c.org_id, locationIds: c.location_ids }, c.channel, now);
  const referralLink = await referralLinksOf(trx, c.org_id);
  let noConsent = 0;
  let noAddress = 0;
  const rows: NewOutboundMessage[] = [];
  for (const p of people) {
    const reach = reachOf({
      purpose: c.purpose,
      channel: c.channel,
      phone: p.phone,
      email: p.email,
      marketingConsent: p.marketing_consent,
      messagingConsent: p.messaging_consent,
    });
    if (reach === 'no_consent') noConsent += 1;
    if (reach === 'no_address') noAddress += 1;
    const language = template ? languageFor(template, p.language) : null;
    if (reach !== 'reachable' || !template || !language) continue;
    rows.push({
      orgId: c.org_id,
      locationId: p.location_id,
      personId: p.person_id,
      personKind: p.person_kind,
      personName: p.name,
      channel: c.channel,
      address: (c.channel === 'email' ? p.email : p.phone)!.trim(),
      language,
      purpose: 'campaign',
      marketing: c.purpose === 'marketing',
      campaignId: c.id,
      templateId: template.id,
      content: renderOutbound(
        template,
        language,
        valuesOf(p, brand?.name, language, referralLink({ kind: p.person_kind, id: p.person_id, locationId: p.location_id })),
        brand,
      ),
      ratePerMinute: c.rate_per_minute,
    });
  }
  await enqueueMessages(trx, rows, now);
  return markStarted(trx, c.id, { recipients: rows.length, skippedNoConsent: noConsent, skippedNoAddress: noAddress, at: now });
};

/** The time zone a campaign's local send time is read in: its first location's, else the organization's first location's. */
const timeZoneOf = async (db: Executor<NotificationsDb>, orgId: string, locationIds: readonly string[] | null): Promise<string> => {
  let q = db.selectFrom('kit_locations').select('timezone').where('org_id', '=', orgId);
  if (locationIds?.length) q = q.where('location_id', '=', locationIds[0]!);
  const row = await q.orderBy('location_id').executeTakeFirst();
  return row?.timezone ?? DEFAULT_TIME_ZONE;
};

const toCampaign = (r: CampaignRow, counts: Partial<Record<OutboundRowStatus, number>> = {}): Campaign => ({
  _id: r.id,
  name: r.name,
  segment: r.segment,
  channel: r.channel,
  templateId: r.template_id,
  templateName: r.template_name,
  purpose: r.purpose,
  status: r.status,
  scheduledAt: r.scheduled_at.toISOString(),
  sendAt: r.send_at,
  ratePerMinute: r.rate_per_minute,
  counts: {
    recipients: r.recipients,
    queued: (counts.queued ?? 0) + (counts.sending ?? 0),
    sent: counts.sent ?? 0,
    delivered: counts.delivered ?? 0,
    read: counts.read ?? 0,
    failed: counts.failed ?? 0,
    cancelled: counts.cancelled ?? 0,
    skippedNoConsent: r.skipped_no_consent,
    skippedNoAddress: r.skipped_no_address,
  },
  createdBy: { id: r.created_by, name: r.created_by_name },
  createdAt: r.created_at.toISOString(),
  startedAt: r.started_at?.toISOString() ?? null,
  completedAt: r.completed_at?.toISOString() ?? null,
  cancelledAt: r.cancelled_at?.toISOString() ?? null,
});

const withCounts = async (db: Executor<NotificationsDb>, r: CampaignRow): Promise<Campaign> => toCampaign(r, (await countsByCampaign(db, [r.id])).get(r.id));

/**
 * Creates a campaign: the template must be the organization's, on the campaign's channel, not archived (else 404) and,
 * on WhatsApp, approved in a language (else 400); its category makes it marketing or utility. Sent now, it starts in
 * the same transaction; at a local time, it waits for the campaign starter.
 */
export const createCampaign = ({ db, clock }: Pick<CampaignsDeps, 'db' | 'clock'>, s: Staff, body: CreateCampaignBody): Promise<Campaign> =>
  db.transaction().execute(async (trx) => {
    const now = clock();
    const scope = await segmentScope(trx, s, body.segment);
    const template = await trx
      .selectFrom('message_templates')
      .selectAll()
      .where('id', '=', body.templateId)
      .where('org_id', '=', s.orgId)
      .where('channel', '=', body.channel)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    if (!template) throw notFound('Template');
    if (sendableLanguages(template).length === 0)
      throw badRequest(
        template.channel === 'whatsapp' ? 'This template is not approved by WhatsApp yet: choose an approved one' : 'This template has no text yet',
      );
    if (body.channel === 'sms' && !template.dlt_template_id) throw badRequest('This SMS template has no DLT template id: add it before sending');
    const timeZone = await timeZoneOf(trx, s.orgId, scope.locationIds);
    const scheduledAt = body.sendAt ? scheduledInstant(body.sendAt, timeZone, now) : now;
    const row = await insertCampaign(trx, {
      id: newId(),
      org_id: s.orgId,
      name: body.name,
      segment: body.segment,
      location_ids: scope.locationIds ? [...scope.locationIds] : null,
      channel: body.channel,
      template_id: template.id,
      template_name: template.name,
      purpose: template.category,
      status: 'scheduled',
      scheduled_at: scheduledAt,
      send_at: body.sendAt ? { ...body.sendAt, timeZone } : null,
      rate_per_minute: body.ratePerMinute,
      created_by: s.userId,
      created_by_name: s.name,
      created_at: now,
      started_at: null,
      completed_at: null,
      cancelled_at: null,
    });
    return withCounts(trx, body.sendAt ? row : await startCampaign(trx, row, now));
  });

/** Starts the scheduled campaigns whose time has come (the campaign starter job; SKIP LOCKED: one instance each). */
export const startDueCampaigns = ({ db }: Pick<CampaignsDeps, 'db'>, now: Date, limit = 5): Promise<number> =>
  db.transaction().execute(async (trx) => {
    const due = await lockDueCampaigns(trx, now, limit);
    for (const c of due) await startCampaign(trx, c, now);
    return due.length;
  });

export const getCampaign = async ({ db }: Pick<CampaignsDeps, 'db'>, s: Staff, id: string): Promise<Campaign> => {
  const row = await findCampaign(db, id, callerScope(s));
  if (!row) throw notFound('Campaign');
  return withCounts(db, row);
};

export const listCampaignsFor = async (
  { db }: Pick<CampaignsDeps, 'db'>,
  s: Staff,
  q: { status?: CampaignRow['status'] | undefined; page: number; limit: number },
): Promise<{ campaigns: Campaign[]; totalCount: number; page: number; limit: number; totalPages: number }> => {
  const { rows, total } = await listCampaigns(db, callerScope(s), { status: q.status, offset: pageOffset(q.page, q.limit), limit: q.limit });
  const counts = await countsByCampaign(
    db,
    rows.map((r) => r.id),
  );
  return {
    campaigns: rows.map((r) => toCampaign(r, counts.get(r.id))),
    totalCount: total,
    page: q.page,
    limit: q.limit,
    totalPages: totalPages(total, q.limit),
  };
};

/** Cancels a scheduled campaign (nothing sent) or stops a sending one (what is queued is not sent); completed or cancelled: 409. */
export const cancelCampaign = ({ db, clock }: Pick<CampaignsDeps, 'db' | 'clock'>, s: Staff, id: string): Promise<Campaign> =>
  db.transaction().execute(async (trx) => {
    const row = await findCampaign(trx, id, callerScope(s), true);
    if (!row) throw notFound('Campaign');
    if (row.status === 'completed' || row.status === 'cancelled')
      throw conflict('CONFLICT', row.status === 'completed' ? 'This campaign has already been sent' : 'This campaign is already cancelled');
    const now = clock();
    await cancelQueued(trx, id, now);
    return withCounts(trx, await markCancelled(trx, id, now));
  });

/** The people of a campaign in one status, paged (the report's "failed for" list by default). */
export const campaignRecipients = async (
  { db }: Pick<CampaignsDeps, 'db'>,
  s: Staff,
  id: string,
  q: { status: OutboundStatus | 'cancelled'; page: number; limit: number },
): Promise<{ recipients: CampaignRecipient[]; totalCount: number; page: number; limit: number; totalPages: number }> => {
  const row = await findCampaign(db, id, callerScope(s));
  if (!row) throw notFound('Campaign');
  const { rows, total } = await campaignMessages(db, id, q.status, { offset: pageOffset(q.page, q.limit), limit: q.limit });
  return {
    recipients: rows.map((m) => ({
      personId: m.person_id,
      audience: m.person_kind === 'member' ? 'members' : 'leads',
      name: m.person_name,
      address: m.address,
      status: m.status === 'sending' ? 'queued' : m.status,
      reason: m.reason,
      sentAt: m.sent_at?.toISOString() ?? null,
      updatedAt: m.status_at.toISOString(),
    })),
    totalCount: total,
    page: q.page,
    limit: q.limit,
    totalPages: totalPages(total, q.limit),
  };
};
