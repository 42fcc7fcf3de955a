import type { MessageTemplate, TemplateVariable } from '@akhada/contracts';
import type { MessageTemplateRow } from '../db/schema.ts';
import { whatsAppTemplateName } from '../domain/message-templates.ts';

const texts = (t: { en?: string | undefined; hi?: string | undefined } | null) =>
  t ? { ...(t.en !== undefined ? { en: t.en } : {}), ...(t.hi !== undefined ? { hi: t.hi } : {}) } : null;

/** A stored template as the contract has it. */
export const toMessageTemplate = (r: MessageTemplateRow): MessageTemplate => ({
  id: r.id,
  channel: r.channel,
  name: r.name,
  category: r.category,
  bodies: texts(r.bodies) ?? {},
  variables: r.variables as TemplateVariable[],
  subject: r.channel === 'email' ? texts(r.email_subject) : null,
  html: r.channel === 'email' ? texts(r.email_html) : null,
  dltTemplateId: r.channel === 'sms' ? r.dlt_template_id : null,
  senderHeader: r.channel === 'sms' ? r.sender_header : null,
  whatsappStatus:
    r.channel === 'whatsapp'
      ? { ...(r.whatsapp_status.en ? { en: r.whatsapp_status.en } : {}), ...(r.whatsapp_status.hi ? { hi: r.whatsapp_status.hi } : {}) }
      : {},
  whatsappRejection: r.channel === 'whatsapp' ? r.whatsapp_rejection : null,
  whatsappName: r.channel === 'whatsapp' ? whatsAppTemplateName(r.org_id, r.name) : null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  archivedAt: r.archived_at?.toISOString() ?? null,
});
