import type {
  AnnouncementAudience,
  AutomationAction,
  AutomationConditions,
  AutomationRunStatus,
  AutomationSkipReason,
  AutomationStatus,
  AutomationTrigger,
  AutomationWait,
  BuiltinAutomation,
  MessageLanguage,
  NotificationPreferences,
  NotificationPriority,
  NotificationStatus,
  NotificationType,
  Role,
  Segment,
  SmsProvider,
  SmtpSecurity,
  WebhookEventType,
} from '@akhada/contracts';
import type { KitTables } from '@akhada/kit';
import type { Generated, Insertable, Selectable } from 'kysely';

/** This service's own copy of who may receive notifications, fed by `auth.user_registered`. */
export interface RecipientsTable {
  user_id: string;
  org_id: string;
  role: Role;
  location_ids: string[];
  name: string;
  email: string | null;
  /** occurredAt of the auth event this row reflects; upserts only move it forward (the read model's version). */
  source_occurred_at: Date;
  /** When this copy last changed (bookkeeping, database time). */
  updated_at: Generated<Date>;
}

export interface NotificationsTable {
  id: string;
  org_id: string;
  recipient_id: string;
  location_id: string | null;
  type: NotificationType;
  category: string;
  priority: NotificationPriority;
  status: NotificationStatus;
  /** i18n keys and their parameters, so the text can be rendered in Hindi later; title/message hold the English text. */
  title_key: string;
  message_key: string;
  params: Record<string, string>;
  title: string;
  message: string;
  action_url: string | null;
  action_text: string | null;
  action_key: Generated<string | null>;
  /** The integration event this notification came from: unique per recipient, so a redelivery creates nothing. */
  source_event_id: string;
  /** The people the event is about (see subjectsOf): an erasure redacts their names here. */
  subject_ids: Generated<string[]>;
  created_at: Date;
  read_at: Date | null;
}

/** Member events that arrived before any owner of their organization was known (topics have no order between them). */
export interface AwaitingRecipientsTable {
  event_id: string;
  org_id: string;
  envelope: unknown;
  received_at: Generated<Date>;
}

/** One row per member and low-attendance period already alerted: the rule tells staff once per period, whatever arrives. */
export interface LowAttendanceAlertsTable {
  org_id: string;
  member_id: string;
  /** The period's first day (YYYY-MM-DD, the location's local date), as the attendance event names it. */
  period_start: string;
  /** The event that raised the alert; a replay of that same event may complete it, another event of the period not. */
  event_id: string;
  created_at: Generated<Date>;
}

export interface NotificationPreferencesTable {
  user_id: string;
  org_id: string;
  prefs: NotificationPreferences;
  language: MessageLanguage;
  updated_at: Date;
}

export interface MessagingConsentTable {
  user_id: string;
  org_id: string;
  granted: boolean;
  phone: string | null;
  granted_at: Date | null;
  method: string | null;
  withdrawn_at: Date | null;
  updated_at: Date;
}

/** This service's copy of the members it may message: contact details, status, end date, trainer (from members' events). */
/** A class on scheduling's timetable, as its events tell it (0013). */
export interface ClassCopiesTable {
  class_id: string;
  org_id: string;
  location_id: string;
  class_name: string;
  starts_at: Date;
  cancelled: Generated<boolean>;
}

/** A member's place in a class: booked, waiting, or offered a freed place to confirm. */
export interface ClassPlacesTable {
  class_id: string;
  member_id: string;
  status: 'booked' | 'waitlist' | 'offered';
}

export interface MemberCopiesTable {
  member_id: string;
  org_id: string;
  location_id: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: string | null;
  phone: string | null;
  status: Generated<string>;
  end_date: string | null;
  trainer_id: string | null;
  version: Generated<number>;
  /** 0015: the member's plan (members' membership type: basic | premium | vip | annual) and its display name; none while pending. */
  plan_id: Generated<string | null>;
  plan_name: Generated<string | null>;
  /** YYYY-MM-DD, from registration or a profile change; null when not recorded. */
  date_of_birth: Generated<string | null>;
  /** male | female | other | … (members' Gender); null when not recorded. */
  gender: Generated<string | null>;
  /** The first term's start day (YYYY-MM-DD); a member who signed up with the code has none until their first term. */
  joined_on: Generated<string | null>;
  /** The latest check-in (attendance.checked_in). */
  last_visit_at: Generated<Date | null>;
}

/** 0015: this service's copy of enquiries' leads (enquiries' events); `updated_at` is the occurredAt of the last event applied. */
export interface LeadCopiesTable {
  lead_id: string;
  org_id: string;
  location_id: string;
  name: string;
  phone: string;
  email: string | null;
  stage: string;
  source: string;
  owner_id: string | null;
  /** The member the lead became (enquiries.lead_joined). */
  member_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** 0015: the gym's name and brand colour as auth's organization events tell them; `updated_at` is the last event's occurredAt. */
export interface OrgBrandsTable {
  org_id: string;
  name: string;
  brand_color: string | null;
  updated_at: Date;
}

export type MarketingChannelColumn = 'whatsapp' | 'sms' | 'email';

/** 0016: a person's (member's or lead's) marketing consent per channel, as it now stands. */
export interface MarketingConsentTable {
  org_id: string;
  person_id: string;
  channel: MarketingChannelColumn;
  granted: boolean;
  /** How it was given or withdrawn (MarketingConsentMethod in contracts). */
  method: string;
  changed_at: Date;
}

/** 0016: every change of marketing consent, appended, never updated. */
export interface MarketingConsentHistoryTable {
  id: Generated<string>;
  org_id: string;
  person_id: string;
  channel: MarketingChannelColumn;
  granted: boolean;
  method: string;
  actor_id: string | null;
  changed_at: Date;
}

export type TemplateLanguageTexts = { en?: string; hi?: string };
export type WhatsAppApproval = 'pending' | 'approved' | 'rejected';

/** 0017: an organization's message template (WhatsApp, SMS or email) for campaigns and automations. */
export interface MessageTemplatesTable {
  id: string;
  org_id: string;
  channel: MarketingChannelColumn;
  name: string;
  category: 'marketing' | 'utility';
  /** The body per language, with {{1}}, {{2}} … placeholders (email: the text part). */
  bodies: TemplateLanguageTexts;
  /** The person fields filling {{1}}, {{2}} … in order (firstName, planName, …). */
  variables: Generated<string[]>;
  email_subject: TemplateLanguageTexts | null;
  email_html: TemplateLanguageTexts | null;
  dlt_template_id: string | null;
  sender_header: string | null;
  /** WhatsApp: the platform's approval per language submitted. */
  whatsapp_status: Generated<{ en?: WhatsAppApproval; hi?: WhatsAppApproval }>;
  /** WhatsApp: the platform's reason when it rejected the template. */
  whatsapp_rejection: Generated<string | null>;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

/** 0018: what an outbound message carries, rendered when it was queued (WhatsApp: the approved template and its parameters). */
export interface OutboundContent {
  /** The text as the person reads it (SMS, email's text part, WhatsApp's template body filled in). */
  text: string;
  /** WhatsApp: the template's name and language as approved, and the body's parameters in order. */
  whatsapp?: { name: string; language: string; params: string[] };
  /** SMS: the DLT template id and the sender header it is registered with. */
  sms?: { dltTemplateId: string | null; senderHeader: string | null };
  /**
   * Email: the subject, the body's HTML (values escaped; the text's when the template has none) and the gym's branding;
   * the sender wraps it in the gym's band (brandedEmailHtml) with the person's unsubscribe link when it is marketing.
   */
  email?: { subject: string; html: string; gymName: string; brandColor: string | null };
}
export type OutboundRowStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | 'cancelled';
export interface OutboundMessagesTable {
  id: string;
  org_id: string;
  location_id: string | null;
  person_id: string;
  person_kind: 'member' | 'lead';
  person_name: string;
  channel: MarketingChannelColumn;
  address: string;
  language: MessageLanguage;
  purpose: 'campaign' | 'automation';
  marketing: boolean;
  campaign_id: string | null;
  automation_run_id: string | null;
  /** An automation run's message: the index of its action in the rule (one message per step). */
  action_step: Generated<number | null>;
  template_id: string | null;
  content: OutboundContent;
  /** The lane whose rate it is sent at: `campaign:<id>`, or `org:<orgId>` (automations). */
  rate_key: string;
  status: Generated<OutboundRowStatus>;
  /** Not sent before this instant (a retry's back-off). */
  not_before: Date;
  attempts: Generated<number>;
  /** When a sender took it (status sending). */
  claimed_at: Date | null;
  provider_id: string | null;
  /** The provider's reason when failed; why it was cancelled. */
  reason: string | null;
  sent_at: Date | null;
  status_at: Date;
  created_at: Date;
}
/** 0018: a token bucket per lane (refilled at per_minute), shared by every sender instance. */
export interface OutboundRatesTable {
  rate_key: string;
  per_minute: number;
  tokens: number;
  refilled_at: Date;
}
export type CampaignRowStatus = 'scheduled' | 'sending' | 'completed' | 'cancelled';
/** 0019 */
export interface CampaignsTable {
  id: string;
  org_id: string;
  name: string;
  segment: Segment;
  location_ids: string[] | null;
  channel: MarketingChannelColumn;
  template_id: string;
  template_name: string;
  purpose: 'marketing' | 'utility';
  status: CampaignRowStatus;
  scheduled_at: Date;
  send_at: { date: string; time: string; timeZone: string } | null;
  rate_per_minute: number;
  recipients: Generated<number>;
  skipped_no_consent: Generated<number>;
  skipped_no_address: Generated<number>;
  created_by: string;
  created_by_name: string;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';
export interface DeliveriesTable {
  notification_id: string;
  channel: 'email' | 'sms';
  org_id: string;
  recipient_id: string;
  address: string;
  language: MessageLanguage;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  provider_id: string | null;
  sent_at: Date | null;
  created_at: Date;
  /** WhatsApp: what the platform says of the message (queued when its API took it; then its status callbacks). */
  provider_status: Generated<ProviderStatus | null>;
  provider_status_at: Generated<Date | null>;
}
export type ProviderStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

/** When a person last wrote to a WhatsApp business number (the platform's webhook): their 24-hour window opens then. */
export interface WhatsAppInboundTable {
  phone_number_id: string;
  wa_id: string;
  last_at: Date;
}

export interface AnnouncementsTable {
  id: string;
  org_id: string;
  title: string;
  message: string;
  audience: AnnouncementAudience;
  location_id: string | null;
  trainer_id: string | null;
  priority: NotificationPriority;
  sent_by_id: string;
  sent_by_name: string;
  recipient_count: number;
  created_at: Date;
}

/** The hub's open sockets, per instance (presence: a chat message notifies only whoever has none). */
export interface HubSocketsTable {
  socket_id: string;
  instance_id: string;
  org_id: string;
  user_id: string;
  seen_at: Date;
}

/** This service's copy of payments that may become overdue (payments' events). */
export interface PaymentCopiesTable {
  payment_id: string;
  org_id: string;
  location_id: string;
  member_id: string | null;
  member_name: string;
  total_paise: number;
  due_date: string | null;
  status: string;
  /** occurredAt of the payments event this row reflects; older events never overwrite it. */
  as_of: Date;
}

/** Settings → Integrations: the organization's own SMTP server (the password sealed with the kit's secret box). */
export interface OrgEmailSettingsTable {
  org_id: string;
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string | null;
  password_sealed: string | null;
  password_last4: string | null;
  from_name: string;
  from_address: string;
  updated_at: Date;
  updated_by: string;
}

/** The organization's WhatsApp/SMS provider (the key sealed). */
export interface OrgSmsSettingsTable {
  org_id: string;
  provider: SmsProvider;
  sender: string;
  api_key_sealed: string;
  api_key_last4: string;
  updated_at: Date;
  updated_by: string;
}

export interface IntegrationTestsTable {
  org_id: string;
  channel: 'email' | 'sms';
  ok: boolean;
  message: string;
  at: Date;
}

export interface WebhookEndpointsTable {
  id: string;
  org_id: string;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  secret_sealed: string;
  status: 'active' | 'failing';
  deleted_at: Date | null;
  created_at: Date;
  created_by: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  org_id: string;
  event_id: string;
  event_type: WebhookEventType | 'ping';
  /** The JSON body exactly as signed and sent (a redelivery sends the same bytes). */
  body: string;
  status: 'pending' | 'sending' | 'succeeded' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  response_code: number | null;
  error: string | null;
  created_at: Date;
}

/** 0020: an automation rule (contract shapes in jsonb). */
export interface AutomationsTable {
  id: string;
  org_id: string;
  name: string;
  builtin: BuiltinAutomation | null;
  status: AutomationStatus;
  trigger_type: AutomationTrigger['type'];
  trigger: AutomationTrigger;
  wait: AutomationWait | null;
  conditions: AutomationConditions;
  location_ids: Generated<string[]>;
  actions: AutomationAction[];
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** What one action of a run did. */
export interface AutomationActionOutcome {
  type: AutomationAction['type'];
  result: 'sent' | 'queued' | 'skipped';
  reason: AutomationSkipReason | null;
}

/** 0021: one rule × person × occurrence, at most once. */
/** 0022: enquiries' follow-ups on leads (from enquiries.lead_changed), for automations' "follow-up overdue". */
export interface FollowUpCopiesTable {
  follow_up_id: string;
  org_id: string;
  lead_id: string;
  location_id: string;
  kind: string | null;
  due_at: Date | null;
  assignee_id: string | null;
  done: boolean;
  updated_at: Date;
}

export interface AutomationRunsTable {
  id: string;
  rule_id: string;
  org_id: string;
  person_id: string;
  person_kind: 'member' | 'lead';
  person_name: string;
  location_id: string | null;
  occurrence: string;
  status: AutomationRunStatus;
  reason: AutomationSkipReason | null;
  actions: Generated<AutomationActionOutcome[]>;
  triggered_at: Date;
  due_at: Date;
  done_at: Date | null;
}

/** A location's public enquiry form code (enquiries.form_link_made), for members' referral links. */
export interface FormLinkCopiesTable {
  location_id: string;
  org_id: string;
  code: string;
  updated_at: Date;
}

/** Settings this service keeps for itself (app_url: the app's public address, written at start). */
export interface ServiceSettingsTable {
  name: string;
  value: string;
}

export interface NotificationsDb extends KitTables {
  automations: AutomationsTable;
  automation_runs: AutomationRunsTable;
  follow_up_copies: FollowUpCopiesTable;
  form_link_copies: FormLinkCopiesTable;
  service_settings: ServiceSettingsTable;
  hub_sockets: HubSocketsTable;
  org_email_settings: OrgEmailSettingsTable;
  org_sms_settings: OrgSmsSettingsTable;
  integration_tests: IntegrationTestsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  payment_copies: PaymentCopiesTable;
  notification_preferences: NotificationPreferencesTable;
  messaging_consent: MessagingConsentTable;
  member_copies: MemberCopiesTable;
  lead_copies: LeadCopiesTable;
  org_brands: OrgBrandsTable;
  marketing_consent: MarketingConsentTable;
  marketing_consent_history: MarketingConsentHistoryTable;
  message_templates: MessageTemplatesTable;
  outbound_messages: OutboundMessagesTable;
  outbound_rates: OutboundRatesTable;
  campaigns: CampaignsTable;
  class_copies: ClassCopiesTable;
  class_places: ClassPlacesTable;
  deliveries: DeliveriesTable;
  whatsapp_inbound: WhatsAppInboundTable;
  announcements: AnnouncementsTable;
  low_attendance_alerts: LowAttendanceAlertsTable;
  awaiting_recipients: AwaitingRecipientsTable;
  recipients: RecipientsTable;
  notifications: NotificationsTable;
}

export type RecipientRow = Selectable<RecipientsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotificationRow = Insertable<NotificationsTable>;
export type DeliveryRow = Selectable<DeliveriesTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type MemberCopyRow = Selectable<MemberCopiesTable>;
export type LeadCopyRow = Selectable<LeadCopiesTable>;
export type MessageTemplateRow = Selectable<MessageTemplatesTable>;
export type OutboundMessageRow = Selectable<OutboundMessagesTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type OrgEmailSettingsRow = Selectable<OrgEmailSettingsTable>;
export type OrgSmsSettingsRow = Selectable<OrgSmsSettingsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AutomationRow = Selectable<AutomationsTable>;
export type AutomationRunRow = Selectable<AutomationRunsTable>;
