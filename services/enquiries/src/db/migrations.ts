import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. Append, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_leads': {
    /** Leads (streams lead-<id>) with their timeline and follow-ups, projected inline; the public form's codes and throttle. */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leads')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('phone_key', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('interest', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('preferred_time', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('lost_reason', 'text')
        .addColumn('owner_id', 'uuid')
        .addColumn('enquiries', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('consent_text', 'text')
        .addColumn('consent_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addUniqueConstraint('leads_org_phone_key', ['org_id', 'phone_key'])
        .execute();
      await db.schema.createIndex('leads_org_location_created_idx').on('leads').columns(['org_id', 'location_id', 'created_at']).execute();
      await db.schema.createIndex('leads_org_owner_idx').on('leads').columns(['org_id', 'owner_id']).execute();

      await db.schema
        .createTable('lead_timeline')
        .addColumn('lead_id', 'uuid', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'uuid')
        .addColumn('stage', 'text')
        .addColumn('reason', 'text')
        .addColumn('source', 'text')
        .addColumn('owner_id', 'uuid')
        .addColumn('text', 'text')
        .addPrimaryKeyConstraint('lead_timeline_pkey', ['lead_id', 'seq'])
        .execute();

      await db.schema
        .createTable('lead_follow_ups')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('lead_id', 'uuid', (c) => c.notNull())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('due_at', 'timestamptz', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('assignee_id', 'uuid')
        .addColumn('done_at', 'timestamptz')
        .addColumn('outcome', 'text')
        .execute();
      await db.schema.createIndex('lead_follow_ups_lead_idx').on('lead_follow_ups').column('lead_id').execute();
      await sql`create index lead_follow_ups_open_idx on lead_follow_ups (org_id, assignee_id, due_at) where done_at is null`.execute(db);

      await db.schema
        .createTable('form_codes')
        .addColumn('location_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('public_enquiries')
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('public_enquiries_ip_idx').on('public_enquiries').columns(['ip', 'received_at']).execute();
    },
  },
  '0002_trial_passes': {
    /** Trial passes per lead (projected inline from TrialPassIssued / TrialVisited) and the member a lead became. */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_trial_passes')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('lead_id', 'uuid', (c) => c.notNull())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
        .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
        .addColumn('last_day', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('lead_trial_passes_lead_idx').on('lead_trial_passes').column('lead_id').execute();
      await sql`alter table leads add column member_id uuid`.execute(db);
    },
  },
  '0003_staff': {
    /** Staff names (owners, admins, trainers) from auth.user_registered: a lead's owner shown by name, not id. */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('staff')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0004_marketing_consent': {
    /** The offers-and-news consent given with an enquiry (its text, when), apart from the consent to be contacted about it. */
    async up(db: Kysely<unknown>) {
      await sql`alter table leads add column marketing_consent_text text, add column marketing_consent_at timestamptz`.execute(db);
    },
  },
  '0005_form_codes_announced': {
    /** Whether a form's code was announced (enquiries.form_link_made, for members' referral links); older codes go out once. */
    async up(db: Kysely<unknown>) {
      await sql`alter table form_codes add column announced boolean not null default false`.execute(db);
    },
  },
};
