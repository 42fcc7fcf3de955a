import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '0001_identity': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('organizations')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('trial_ends_at', 'timestamptz')
        .addColumn('join_code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('locations')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Asia/Kolkata'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('date_of_birth', 'date')
        .addColumn('gender', 'text')
        .addColumn('address', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('emergency_contact', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      // One account per email address across Akhada: sign-in needs no gym to be chosen first.
      await sql`create unique index users_email_uq on users (lower(email))`.execute(db);
      await db.schema
        .createTable('user_locations')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('location_id', 'uuid', (c) => c.notNull().references('locations.id'))
        .addPrimaryKeyConstraint('user_locations_pk', ['user_id', 'location_id'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('login_failures')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`create index login_failures_key_at_idx on login_failures (key, at)`.execute(db);
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
        .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  /** Messages sent through the public website's contact form (not tied to a gym). */
  '0002_enquiries': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('enquiries')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('gym_name', 'text')
        .addColumn('city', 'text')
        .addColumn('topic', 'text', (c) => c.notNull().check(sql`topic in ('sales', 'support', 'other')`))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      // The per-address hourly limit counts recent rows by ip.
      await sql`create index enquiries_ip_created_at_idx on enquiries (ip, created_at)`.execute(db);
    },
  },
  /**
   * Password reset mails waiting to be sent (an outbox for mail): the request writes a row and answers at once; a
   * background sender in every instance claims rows with FOR UPDATE SKIP LOCKED, makes the single-use token, mails the
   * link and marks the row sent. No token or link is stored here: only its hash, in password_resets, once mailed.
   */
  '0003_password_reset_mails': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('password_reset_mails')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz')
        .addColumn('failed_at', 'timestamptz')
        .addColumn('last_error', 'text')
        .execute();
      // The sender's question: which mails are due?
      await sql`create index password_reset_mails_due_idx on password_reset_mails (next_attempt_at) where sent_at is null and failed_at is null`.execute(db);
      // The request limit: how many did this user ask for lately?
      await sql`create index password_reset_mails_user_idx on password_reset_mails (user_id, requested_at)`.execute(db);
    },
  },
  /**
   * Accounts get a status (existing ones are active), invited accounts have no password yet, and invitations work like
   * password resets: a mail outbox (invitation_mails) and the hashes of the links that left (invitations).
   */
  '0004_invitations': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('active')
            .check(sql`status in ('active', 'invited', 'pending', 'deactivated')`),
        )
        .execute();
      await db.schema
        .alterTable('users')
        .alterColumn('password_hash', (c) => c.dropNotNull())
        .execute();
      await db.schema
        .createTable('invitation_mails')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz')
        .addColumn('failed_at', 'timestamptz')
        .addColumn('cancelled_at', 'timestamptz')
        .addColumn('last_error', 'text')
        .execute();
      await sql`create index invitation_mails_due_idx on invitation_mails (next_attempt_at) where sent_at is null and failed_at is null and cancelled_at is null`.execute(
        db,
      );
      await sql`create index invitation_mails_user_idx on invitation_mails (user_id)`.execute(db);
      await db.schema
        .createTable('invitations')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await sql`create index invitations_user_idx on invitations (user_id)`.execute(db);
    },
  },
  '0005_two_factor': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('two_factor')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
        // Sealed (secret-box): the confirmed secret, and one being set up that sign-in does not ask for yet.
        .addColumn('secret', 'text')
        .addColumn('pending_secret', 'text')
        .addColumn('enabled_at', 'timestamptz')
        // The last 30-second step a code was accepted for: a code is good once.
        .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('recovery_codes')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
        .execute();
    },
  },
  /**
   * Gym settings: the organization's logo, brand colour, languages and default timezone; each location's opening hours
   * and capacity; the membership plans the gym sells; and each user's appearance and privacy choices.
   */
  '0006_gym_settings': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('organizations')
        .addColumn('logo', 'text')
        .addColumn('brand_color', 'text', (c) => c.notNull().defaultTo('#3b82f6'))
        .addColumn('languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'["en","hi"]'::jsonb`))
        .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Asia/Kolkata'))
        .execute();
      await db.schema
        .alterTable('locations')
        .addColumn('opening_hours', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('capacity', 'integer')
        .execute();
      await db.schema
        .createTable('membership_plans')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('duration_months', 'integer', (c) => c.notNull())
        .addColumn('price_paise', 'bigint', (c) => c.notNull())
        .addColumn('gst_inclusive', 'boolean', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('withdrawn_at', 'timestamptz')
        .execute();
      await sql`create index membership_plans_org_idx on membership_plans (org_id) where withdrawn_at is null`.execute(db);
      await db.schema
        .createTable('user_preferences')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
        .addColumn('theme', 'text', (c) => c.notNull().defaultTo('system'))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('density', 'text', (c) => c.notNull().defaultTo('comfortable'))
        .addColumn('contact_visible_to_trainers', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('marketing_consent', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0007_staff_two_factor_policy': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('organizations')
        .addColumn('require_staff_two_factor', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
    },
  },
  /** Each user's profile picture: where its bytes are kept (the kit's object storage) and its random version id. */
  '0008_profile_pictures': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('profile_pictures')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
        .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id'))
        .addColumn('version', 'uuid', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  /** SMS codes as a second sign-in step, and Google sign-in (OpenID Connect) flows and linked identities. */
  '0009_sms_two_factor_and_google': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sms_two_factor')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('enabled_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sms_codes')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`create index sms_codes_user_idx on sms_codes (user_id, purpose, created_at desc)`.execute(db);
      await db.schema
        .createTable('oidc_flows')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
        .execute();
      await db.schema
        .createTable('user_identities')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
        .execute();
    },
  },
  /** The consent ledger (append-only) and the data-rights desk (access, correction, erasure requests). */
  '0010_consent_ledger_data_rights': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('consent_records')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('granted', 'boolean', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'uuid')
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
        .addColumn('source_event_id', 'uuid', (c) => c.unique())
        .execute();
      await sql`create index consent_records_user_idx on consent_records (user_id, recorded_at desc)`.execute(db);
      await db.schema
        .createTable('data_requests')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('requester_name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('due_at', 'timestamptz', (c) => c.notNull())
        .addColumn('closed_at', 'timestamptz')
        .addColumn('note', 'text')
        .addColumn('decided_by', 'uuid')
        .addColumn('notify_email', 'text')
        .execute();
      await sql`create index data_requests_org_idx on data_requests (org_id, status, due_at)`.execute(db);
      await sql`create unique index data_requests_one_open on data_requests (user_id, type) where status in ('open', 'erasing')`.execute(db);
      await db.schema
        .createTable('data_request_erasures')
        .addColumn('request_id', 'uuid', (c) => c.notNull().references('data_requests.id'))
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('erased_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('data_request_erasures_pk', ['request_id', 'service'])
        .execute();
    },
  },
  '0011_google_link_tickets': {
    async up(db) {
      // A Google account is linked to a password account only after the account's password confirmed it.
      await db.schema
        .createTable('google_link_tickets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await sql`create index google_link_tickets_expires_idx on google_link_tickets (expires_at)`.execute(db);
      // Settings → Security names a link by an id of its own (the subject is Google's).
      await sql`alter table user_identities add column id uuid not null default gen_random_uuid()`.execute(db);
      await sql`create unique index user_identities_id_idx on user_identities (id)`.execute(db);
      await sql`create index user_identities_user_idx on user_identities (user_id)`.execute(db);
    },
  },
  /** Settings → Gym, per location: refuse check-in while a membership payment is overdue by more than N days (null: off). */
  '0012_location_overdue_check_in': {
    async up(db) {
      await sql`alter table locations add column refuse_check_in_overdue_days integer`.execute(db);
    },
  },
  /** Settings → API keys (issue 29): keys stored as the SHA-256 of their secret, and the owner's 'admins may manage keys'. */
  '0013_api_keys': {
    async up(db) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull().unique())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('previous_secret_hash', 'text')
        .addColumn('previous_valid_until', 'timestamptz')
        .addColumn('scopes', 'jsonb', (c) => c.notNull())
        .addColumn('location_ids', 'jsonb')
        .addColumn('expires_at', 'timestamptz')
        .addColumn('revoked_at', 'timestamptz')
        .addColumn('rotated_at', 'timestamptz')
        .addColumn('last_used_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('created_by', 'uuid', (c) => c.notNull())
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .execute();
      await sql`create index api_keys_org_idx on api_keys (org_id, created_at desc)`.execute(db);
      await sql`alter table organizations add column admins_manage_api_keys boolean not null default false`.execute(db);
    },
  },
  /**
   * An API key's requests per UTC day (issue 29), added to by every gateway in batches: durable across restarts and
   * shared by several gateways. Gone with the key.
   */
  '0014_api_key_usage': {
    async up(db) {
      await sql`create table api_key_usage (
        key_id uuid not null references api_keys (id) on delete cascade,
        day date not null,
        requests integer not null default 0,
        limited integer not null default 0,
        primary key (key_id, day)
      )`.execute(db);
    },
  },
};
