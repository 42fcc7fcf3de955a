import type { MessageTemplate, MessageTemplateInput, TemplateLanguage, TemplatePreview, WhatsAppWebhookBody } from '@akhada/contracts';
import { isUniqueViolation, newId, type Executor, type Logger, type RequestContext } from '@akhada/kit';
import { AppError, badRequest, conflict, dateIn, DEFAULT_TIME_ZONE, notFound } from '@akhada/kit/domain';
import { sql } from 'kysely';
import type { WhatsAppTemplatePlatform } from '../adapters/whatsapp-template-platform.ts';
import { reviewOf } from '../adapters/whatsapp-template-platform.ts';
import { setWhatsAppReview, templateByPlatformName, templateOf, templatesOf } from '../db/message-templates-repo.ts';
import { referralLinksOf } from '../db/referral-links-repo.ts';
import type { MessageTemplateRow, NotificationsDb } from '../db/schema.ts';
import {
  fillTemplate,
  languagesOf,
  personValues,
  SAMPLE_PERSON,
  whatsAppTemplateName,
  type FillableTemplate,
  type PersonFacts,
} from '../domain/message-templates.ts';
import { toMessageTemplate } from '../views/message-template-view.ts';
import type { NotificationsDeps } from './deps.ts';

/** What the templates' use cases need: the database, the clock, and the WhatsApp platform's template API (none: not submitted). */
export interface TemplatesDeps extends NotificationsDeps {
  platform?: WhatsAppTemplatePlatform | undefined;
  logger?: Logger | undefined;
}

const NAME_TAKEN = 'A template with this name already exists on this channel';

/** The columns of a template from its input (the channel's own fields; the others null). */
const columnsOf = (t: MessageTemplateInput) => ({
  name: t.name,
  category: t.category,
  bodies: JSON.stringify(t.bodies) as never,
  variables: [...t.variables],
  email_subject: (t.channel === 'email' ? JSON.stringify(t.subject) : null) as never,
  email_html: (t.channel === 'email' ? JSON.stringify(t.html) : null) as never,
  dlt_template_id: t.channel === 'sms' ? t.dltTemplateId : null,
  sender_header: t.channel === 'sms' ? t.senderHeader : null,
});

const liveTemplate = async (db: Executor<NotificationsDb>, orgId: string, id: string): Promise<MessageTemplateRow> => {
  const row = await templateOf(db, orgId, id);
  if (!row || row.archived_at) throw notFound('Template not found');
  return row;
};

/**
 * Submits the given languages of a WhatsApp template to the platform, one by one. Each is marked pending first (the
 * platform's webhook may tell its decision before its answer to the submission arrives), then takes what the platform
 * answered if that is already a decision. A language the platform refused to take loses its status and gets the
 * platform's words as the rejection, so "Refresh status" submits it again.
 */
const submit = async (deps: Pick<TemplatesDeps, 'db' | 'platform' | 'logger'>, row: MessageTemplateRow, languages: readonly TemplateLanguage[]) => {
  if (row.channel !== 'whatsapp' || !deps.platform) return;
  const platformName = whatsAppTemplateName(row.org_id, row.name);
  const sample = personValues({ ...SAMPLE_PERSON, gymName: 'Akhada Gym', locationName: 'Main branch' }) as Record<string, string>;
  for (const language of languages) {
    const body = row.bodies[language];
    if (!body) continue;
    await setWhatsAppReview(deps.db, row.id, language, 'pending', null);
    try {
      const review = await deps.platform.submit({
        name: platformName,
        language,
        category: row.category,
        body,
        examples: row.variables.map((v) => sample[v] ?? v),
      });
      if (review !== 'pending') await setWhatsAppReview(deps.db, row.id, language, review, null);
    } catch (err) {
      deps.logger?.warn({ err, templateId: row.id, language }, 'WhatsApp template not submitted');
      await deps.db
        .updateTable('message_templates')
        .set({ whatsapp_status: sql`whatsapp_status - ${language}::text`, whatsapp_rejection: `Not submitted: ${(err as Error).message}`.slice(0, 500) })
        .where('id', '=', row.id)
        .execute();
    }
  }
};

const reread = async (db: Executor<NotificationsDb>, row: MessageTemplateRow) => toMessageTemplate((await templateOf(db, row.org_id, row.id))!);

export const listTemplates = async ({ db }: Pick<NotificationsDeps, 'db'>, ctx: RequestContext, q: { channel?: string | undefined; archived: boolean }) =>
  (await templatesOf(db, ctx.orgId, q)).map(toMessageTemplate);

export const getTemplate = async ({ db }: Pick<NotificationsDeps, 'db'>, ctx: RequestContext, id: string): Promise<MessageTemplate> => {
  const row = await templateOf(db, ctx.orgId, id);
  if (!row) throw notFound('Template not found');
  return toMessageTemplate(row);
};

/** A new template of the organization; a WhatsApp one is submitted for review in each of its languages. */
export const createTemplate = async (deps: TemplatesDeps, ctx: RequestContext, input: MessageTemplateInput): Promise<MessageTemplate> => {
  const now = deps.clock();
  let row: MessageTemplateRow;
  try {
    row = await deps.db
      .insertInto('message_templates')
      .values({
        id: newId(),
        org_id: ctx.orgId,
        channel: input.channel,
        ...columnsOf(input),
        created_by: ctx.userId,
        created_at: now,
        updated_at: now,
        archived_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err, 'message_templates_name_uq')) throw conflict('CONFLICT', NAME_TAKEN);
    throw err;
  }
  await submit(deps, row, languagesOf(row));
  return reread(deps.db, row);
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Edits a template; its channel stays, and a WhatsApp template its name (the platform does not rename). A WhatsApp
 * language whose text changed (or every language, when the category or variables changed) is submitted again; a
 * language removed loses its review.
 */
export const updateTemplate = async (deps: TemplatesDeps, ctx: RequestContext, id: string, input: MessageTemplateInput): Promise<MessageTemplate> => {
  const before = await liveTemplate(deps.db, ctx.orgId, id);
  if (before.channel !== input.channel) throw badRequest('A template’s channel cannot change: make a new template');
  if (before.channel === 'whatsapp' && before.name !== input.name) throw badRequest('A WhatsApp template’s name cannot change: make a new template');
  let row: MessageTemplateRow;
  try {
    row = await deps.db
      .updateTable('message_templates')
      .set({ ...columnsOf(input), updated_at: deps.clock() })
      .where('id', '=', id)
      .where('org_id', '=', ctx.orgId)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err, 'message_templates_name_uq')) throw conflict('CONFLICT', NAME_TAKEN);
    throw err;
  }
  if (row.channel === 'whatsapp') {
    const everything = before.category !== row.category || !same(before.variables, row.variables);
    const changed = languagesOf(row).filter((l) => everything || before.bodies[l] !== row.bodies[l] || !before.whatsapp_status[l]);
    const dropped = (['en', 'hi'] as const).filter((l) => !row.bodies[l] && row.whatsapp_status[l]);
    if (dropped.length)
      await deps.db
        .updateTable('message_templates')
        .set({
          whatsapp_status: JSON.stringify(Object.fromEntries(Object.entries(row.whatsapp_status).filter(([l]) => !dropped.includes(l as 'en')))) as never,
        })
        .where('id', '=', id)
        .execute();
    await submit(deps, row, changed);
  }
  return reread(deps.db, row);
};

export const archiveTemplate = async ({ db, clock }: Pick<NotificationsDeps, 'db' | 'clock'>, ctx: RequestContext, id: string): Promise<void> => {
  await liveTemplate(db, ctx.orgId, id);
  await db.updateTable('message_templates').set({ archived_at: clock() }).where('id', '=', id).where('org_id', '=', ctx.orgId).execute();
};

/** Asks the platform now: each language's review; a language never taken by the platform is submitted again. */
export const refreshTemplateStatus = async (deps: TemplatesDeps, ctx: RequestContext, id: string): Promise<MessageTemplate> => {
  const row = await liveTemplate(deps.db, ctx.orgId, id);
  if (row.channel !== 'whatsapp') throw badRequest('Only WhatsApp templates are reviewed by the platform');
  if (!deps.platform) throw new AppError(502, 'PROVIDER_UNREACHABLE', 'WhatsApp is not set up on this server');
  let reviews;
  try {
    reviews = await deps.platform.reviewsOf(whatsAppTemplateName(row.org_id, row.name));
  } catch (err) {
    throw new AppError(502, 'PROVIDER_UNREACHABLE', `WhatsApp could not be reached: ${(err as Error).message}`);
  }
  for (const language of languagesOf(row)) {
    const r = reviews.find((x) => x.language === language);
    if (r) await setWhatsAppReview(deps.db, row.id, language, r.status, r.reason);
    else await submit(deps, row, [language]);
  }
  return reread(deps.db, row);
};

/**
 * The platform's webhook (field message_template_status_update): the review of one language of a template, found by
 * its platform name. How many templates it changed (0: not one of ours).
 */
export const recordTemplateReview = async (db: Executor<NotificationsDb>, v: NonNullable<WhatsAppWebhookBody['entry'][number]['changes'][number]['value']>) => {
  if (!v.event || !v.message_template_name || !v.message_template_language) return 0;
  const language = v.message_template_language.split('_')[0];
  if (language !== 'en' && language !== 'hi') return 0;
  const row = await templateByPlatformName(db, v.message_template_name);
  if (!row) return 0;
  const review = reviewOf(v.event);
  await setWhatsAppReview(db, row.id, language, review, review === 'rejected' ? (v.reason ?? 'REJECTED') : null);
  return 1;
};

// ——— Preview ———

/** What personValues needs of a member this service keeps, in the language of the preview. */
const memberFacts = async (
  db: Executor<NotificationsDb>,
  orgId: string,
  m: { location_id: string | null } & Record<string, unknown>,
  language: TemplateLanguage,
  now: Date,
): Promise<PersonFacts> => {
  const [brand, location, referralLink] = await Promise.all([
    db.selectFrom('org_brands').select('name').where('org_id', '=', orgId).executeTakeFirst(),
    m.location_id ? db.selectFrom('kit_locations').select(['name', 'timezone']).where('location_id', '=', m.location_id).executeTakeFirst() : undefined,
    referralLinksOf(db, orgId),
  ]);
  return {
    referralLink: referralLink({ kind: 'member', id: String(m.member_id), locationId: m.location_id }),
    firstName: String(m.first_name ?? ''),
    lastName: String(m.last_name ?? ''),
    phone: (m.phone as string | null) ?? null,
    gymName: brand?.name ?? location?.name ?? null,
    locationName: location?.name ?? null,
    planName: (m.plan_name as string | null) ?? null,
    endDate: (m.end_date as string | null) ?? null,
    joinedOn: (m.joined_on as string | null) ?? null,
    today: dateIn(location?.timezone ?? DEFAULT_TIME_ZONE, now),
    language,
  };
};

/**
 * A template (saved or a draft) in `language`, filled with one member's values: the one asked for (of the caller's
 * organization and, for an admin, locations; else 404), else the first by name the caller may see, else sample values.
 */
const preview = async (
  { db, clock }: Pick<NotificationsDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  t: FillableTemplate,
  body: { language: TemplateLanguage; memberId?: string | undefined },
): Promise<TemplatePreview> => {
  if (!languagesOf(t).includes(body.language)) throw badRequest(`This template has no ${body.language === 'en' ? 'English' : 'Hindi'} text`);
  let q = db
    .selectFrom('member_copies')
    .select(['member_id', 'first_name', 'last_name', 'phone', 'location_id', 'plan_name', 'end_date', 'joined_on'])
    .where('org_id', '=', ctx.orgId)
    .where('status', '!=', 'archived');
  if (ctx.role !== 'owner') q = ctx.locationIds.length ? q.where('location_id', 'in', ctx.locationIds) : q.where(sql<boolean>`false`);
  const member = body.memberId
    ? await q.where('member_id', '=', body.memberId).executeTakeFirst()
    : await q.orderBy('first_name').orderBy('last_name').orderBy('member_id').executeTakeFirst();
  if (body.memberId && !member) throw notFound('Member not found');
  const facts = member
    ? await memberFacts(db, ctx.orgId, member, body.language, clock())
    : {
        ...SAMPLE_PERSON,
        language: body.language,
        gymName: (await db.selectFrom('org_brands').select('name').where('org_id', '=', ctx.orgId).executeTakeFirst())?.name ?? 'Akhada Gym',
      };
  const filled = fillTemplate(t, body.language, personValues(facts));
  return {
    language: filled.language,
    text: filled.text,
    subject: filled.subject ?? null,
    html: filled.html ?? null,
    parameters: filled.variables,
    missing: filled.missing as TemplatePreview['missing'],
    member: member ? { id: member.member_id, name: `${member.first_name} ${member.last_name}`.trim() } : null,
  };
};

export const previewTemplate = async (
  deps: Pick<NotificationsDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  id: string,
  body: { language: TemplateLanguage; memberId?: string | undefined },
) => {
  const row = await templateOf(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Template not found');
  return preview(deps, ctx, { bodies: row.bodies, variables: row.variables, subject: row.email_subject, html: row.email_html }, body);
};

export const previewDraft = (
  deps: Pick<NotificationsDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  body: { language: TemplateLanguage; memberId?: string | undefined; template: MessageTemplateInput },
) =>
  preview(
    deps,
    ctx,
    {
      bodies: body.template.bodies,
      variables: body.template.variables,
      ...(body.template.channel === 'email' ? { subject: body.template.subject, html: body.template.html } : {}),
    },
    body,
  );
