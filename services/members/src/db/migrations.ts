import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Unique per organization among members, whatever the case; the constraint name is how the app recognises it. */
export const MEMBER_EMAIL_UNIQUE = 'members_org_email_uq';

/**
 * What the list's search looks in: the name, email, phone and the phone's digits, lowercase, separated by U+0001 (a
 * control character no search may contain, so a term never matches across two fields).
 */
const SEARCH_TEXT = "lower(first_name || ' ' || last_name || chr(1) || email || chr(1) || phone || chr(1) || regexp_replace(phone, '[^0-9]', '', 'g'))";

export const migrations: Record<string, Migration> = {
  '0001_members_read_table': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('members')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('membership_type', 'text', (c) => c.notNull().check(sql`membership_type in ('basic', 'premium', 'vip', 'annual')`))
        .addColumn('membership_status', 'text', (c) => c.notNull().check(sql`membership_status in ('active', 'expired', 'inactive')`))
        .addColumn('payment_frequency', 'text', (c) => c.notNull().check(sql`payment_frequency in ('monthly', 'quarterly', 'annually')`))
        .addColumn('fee_paise', 'bigint', (c) => c.notNull().check(sql`fee_paise >= 0`))
        .addColumn('start_date', 'date', (c) => c.notNull())
        .addColumn('end_date', 'date', (c) => c.notNull())
        .addColumn('date_of_birth', 'date')
        .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female', 'other')`))
        .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`create unique index ${sql.id(MEMBER_EMAIL_UNIQUE)} on members (org_id, lower(email))`.execute(db);
      // The list: one organization, some locations, newest first with a stable tiebreak.
      await sql`create index members_org_location_registered_idx on members (org_id, location_id, registered_at desc, id desc)`.execute(db);
    },
  },
  '0002_members_org_registered_idx': {
    // The list across several locations (an owner's default view): the index above gives the order within one
    // location only, so PostgreSQL read and sorted every member of the organization for a page of 20 (12 ms at 20,000
    // members); with this one it reads the newest rows in order and stops at 20 (0.1 ms). The count stays an
    // index-only scan of the index above.
    async up(db: Kysely<unknown>) {
      await sql`create index members_org_registered_idx on members (org_id, registered_at desc, id desc)`.execute(db);
    },
  },
  '0003_membership_lifecycle': {
    // The event-sourced membership: every status, the freeze, the trainer, the account, the history of terms, body
    // measurements, the trainers this service may assign (projected from trainers' events), and search indexes.
    async up(db: Kysely<unknown>) {
      await sql`alter table members drop constraint if exists members_membership_status_check`.execute(db);
      await sql`alter table members add constraint members_membership_status_check
        check (membership_status in ('active', 'pending', 'frozen', 'expired', 'cancelled', 'inactive', 'archived'))`.execute(db);
      await sql`alter table members
        add column frozen_from date,
        add column account_status text not null default 'invited' check (account_status in ('invited', 'active', 'failed', 'none')),
        add column joined_with_code boolean not null default false,
        add column trainer_id uuid,
        add column payment_method text,
        add column archived_at timestamptz,
        add column search_text text generated always as (${sql.raw(SEARCH_TEXT)}) stored`.execute(db);
      // Search over name, email and phone by substring: one trigram GIN index over the fields' lowercase text serves
      // LIKE '%…%' (pg_trgm lives in public, shared by every schema of the database; created once under a lock so
      // parallel migrations do not race).
      await sql`select pg_advisory_xact_lock(hashtext('akhada.extension.pg_trgm'))`.execute(db);
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`create index members_search_trgm_idx on members using gin (search_text public.gin_trgm_ops)`.execute(db);
      await sql`create index members_trainer_idx on members (trainer_id) where trainer_id is not null`.execute(db);
      await sql`create index members_active_end_idx on members (end_date) where membership_status = 'active'`.execute(db);

      await db.schema
        .createTable('membership_terms')
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('term_no', 'integer', (c) => c.notNull())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('membership_type', 'text', (c) => c.notNull())
        .addColumn('payment_frequency', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text')
        .addColumn('fee_paise', 'bigint', (c) => c.notNull())
        .addColumn('start_date', 'date', (c) => c.notNull())
        .addColumn('end_date', 'date', (c) => c.notNull())
        .addColumn('days_frozen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('membership_terms_pk', ['member_id', 'term_no'])
        .execute();

      await db.schema
        .createTable('measurements')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('measured_on', 'date', (c) => c.notNull())
        .addColumn('weight_kg', sql`numeric(6,2)`)
        .addColumn('body_fat_percent', sql`numeric(5,2)`)
        .addColumn('chest_cm', sql`numeric(6,2)`)
        .addColumn('waist_cm', sql`numeric(6,2)`)
        .addColumn('arms_cm', sql`numeric(6,2)`)
        .addColumn('notes', 'text')
        .addColumn('recorded_by_id', 'uuid', (c) => c.notNull())
        .addColumn('recorded_by_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index measurements_member_idx on measurements (member_id, measured_on desc, created_at desc)`.execute(db);

      await db.schema
        .createTable('trainers')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('specialization', sql`text[]`, (c) => c.notNull())
        .addColumn('max_clients', 'integer', (c) => c.notNull())
        .addColumn('is_available', 'boolean', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0004_payment_terms': {
    // Terms made from payments' membership payments: one per payment id (a redelivered payment makes no second term).
    async up(db: Kysely<unknown>) {
      await sql`create table payment_terms (payment_id uuid primary key, org_id uuid not null, member_id uuid not null, created_at timestamptz not null)`.execute(
        db,
      );
    },
  },
  /**
   * From auth's events: each person's choice whether trainers see their phone and email (a row only once they chose),
   * and the membership plans each gym sells (the add-member and renewal forms offer them).
   */
  '0005_privacy_and_plans': {
    async up(db: Kysely<unknown>) {
      await sql`create table member_privacy (member_id uuid primary key, contact_visible boolean not null)`.execute(db);
      await sql`create table gym_plans (
        id uuid primary key,
        org_id uuid not null,
        name text not null,
        type text not null,
        duration_months integer not null,
        price_paise bigint not null,
        gst_inclusive boolean not null,
        position integer not null
      )`.execute(db);
      await sql`create index gym_plans_org_idx on gym_plans (org_id, position)`.execute(db);
    },
  },
  /** The member's profile picture (auth.user_avatar_changed), shown in the lists and on the record. */
  '0006_member_avatar': {
    async up(db: Kysely<unknown>) {
      await sql`alter table members add column avatar_url text`.execute(db);
    },
  },
  /** The member's visits (attendance.checked_in): the latest check-in and how many, shown as Last Visit and Total Workouts. */
  '0007_member_visits': {
    async up(db: Kysely<unknown>) {
      await sql`alter table members
        add column last_check_in timestamptz,
        add column total_workouts integer not null default 0 check (total_workouts >= 0)`.execute(db);
    },
  },
  /** Where a member came from (a converted lead's source) and the lead, from MemberRegistered. */
  '0008_member_acquisition': {
    async up(db: Kysely<unknown>) {
      await sql`alter table members add column acquisition_source text, add column enquiry_id uuid`.execute(db);
    },
  },
  /** Referrals (issue 27): the rewards members' referred leads earned, and each gym's reward setting (a code is derived from the member's id). */
  '0009_referrals': {
    async up(db: Kysely<unknown>) {
      await sql`create table referral_rewards (
        lead_id uuid primary key,
        org_id uuid not null,
        member_id uuid not null,
        referred_member_id uuid not null,
        days integer not null check (days > 0),
        end_date date not null,
        rewarded_at timestamptz not null
      )`.execute(db);
      await sql`create index referral_rewards_member_idx on referral_rewards (member_id, rewarded_at)`.execute(db);
      await sql`create table referral_settings (
        org_id uuid primary key,
        reward_days integer not null check (reward_days between 0 and 365),
        updated_at timestamptz not null
      )`.execute(db);
    },
  },
  /** Referral credits (issue 27): a gym may reward a referral with a credit off the referrer's next membership payment. */
  '0010_referral_credits': {
    async up(db: Kysely<unknown>) {
      await sql`alter table referral_settings add column reward_credit_paise integer not null default 0 check (reward_credit_paise between 0 and 10000000)`.execute(
        db,
      );
      await sql`create table referral_credits (
        lead_id uuid primary key,
        org_id uuid not null,
        member_id uuid not null,
        referred_member_id uuid not null,
        credit_paise integer not null check (credit_paise > 0),
        granted_at timestamptz not null
      )`.execute(db);
      await sql`create index referral_credits_member_idx on referral_credits (member_id, granted_at)`.execute(db);
    },
  },
};
