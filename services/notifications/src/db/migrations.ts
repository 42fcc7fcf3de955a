import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. */
export const migrations: Record<string, Migration> = {
  '0001_recipients': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recipients')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('location_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('recipients_org_role_idx').on('recipients').columns(['org_id', 'role']).execute();
    },
  },
  '0002_notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('recipient_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('unread')
            .check(sql`status in ('unread', 'read', 'archived')`),
        )
        .addColumn('title_key', 'text', (c) => c.notNull())
        .addColumn('message_key', 'text', (c) => c.notNull())
        .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('action_url', 'text')
        .addColumn('action_text', 'text')
        .addColumn('source_event_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('read_at', 'timestamptz')
        .addUniqueConstraint('notifications_source_recipient_uq', ['source_event_id', 'recipient_id'])
        .execute();
      // The list: one recipient's notifications, newest first.
      await sql`create index notifications_recipient_created_idx on notifications (recipient_id, created_at desc, id desc)`.execute(db);
      // The badge: unread count per recipient.
      await sql`create index notifications_unread_idx on notifications (recipient_id) where status = 'unread'`.execute(db);
    },
  },
  '0003_awaiting_recipients': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('awaiting_recipients')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('envelope', 'jsonb', (c) => c.notNull())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('awaiting_recipients_org_idx').on('awaiting_recipients').column('org_id').execute();
    },
  },
  '0004_recipients_version': {
    /**
     * The version guard of the recipients upsert. auth's users are rows, not event streams, so their events carry no
     * stream version; the envelope's occurredAt is the version instead. Why that order is sound enough: auth stamps
     * occurredAt in the transaction that changes the user, and publishes with the user id as the Kafka key, so one
     * user's events reach us in auth's commit order on one partition. The guard refuses what arrives out of that order
     * by other paths: a redelivery after a newer event, a replay, a parked event released late. Its limit: two changes
     * of one user in the same millisecond (or stamped before a lock wait) keep the first to arrive. If auth ever sends
     * frequent changes of a user, it should carry a per-user version in the event and this column should become that.
     * Rows from before this migration get -infinity, so the next event always applies.
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('recipients')
        .addColumn('source_occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`'-infinity'::timestamptz`))
        .execute();
    },
  },
  '0005_low_attendance_alerts': {
    /** Once per member per period: the attendance service emits at most once per period, and this makes sure of it here too. */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('low_attendance_alerts')
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('period_start', 'date', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('low_attendance_alerts_pk', ['org_id', 'member_id', 'period_start'])
        .execute();
    },
  },
  '0006_preferences_consent': {
    /** Per user: preferences by category (absent → the spec's defaults) and the language of email/WhatsApp; WhatsApp/SMS consent. */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification_preferences')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('prefs', 'jsonb', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('messaging_consent')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('granted', 'boolean', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('granted_at', 'timestamptz')
        .addColumn('method', 'text')
        .addColumn('withdrawn_at', 'timestamptz')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0007_contacts': {
    /** Where a notification can go outside the app: staff's email from auth; members' email, phone, status, end date and trainer from members. */
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('recipients').addColumn('email', 'text').execute();
      await db.schema
        .createTable('member_copies')
        .addColumn('member_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid')
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('end_date', 'date')
        .addColumn('trainer_id', 'uuid')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('member_copies_org_idx').on('member_copies').columns(['org_id', 'location_id', 'status']).execute();
    },
  },
  '0008_deliveries_announcements': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').addColumn('action_key', 'text').execute();
      await db.schema
        .createTable('deliveries')
        .addColumn('notification_id', 'uuid', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('recipient_id', 'uuid', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sending', 'sent', 'failed', 'skipped')`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('provider_id', 'text')
        .addColumn('sent_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        // One delivery per notification and channel: whatever is redelivered or retried, nothing is written twice.
        .addPrimaryKeyConstraint('deliveries_pk', ['notification_id', 'channel'])
        .execute();
      await sql`create index deliveries_due_idx on deliveries (next_attempt_at) where status in ('pending', 'sending')`.execute(db);
      await db.schema
        .createTable('announcements')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('location_id', 'uuid')
        .addColumn('trainer_id', 'uuid')
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('sent_by_id', 'uuid', (c) => c.notNull())
        .addColumn('sent_by_name', 'text', (c) => c.notNull())
        .addColumn('recipient_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index announcements_org_created_idx on announcements (org_id, created_at desc)`.execute(db);
      await sql`create index notifications_search_idx on notifications (recipient_id, org_id, created_at desc)`.execute(db);
    },
  },
  '0009_payment_copies': {
    /** Pending payments with a due date, from payments' events: the sweep tells staff when one is overdue (once per urgency step). */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payment_copies')
        .addColumn('payment_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid')
        .addColumn('member_name', 'text', (c) => c.notNull())
        .addColumn('total_paise', 'bigint', (c) => c.notNull())
        .addColumn('due_date', 'date')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('as_of', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index payment_copies_due_idx on payment_copies (due_date) where status = 'pending'`.execute(db);
    },
  },
  '0010_hub_sockets': {
    /**
     * The hub's open sockets (one row per socket, every instance): who is online. Each instance refreshes its rows'
     * seen_at on a heartbeat, so the rows of an instance that died stop counting after a minute and a half.
     */
    async up(db: Kysely<unknown>) {
      await sql`
        create table hub_sockets (
          socket_id text primary key,
          instance_id text not null,
          org_id uuid not null,
          user_id uuid not null,
          seen_at timestamptz not null
        );
        create index hub_sockets_user_idx on hub_sockets (org_id, user_id);
        create index hub_sockets_instance_idx on hub_sockets (instance_id);
      `.execute(db);
    },
  },
  '0011_integrations': {
    /**
     * Settings → Integrations: the organization's own mail server and WhatsApp/SMS provider (secrets sealed), its
     * webhook endpoints, and one delivery row per (endpoint, event) — the unique key makes a redelivered event a no-op.
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('org_email_settings')
        .addColumn('org_id', 'uuid', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull())
        .addColumn('security', 'text', (c) => c.notNull().check(sql`security in ('none', 'starttls', 'tls')`))
        .addColumn('username', 'text')
        .addColumn('password_sealed', 'text')
        .addColumn('password_last4', 'text')
        .addColumn('from_name', 'text', (c) => c.notNull())
        .addColumn('from_address', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_by', 'uuid', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('org_sms_settings')
        .addColumn('org_id', 'uuid', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('api_key_sealed', 'text', (c) => c.notNull())
        .addColumn('api_key_last4', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_by', 'uuid', (c) => c.notNull())
        .execute();
      // The last "send test" per organization and channel, kept even when the settings are removed.
      await db.schema
        .createTable('integration_tests')
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
        .addColumn('ok', 'boolean', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('integration_tests_pk', ['org_id', 'channel'])
        .execute();
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('event_types', sql`text[]`, (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'failing')`))
        .addColumn('deleted_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('created_by', 'uuid', (c) => c.notNull())
        .execute();
      await sql`create index webhook_endpoints_org_idx on webhook_endpoints (org_id) where deleted_at is null`.execute(db);
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('endpoint_id', 'uuid', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sending', 'succeeded', 'failed')`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_attempt_at', 'timestamptz')
        .addColumn('response_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        // Exactly once per event per endpoint, whatever Kafka redelivers.
        .addUniqueConstraint('webhook_deliveries_once', ['endpoint_id', 'event_id'])
        .execute();
      await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status in ('pending', 'sending')`.execute(db);
      await sql`create index webhook_deliveries_log_idx on webhook_deliveries (endpoint_id, created_at desc)`.execute(db);
    },
  },
  '0012_notification_subjects': {
    /**
     * The people a notification is about (the member, trainer or sender of its event), so an erasure finds every copy
     * of a person's name in other people's notifications without matching names (namesakes are common).
     */
    async up(db: Kysely<unknown>) {
      await sql`alter table notifications add column subject_ids uuid[] not null default '{}'`.execute(db);
      await sql`create index notifications_subjects_idx on notifications using gin (subject_ids)`.execute(db);
    },
  },
  '0013_class_copies': {
    /**
     * What this service keeps of scheduling's classes (name, start, place) and of who holds a place in each, so a
     * class's notifications name it and the reminder sweep finds the members booked 2 hours before it starts.
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('class_copies')
        .addColumn('class_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('class_name', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await sql`create index class_copies_starts_idx on class_copies (starts_at) where not cancelled`.execute(db);
      await db.schema
        .createTable('class_places')
        .addColumn('class_id', 'uuid', (c) => c.notNull().references('class_copies.class_id').onDelete('cascade'))
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('booked', 'waitlist', 'offered')`))
        .addPrimaryKeyConstraint('class_places_pk', ['class_id', 'member_id'])
        .execute();
    },
  },
  '0014_whatsapp_window_and_status': {
    /**
     * WhatsApp as the platform has it: when each person last wrote to each business number (free-form text only within
     * 24 hours of it; templates otherwise), and each message's status as the platform's callbacks tell it (queued when
     * the API took it, then sent, delivered, read, or failed with the reason in last_error).
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('whatsapp_inbound')
        .addColumn('phone_number_id', 'text', (c) => c.notNull())
        .addColumn('wa_id', 'text', (c) => c.notNull())
        .addColumn('last_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('whatsapp_inbound_pk', ['phone_number_id', 'wa_id'])
        .execute();
      await sql`alter table deliveries add column provider_status text check (provider_status in ('queued', 'sent', 'delivered', 'read', 'failed'))`.execute(
        db,
      );
      await sql`alter table deliveries add column provider_status_at timestamptz`.execute(db);
      await sql`create index deliveries_provider_idx on deliveries (provider_id) where provider_id is not null`.execute(db);
    },
  },
  '0015_audience_facts': {
    /**
     * What campaigns' segments and templates need to know of a person: a member's plan (members' membership type),
     * date of birth and gender (registration and profile changes), the day they joined (first term's start) and their
     * last visit (attendance's check-ins); and a copy of enquiries' leads (who, where, which stage, whose), so a
     * segment by lead stage or source and a message to a lead need no call to enquiries.
     */
    async up(db: Kysely<unknown>) {
      await sql`alter table member_copies
        add column plan_id text,
        add column plan_name text,
        add column date_of_birth date,
        add column gender text,
        add column joined_on date,
        add column last_visit_at timestamptz`.execute(db);
      await db.schema
        .createTable('lead_copies')
        .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'uuid')
        .addColumn('member_id', 'uuid')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index lead_copies_org_idx on lead_copies (org_id, location_id, stage)`.execute(db);
      // The gym's name and brand colour (auth's organization events): templates' gymName and the emails' branding.
      await db.schema
        .createTable('org_brands')
        .addColumn('org_id', 'uuid', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('brand_color', 'text')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // An opt-out by phone (WhatsApp/SMS "STOP") finds every person of the organization with that number: its last 10 digits.
      await sql`create index lead_copies_phone_idx on lead_copies (org_id, right(regexp_replace(phone, '\\D', '', 'g'), 10))`.execute(db);
      await sql`create index member_copies_phone_idx on member_copies (org_id, right(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), 10))`.execute(db);
    },
  },
  '0016_marketing_consent': {
    /**
     * Marketing consent per person (a member's or a lead's id) and channel: a MARKETING message goes only to a person
     * whose row says granted. Every change (given at the desk, on the form, in settings; withdrawn by STOP or an
     * unsubscribe link) is appended to the history, which is never updated.
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('marketing_consent')
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('person_id', 'uuid', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('whatsapp', 'sms', 'email')`))
        .addColumn('granted', 'boolean', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('marketing_consent_pk', ['org_id', 'person_id', 'channel'])
        .execute();
      await db.schema
        .createTable('marketing_consent_history')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('person_id', 'uuid', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('whatsapp', 'sms', 'email')`))
        .addColumn('granted', 'boolean', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        /** The staff member or member who changed it; null for the person's own STOP, link or the public form. */
        .addColumn('actor_id', 'uuid')
        .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index marketing_consent_history_person_idx on marketing_consent_history (org_id, person_id, changed_at desc)`.execute(db);
    },
  },
  '0017_message_templates': {
    /**
     * The organization's own message templates for campaigns and automations: WhatsApp (submitted to the platform for
     * approval per language), SMS (with the DLT template id and sender header) and email (subject, HTML and text).
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('message_templates')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('whatsapp', 'sms', 'email')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('marketing', 'utility')`))
        .addColumn('bodies', 'jsonb', (c) => c.notNull())
        .addColumn('variables', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('email_subject', 'jsonb')
        .addColumn('email_html', 'jsonb')
        .addColumn('dlt_template_id', 'text')
        .addColumn('sender_header', 'text')
        .addColumn('whatsapp_status', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('whatsapp_rejection', 'text')
        .addColumn('created_by', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('archived_at', 'timestamptz')
        .addUniqueConstraint('message_templates_name_uq', ['org_id', 'channel', 'name'])
        .execute();
    },
  },
  '0018_outbound_messages': {
    /**
     * The per-recipient message pipeline of campaigns and automations: one row per person, channel and purpose, its
     * content rendered when queued, sent by the one sender job at its lane's rate (a campaign, or the organization for
     * automations: outbound_rates' token buckets), its status moved by the providers' callbacks.
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbound_messages')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid')
        .addColumn('person_id', 'uuid', (c) => c.notNull())
        .addColumn('person_kind', 'text', (c) => c.notNull().check(sql`person_kind in ('member', 'lead')`))
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('whatsapp', 'sms', 'email')`))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('campaign', 'automation')`))
        .addColumn('marketing', 'boolean', (c) => c.notNull())
        .addColumn('campaign_id', 'uuid')
        .addColumn('automation_run_id', 'uuid')
        .addColumn('template_id', 'uuid')
        .addColumn('content', 'jsonb', (c) => c.notNull())
        .addColumn('rate_key', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('queued')
            .check(sql`status in ('queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'cancelled')`),
        )
        .addColumn('not_before', 'timestamptz', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_at', 'timestamptz')
        .addColumn('provider_id', 'text')
        .addColumn('reason', 'text')
        .addColumn('sent_at', 'timestamptz')
        .addColumn('status_at', 'timestamptz', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // What the sender takes next, lane by lane.
      await sql`create index outbound_messages_queue_idx on outbound_messages (rate_key, not_before, id) where status = 'queued'`.execute(db);
      // Claims left by a sender that died (taken again after their lease).
      await sql`create index outbound_messages_sending_idx on outbound_messages (claimed_at) where status = 'sending'`.execute(db);
      await sql`create index outbound_messages_provider_idx on outbound_messages (provider_id) where provider_id is not null`.execute(db);
      // One message per person and channel of a campaign; its report by status.
      await sql`create unique index outbound_messages_campaign_person_uq on outbound_messages (campaign_id, person_id, channel) where campaign_id is not null`.execute(
        db,
      );
      await sql`create index outbound_messages_campaign_status_idx on outbound_messages (campaign_id, status, id) where campaign_id is not null`.execute(db);
      await sql`create unique index outbound_messages_run_person_uq on outbound_messages (automation_run_id, person_id, channel) where automation_run_id is not null`.execute(
        db,
      );
      await db.schema
        .createTable('outbound_rates')
        .addColumn('rate_key', 'text', (c) => c.primaryKey())
        .addColumn('per_minute', 'integer', (c) => c.notNull())
        .addColumn('tokens', 'double precision', (c) => c.notNull())
        .addColumn('refilled_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0019_campaigns': {
    /** A template sent to a segment on a channel, now or at a time; its recipients are outbound_messages rows (campaign_id). */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('campaigns')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('segment', 'jsonb', (c) => c.notNull())
        /** The locations it covers (an admin's, or those the segment names); null: the whole organization (an owner's). */
        .addColumn('location_ids', sql`uuid[]`)
        .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('whatsapp', 'sms', 'email')`))
        .addColumn('template_id', 'uuid', (c) => c.notNull())
        .addColumn('template_name', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('marketing', 'utility')`))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('scheduled', 'sending', 'completed', 'cancelled')`))
        .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull())
        .addColumn('send_at', 'jsonb')
        .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
        .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped_no_consent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped_no_address', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'uuid', (c) => c.notNull())
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('started_at', 'timestamptz')
        .addColumn('completed_at', 'timestamptz')
        .addColumn('cancelled_at', 'timestamptz')
        .execute();
      await sql`create index campaigns_org_created_idx on campaigns (org_id, created_at desc, id desc)`.execute(db);
      await sql`create index campaigns_due_idx on campaigns (scheduled_at) where status = 'scheduled'`.execute(db);
      await sql`create index campaigns_sending_idx on campaigns (id) where status = 'sending'`.execute(db);
    },
  },
  '0020_automations': {
    /**
     * Automations (issue 27): an organization's rules — trigger, wait, conditions, actions as the contract has them
     * (jsonb), the locations they reach (empty: all) — and its built-in ones, one of each key per organization.
     */
    async up(db: Kysely<unknown>) {
      await sql`
        create table automations (
          id uuid primary key,
          org_id uuid not null,
          name text not null,
          builtin text,
          status text not null check (status in ('active', 'paused')),
          trigger_type text not null,
          trigger jsonb not null,
          wait jsonb,
          conditions jsonb not null,
          location_ids uuid[] not null default '{}',
          actions jsonb not null,
          created_by uuid,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          deleted_at timestamptz,
          constraint automations_builtin_uq unique (org_id, builtin)
        );
        create index automations_org_idx on automations (org_id, created_at) where deleted_at is null;
      `.execute(db);
    },
  },
  '0021_automation_runs': {
    /**
     * One row per rule, person and occurrence (an end date, a payment, a birthday's year, a class…): the unique key is
     * the "never twice", whatever sweep or consumer runs again. Waiting until due_at, then done (with what each action
     * did) or skipped (with why), in the transaction that does its actions.
     */
    async up(db: Kysely<unknown>) {
      await sql`
        create table automation_runs (
          id uuid primary key,
          rule_id uuid not null references automations (id),
          org_id uuid not null,
          person_id uuid not null,
          person_kind text not null check (person_kind in ('member', 'lead')),
          person_name text not null,
          location_id uuid,
          occurrence text not null,
          status text not null check (status in ('waiting', 'done', 'skipped')),
          reason text,
          actions jsonb not null default '[]',
          triggered_at timestamptz not null,
          due_at timestamptz not null,
          done_at timestamptz,
          constraint automation_runs_once unique (rule_id, person_id, occurrence)
        );
        create index automation_runs_due_idx on automation_runs (due_at) where status = 'waiting';
        create index automation_runs_log_idx on automation_runs (rule_id, triggered_at desc, id desc);
        create index automation_runs_person_idx on automation_runs (person_id);
      `.execute(db);
    },
  },
  '0022_follow_up_copies': {
    /**
     * enquiries' follow-ups on leads, from enquiries.lead_changed (added: kind, due time, assignee; completed: done),
     * for automations' "follow-up overdue". Done is kept once seen (an older "added" redelivered never reopens one).
     */
    async up(db: Kysely<unknown>) {
      await sql`
        create table follow_up_copies (
          follow_up_id text primary key,
          org_id uuid not null,
          lead_id uuid not null,
          location_id uuid not null,
          kind text,
          due_at timestamptz,
          assignee_id uuid,
          done boolean not null default false,
          updated_at timestamptz not null
        );
        create index follow_up_copies_open_idx on follow_up_copies (org_id, due_at) where not done;
      `.execute(db);
    },
  },
  '0023_outbound_action_step': {
    /**
     * An automation run's messages are one per action step (its index in the rule's actions), not one per channel: a
     * rule with two "send a template" actions on the same channel queues both. Campaigns keep one per person and channel.
     */
    async up(db: Kysely<unknown>) {
      await sql`
        alter table outbound_messages add column action_step integer;
        update outbound_messages set action_step = 0 where automation_run_id is not null;
        drop index outbound_messages_run_person_uq;
        create unique index outbound_messages_run_step_uq on outbound_messages (automation_run_id, action_step) where automation_run_id is not null;
      `.execute(db);
    },
  },
  '0024_referral_links': {
    /**
     * What a member's referral link is made of (the template variable referralLink): each location's public enquiry
     * form code, from enquiries.form_link_made, and the app's public address this service was started with (APP_URL),
     * kept here so every path that fills a template — consumers, sweeps, campaigns, previews — finds it.
     */
    async up(db: Kysely<unknown>) {
      await sql`
        create table form_link_copies (
          org_id uuid not null,
          location_id uuid not null,
          code text not null,
          updated_at timestamptz not null,
          primary key (org_id, location_id)
        );
        create table service_settings (
          name text primary key,
          value text not null
        );
      `.execute(db);
    },
  },
};
